import type { PendingChanges } from '../../../../shared/rules/billing/pending-changes';

/**
 * Spec 03 §4: the server's pending-changes answer replaces the browser's copy, and the copy is what
 * the page shows when loading fails, so a scheduled downgrade or cancellation (and the changes it
 * blocks) stays visible through a failed read. One copy per user: a shared browser must not show
 * one organization's pending plan change to another's admin.
 */
export const pendingChangesKey = (userId: string) => `pendingChanges_${userId}`;

export function rememberPendingChanges(storage: Storage, userId: string, changes: PendingChanges): void {
  try {
    storage.setItem(pendingChangesKey(userId), JSON.stringify({ downgrade: changes.downgrade ?? null, cancellation: changes.cancellation ?? null }));
  } catch {
    // Full or blocked storage only loses the fallback.
  }
}

/** The stored copy, or nothing when there is none or it is not the shape the server gives. */
export function rememberedPendingChanges(storage: Storage, userId: string): PendingChanges | undefined {
  try {
    const value = JSON.parse(storage.getItem(pendingChangesKey(userId)) ?? 'null') as unknown;
    if (!value || typeof value !== 'object') return undefined;
    const { downgrade, cancellation } = value as Record<string, unknown>;
    const isDowngrade = downgrade === null || (typeof downgrade === 'object' && typeof (downgrade as Record<string, unknown>).plan_id === 'string' && typeof (downgrade as Record<string, unknown>).effective_date === 'string');
    const isCancellation = cancellation === null || (typeof cancellation === 'object' && typeof (cancellation as Record<string, unknown>).effective_date === 'string');
    return isDowngrade && isCancellation ? (value as PendingChanges) : undefined;
  } catch {
    return undefined;
  }
}
