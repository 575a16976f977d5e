import type { PendingChanges } from '../../../../shared/rules/billing/pending-changes';
import type { PlanEntity } from '../../../../shared/rules/plans';

export type PlanCardAction = 'current' | 'scheduled' | 'upgrade' | 'downgrade' | 'unavailable';

/**
 * Spec 03 §4: a dearer plan opens the upgrade flow, a cheaper or equal one schedules a downgrade;
 * the current plan and one with a scheduled change cannot be selected, and nothing can while a
 * cancellation is pending. The free tier counts as the current plan when there is no subscription.
 */
export function planCardAction(plan: PlanEntity, currentPlan: PlanEntity | undefined, pending: PendingChanges): PlanCardAction {
  const current = currentPlan?.id ?? 'free';
  if (plan.id === current) return 'current';
  if (pending.downgrade?.plan_id === plan.id) return 'scheduled';
  if (pending.cancellation) return 'unavailable';
  const currentPrice = currentPlan?.price ?? 0;
  if (plan.price > currentPrice) return 'upgrade';
  // Without a subscription there is nothing to downgrade from.
  return currentPlan ? 'downgrade' : 'unavailable';
}

export const planCardLabel: Record<PlanCardAction, string> = {
  current: 'Current Plan',
  scheduled: 'Change Scheduled',
  upgrade: 'Select Plan',
  downgrade: 'Select Plan',
  unavailable: 'Select Plan',
};
