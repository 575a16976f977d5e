import type { AccessCheck, RagApplication } from './types';

/** Spec 03 §3: access info per application, derived on the client from the access check. */
export interface AccessInfo {
  hasRagAccess: boolean;
  accessibleIndexes: number;
  totalIndexes: number;
}

export function accessInfoOf(check: AccessCheck, application: Pick<RagApplication, 'index_ids'>): AccessInfo {
  return {
    hasRagAccess: check.hasRagAccess,
    accessibleIndexes: check.indexAccess.filter((entry) => entry.hasAccess).length,
    // The check has one entry per index id; the application's own list is the fallback.
    totalIndexes: check.indexAccess.length || application.index_ids.length,
  };
}

export interface AccessBadge {
  label: 'No Access' | 'Limited Access' | 'Partial Access';
  hint: string;
  color: 'error' | 'warning' | 'info';
}

/**
 * Spec 03 §4 access badges (non-admins): no RAG access, access with no accessible index, or fewer
 * accessible indexes than the application has. Full access shows no badge.
 */
export function accessBadgeOf(info: AccessInfo): AccessBadge | undefined {
  if (!info.hasRagAccess) return { label: 'No Access', hint: 'This application is not shared with you', color: 'error' };
  if (info.accessibleIndexes === 0) return { label: 'Limited Access', hint: 'You have no access to any knowledge base of this application', color: 'warning' };
  if (info.accessibleIndexes < info.totalIndexes) {
    return { label: 'Partial Access', hint: `you have access to ${info.accessibleIndexes} out of ${info.totalIndexes} indexes`, color: 'info' };
  }
  return undefined;
}

/** Spec 03 §4: the Chat button appears only with RAG access and at least one accessible index. */
export function canChat(info: AccessInfo): boolean {
  return info.hasRagAccess && info.accessibleIndexes > 0;
}

export const CHAT_HINT = 'Start chat';
export const DISABLED_HINT = 'Application is disabled';

/** Spec 03 list: a disabled application's Chat button is disabled with this hint. */
export function chatHintOf(application: Pick<RagApplication, 'enabled'>): string {
  return application.enabled ? CHAT_HINT : DISABLED_HINT;
}
