import { planEntity, seededPlan } from '../../../shared/rules/plans';
import type { SubscriptionRecord } from '../../domain/billing/subscription-store';

/** The Subscription entity of contract §2. */
export function toSubscriptionEntity(record: SubscriptionRecord) {
  return {
    id: record.id,
    status: record.status,
    plan: planEntity(seededPlan(record.plan_id)),
    current_period_start: record.current_period_start,
    current_period_end: record.current_period_end,
    cancel_at_period_end: record.cancel_at_period_end,
    ...(record.default_payment_method_id ? { default_payment_method_id: record.default_payment_method_id } : {}),
    mode: record.provider,
  };
}
