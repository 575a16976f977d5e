/**
 * Spec 03 §4 knowledge base status in the picker: ready is selectable; processing gets a warning
 * badge, anything else (failed, and a draft that was never deployed) a danger badge, and neither
 * can be selected. Draft and failed ones can be deployed from the picker (contract §15.7).
 */
export interface StatusLook {
  label: string;
  color: 'success' | 'warning' | 'error';
  selectable: boolean;
  deployable: boolean;
}

export function knowledgeBaseStatusLook(status: string): StatusLook {
  switch (status) {
    case 'ready':
      return { label: 'Ready', color: 'success', selectable: true, deployable: false };
    case 'processing':
      return { label: 'Processing', color: 'warning', selectable: false, deployable: false };
    case 'draft':
      return { label: 'Not deployed', color: 'error', selectable: false, deployable: true };
    case 'failed':
      return { label: 'Failed', color: 'error', selectable: false, deployable: true };
    default:
      return { label: status.charAt(0).toUpperCase() + status.slice(1), color: 'error', selectable: false, deployable: false };
  }
}

/** Spec 03 §5: the picker's search matches name or description, case-insensitive. */
export function matchesKnowledgeBase(search: string, knowledgeBase: { name: string; description?: string | null }): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return knowledgeBase.name.toLowerCase().includes(needle) || (knowledgeBase.description ?? '').toLowerCase().includes(needle);
}
