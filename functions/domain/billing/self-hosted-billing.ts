import { BILLING_MESSAGES } from '../../../shared/api/schemas/billing';
import { PENDING_CHANGE_MESSAGES, type PendingChanges } from '../../../shared/rules/billing/pending-changes';
import { FREE_PLAN_ID, isPlanId, seededPlan, type SeededPlan } from '../../../shared/rules/plans';
import { newId } from '../../contracts/keys/table-keys';
import { BillingRuleError } from './billing-rule-error';
import { SubscriptionStore, type SubscriptionRecord } from './subscription-store';

/**
 * Plan changes without a payment provider (contract §20 "Modes", self_hosted): nobody is charged,
 * so a change applies at once and nothing is ever pending. The price rules still hold, so the same
 * screens behave the same way in both modes.
 */
const LIVE = new Set(['active', 'trialing', 'past_due']);

export function liveSubscription(record: SubscriptionRecord | null): SubscriptionRecord | null {
  return record && LIVE.has(record.status) ? record : null;
}

function planOrNotFound(planId: string): SeededPlan {
  if (!isPlanId(planId)) throw new BillingRuleError('not_found', BILLING_MESSAGES.planNotFound);
  return seededPlan(planId);
}

function monthAfter(start: Date): string {
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate(), start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds())).toISOString();
}

function subscriptionOrNotFound(record: SubscriptionRecord | null, subscriptionId: string | undefined): SubscriptionRecord {
  const live = liveSubscription(record);
  if (!live || (subscriptionId !== undefined && subscriptionId !== live.id)) throw new BillingRuleError('not_found', BILLING_MESSAGES.noActiveSubscription);
  return live;
}

export interface PlanChangeResult {
  subscription: SubscriptionRecord | null;
  effectiveDate: string;
}

export class SelfHostedBilling {
  private readonly store: SubscriptionStore;

  constructor(
    store: SubscriptionStore,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.store = store;
  }

  current(organizationId: string): Promise<SubscriptionRecord | null> {
    return this.store.find(organizationId).then(liveSubscription);
  }

  /** Self-hosted changes apply at once, so nothing is ever waiting. */
  async pendingChanges(): Promise<PendingChanges> {
    return { downgrade: null, cancellation: null };
  }

  /** §20.5: a dearer plan, applied now, with a fresh period. */
  async upgrade(organizationId: string, planId: string): Promise<SubscriptionRecord> {
    const target = planOrNotFound(planId);
    const current = await this.current(organizationId);
    const currentPrice = current ? seededPlan(current.plan_id).price : 0;
    if (target.price <= currentPrice) throw new BillingRuleError('invalid', BILLING_MESSAGES.notAnUpgrade);
    return this.startPlan(organizationId, target, current);
  }

  /** §20.6: a cheaper or equal plan, applied now; `free` ends the subscription. */
  async downgrade(organizationId: string, planId: string, subscriptionId: string | undefined): Promise<PlanChangeResult> {
    const current = subscriptionOrNotFound(await this.store.find(organizationId), subscriptionId);
    const target = planOrNotFound(planId);
    if (target.id === current.plan_id || target.price > seededPlan(current.plan_id).price) throw new BillingRuleError('invalid', BILLING_MESSAGES.notADowngrade);
    const effectiveDate = this.now().toISOString();
    if (target.id === FREE_PLAN_ID) {
      await this.store.put({ ...current, status: 'canceled', current_period_end: effectiveDate, updated_at: effectiveDate });
      return { subscription: null, effectiveDate };
    }
    return { subscription: await this.startPlan(organizationId, target, current), effectiveDate };
  }

  /** §20.7: with nothing to pay for, a cancellation ends the subscription now. */
  async cancel(organizationId: string, subscriptionId: string | undefined): Promise<PlanChangeResult> {
    const current = subscriptionOrNotFound(await this.store.find(organizationId), subscriptionId);
    const effectiveDate = this.now().toISOString();
    await this.store.put({ ...current, status: 'canceled', current_period_end: effectiveDate, updated_at: effectiveDate });
    return { subscription: null, effectiveDate };
  }

  /** §20.8: there is never a downgrade waiting to be taken back. */
  cancelDowngrade(organizationId: string, subscriptionId: string | undefined): Promise<never> {
    return this.nothingPending(organizationId, subscriptionId, PENDING_CHANGE_MESSAGES.noDowngradePending);
  }

  /** §20.9: nor a cancellation. */
  cancelCancellation(organizationId: string, subscriptionId: string | undefined): Promise<never> {
    return this.nothingPending(organizationId, subscriptionId, PENDING_CHANGE_MESSAGES.noCancellationPending);
  }

  private async nothingPending(organizationId: string, subscriptionId: string | undefined, message: string): Promise<never> {
    subscriptionOrNotFound(await this.store.find(organizationId), subscriptionId);
    throw new BillingRuleError('conflict', message);
  }

  private async startPlan(organizationId: string, plan: SeededPlan, current: SubscriptionRecord | null): Promise<SubscriptionRecord> {
    const now = this.now();
    const record: SubscriptionRecord = {
      organization_id: organizationId,
      id: current?.id ?? newId('sub'),
      status: 'active',
      plan_id: plan.id,
      provider: 'self_hosted',
      current_period_start: now.toISOString(),
      current_period_end: monthAfter(now),
      cancel_at_period_end: false,
      created_at: current?.created_at ?? now.toISOString(),
      updated_at: now.toISOString(),
    };
    await this.store.put(record);
    return record;
  }
}
