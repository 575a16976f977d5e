import type { PendingChanges } from '../../../shared/rules/billing/pending-changes';
import type { PlanChangeResult } from './self-hosted-billing';
import type { SubscriptionRecord } from './subscription-store';

/**
 * What both modes do the same way (§20.3, §20.4, §20.6-§20.9), so the routes call one of them
 * without asking which; only the upgrade differs, being paid for in one mode and not the other.
 * `idempotencyKey` is passed on to Stripe and means nothing where nobody is charged.
 */
export interface PlanChanges {
  current(organizationId: string): Promise<SubscriptionRecord | null>;
  pendingChanges(organizationId: string): Promise<PendingChanges>;
  downgrade(organizationId: string, planId: string, subscriptionId: string | undefined, idempotencyKey?: string): Promise<PlanChangeResult>;
  cancel(organizationId: string, subscriptionId: string | undefined, idempotencyKey?: string): Promise<PlanChangeResult>;
  cancelDowngrade(organizationId: string, subscriptionId: string | undefined, idempotencyKey?: string): Promise<PendingChanges>;
  cancelCancellation(organizationId: string, subscriptionId: string | undefined, idempotencyKey?: string): Promise<PendingChanges>;
}
