/**
 * Pending plan changes (spec 03 §4): a scheduled downgrade and a scheduled cancellation exclude each
 * other. The server refuses the second with these texts (contract §20.5-§20.7) and the client
 * disables what the server would refuse, so both read the rules from here.
 */
export interface PendingChanges {
  downgrade?: { plan_id: string; plan_name: string; effective_date: string } | null;
  cancellation?: { effective_date: string } | null;
}

export const PENDING_CHANGE_MESSAGES = {
  upgradeWhileCancelling: 'Cannot upgrade while cancellation is pending. Please cancel the cancellation request first.',
  downgradeWhileCancelling: 'Cannot downgrade while cancellation is pending. Please cancel the cancellation request first.',
  cancelWhileDowngrading: 'Cannot cancel while downgrade is pending. Please cancel the downgrade request first.',
  cancellationAlreadyScheduled: 'Cancellation is already scheduled',
  noDowngradePending: 'No downgrade is pending',
  noCancellationPending: 'No cancellation is pending',
} as const;

export type PlanChange = 'upgrade' | 'downgrade' | 'cancel';

/** The message that blocks a change, or null when it may go ahead. */
export function blockedChange(change: PlanChange, pending: PendingChanges): string | null {
  const cancelling = Boolean(pending.cancellation);
  if (change === 'upgrade') return cancelling ? PENDING_CHANGE_MESSAGES.upgradeWhileCancelling : null;
  if (change === 'downgrade') return cancelling ? PENDING_CHANGE_MESSAGES.downgradeWhileCancelling : null;
  if (cancelling) return PENDING_CHANGE_MESSAGES.cancellationAlreadyScheduled;
  return pending.downgrade ? PENDING_CHANGE_MESSAGES.cancelWhileDowngrading : null;
}

/**
 * What the screen shows when both are somehow recorded (a stale local copy, a webhook order): the
 * cancellation wins, because it ends the subscription the downgrade would have changed.
 */
export function effectivePendingChange(pending: PendingChanges): PendingChanges {
  if (pending.cancellation) return { downgrade: null, cancellation: pending.cancellation };
  return { downgrade: pending.downgrade ?? null, cancellation: null };
}
