import type { KnowledgeBaseRecord } from '../knowledge-bases/knowledge-base-record';

/** A knowledge base chat can read: one whose index has been swapped in at least once (§17.4 step 3). */
export function hasCompletedIndex(knowledgeBase: Pick<KnowledgeBaseRecord, 'active_index_version'>): boolean {
  return typeof knowledgeBase.active_index_version === 'number';
}
