import type Stripe from 'stripe';
import { BILLING_MESSAGES } from '../../../shared/api/schemas/billing';
import { blockedChange, effectivePendingChange, PENDING_CHANGE_MESSAGES, type PendingChanges } from '../../../shared/rules/billing/pending-changes';
import { FREE_PLAN_ID, isPlanId, seededPlan, type PlanId, type SeededPlan } from '../../../shared/rules/plans';
import { BillingRuleError } from './billing-rule-error';
import { liveSubscription, type PlanChangeResult } from './self-hosted-billing';
import { idOf, isoFromSeconds, keyed, stripeCall } from './stripe-calls';
import { ensureCustomer } from './stripe-customer';
import { planOfPrice, priceIdOf } from './stripe-plan-prices';
import type { StripeBillingStore, StripeSubscriptionState } from './stripe-billing-store';
import { SubscriptionStore, type SubscriptionRecord, type SubscriptionStatus } from './subscription-store';

/**
 * Plan changes in Stripe mode (contract §20.3-§20.9). Stripe holds the truth: the subscription item
 * is written from Stripe's objects, here right after each change and by the webhook afterwards.
 * A downgrade waits for the period's end in a subscription schedule; a downgrade to `free` is a
 * cancellation at period end, marked in the subscription's metadata so it reads as a downgrade.
 */
const UPGRADE_FAILED = 'Failed to upgrade plan';
const CHANGE_FAILED = 'Failed to change the subscription';
const FREE_DOWNGRADE = 'pendingDowngrade';

export interface UpgradeResult {
  subscriptionId: string;
  status: string;
  clientSecret: string | null;
  amountDue: number;
  currency: string;
}

const STATUS: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  incomplete: 'incomplete',
  unpaid: 'unpaid',
  canceled: 'canceled',
};

/** The subscription item for a Stripe subscription; null when its price is none of our plans. */
export function stateOfSubscription(organizationId: string, subscription: Stripe.Subscription, stateAt: number): StripeSubscriptionState | null {
  const item = subscription.items.data[0];
  const planId = planOfPrice(item?.price) ?? (isPlanId(subscription.metadata?.planId ?? '') ? (subscription.metadata.planId as PlanId) : null);
  if (!item || !planId) return null;
  const created = isoFromSeconds(subscription.created) ?? new Date(stateAt * 1000).toISOString();
  const defaultMethod = idOf(subscription.default_payment_method as string | { id: string } | null);
  return {
    organization_id: organizationId,
    id: subscription.id,
    status: STATUS[subscription.status] ?? 'canceled',
    plan_id: planId,
    provider: 'stripe',
    current_period_start: isoFromSeconds(item.current_period_start) ?? created,
    current_period_end: isoFromSeconds(item.current_period_end) ?? created,
    cancel_at_period_end: subscription.cancel_at_period_end,
    default_payment_method_id: defaultMethod ?? undefined,
    created_at: created,
    updated_at: new Date(stateAt * 1000).toISOString(),
    stripe_customer_id: idOf(subscription.customer as string | { id: string }) ?? '',
    stripe_state_at: stateAt,
  };
}

/**
 * Writes a subscription Stripe has just answered with. It is current, so it is written even when a
 * webhook stamped the item with Stripe's clock running ahead of ours.
 */
export async function recordAnswered(store: StripeBillingStore, organizationId: string, subscription: Stripe.Subscription, now: Date): Promise<void> {
  const held = await store.subscription(organizationId);
  const stateAt = Math.max(Math.floor(now.getTime() / 1000), typeof held?.stripe_state_at === 'number' ? held.stripe_state_at : 0);
  const state = stateOfSubscription(organizationId, subscription, stateAt);
  if (state) await store.writeSubscription(state);
}

function planOrNotFound(planId: string): SeededPlan {
  if (!isPlanId(planId)) throw new BillingRuleError('not_found', BILLING_MESSAGES.planNotFound);
  return seededPlan(planId);
}

const scheduleOf = (subscription: Stripe.Subscription): Stripe.SubscriptionSchedule | null =>
  subscription.schedule && typeof subscription.schedule === 'object' ? subscription.schedule : null;

const isOpenSchedule = (schedule: Stripe.SubscriptionSchedule | null): schedule is Stripe.SubscriptionSchedule =>
  schedule !== null && (schedule.status === 'active' || schedule.status === 'not_started');

/** What Stripe has waiting for this subscription, in the contract's shape (§20.4). */
export function pendingChangesOf(subscription: Stripe.Subscription): PendingChanges {
  const periodEnd = isoFromSeconds(subscription.items.data[0]?.current_period_end) ?? new Date().toISOString();
  const pending: PendingChanges = { downgrade: null, cancellation: null };
  if (subscription.cancel_at_period_end) {
    if (subscription.metadata?.[FREE_DOWNGRADE] === FREE_PLAN_ID) {
      pending.downgrade = { plan_id: FREE_PLAN_ID, plan_name: seededPlan(FREE_PLAN_ID).name, effective_date: periodEnd };
    } else {
      pending.cancellation = { effective_date: periodEnd };
    }
  }
  const schedule = scheduleOf(subscription);
  const target = schedule?.metadata?.downgradeTo ?? '';
  // Once the schedule's next phase has begun the downgrade is done, whether or not the schedule has let go yet.
  if (isOpenSchedule(schedule) && isPlanId(target) && planOfPrice(subscription.items.data[0]?.price) !== target) {
    const startsAt = isoFromSeconds(schedule.phases[1]?.start_date) ?? periodEnd;
    pending.downgrade = { plan_id: target, plan_name: seededPlan(target).name, effective_date: startsAt };
  }
  return pending;
}

export class StripeBilling {
  private readonly subscriptions: SubscriptionStore;

  constructor(
    private readonly stripe: Stripe,
    private readonly store: StripeBillingStore,
    subscriptions: SubscriptionStore,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.subscriptions = subscriptions;
  }

  /** §20.3: only a live subscription counts; an `incomplete` one leaves the free tier in force. */
  current(organizationId: string): Promise<SubscriptionRecord | null> {
    return this.subscriptions.find(organizationId).then(liveSubscription);
  }

  async pendingChanges(organizationId: string): Promise<PendingChanges> {
    const live = await this.current(organizationId);
    // A plan given before Stripe was configured has nothing waiting in Stripe.
    if (!live || live.provider !== 'stripe') return { downgrade: null, cancellation: null };
    return effectivePendingChange(pendingChangesOf(await this.retrieve(live.id, CHANGE_FAILED)));
  }

  /** §20.5. */
  async upgrade(organization: { id: string; name?: string }, planId: string, paymentMethodId: string, idempotencyKey?: string): Promise<UpgradeResult> {
    const target = planOrNotFound(planId);
    const live = await this.current(organization.id);
    const currentPrice = live ? seededPlan(live.plan_id).price : 0;
    if (target.price <= currentPrice) throw new BillingRuleError('invalid', BILLING_MESSAGES.notAnUpgrade);
    // A self-hosted plan from before Stripe was configured is replaced by a paid subscription.
    const existing = live?.provider === 'stripe' ? await this.retrieve(live.id, UPGRADE_FAILED) : null;
    const pending = existing ? pendingChangesOf(existing) : { downgrade: null, cancellation: null };
    const blocked = blockedChange('upgrade', pending);
    if (blocked) throw new BillingRuleError('conflict', blocked);

    const customerId = await ensureCustomer(this.stripe, this.store, organization);
    await this.ownPaymentMethod(customerId, paymentMethodId);
    const priceId = await stripeCall(() => priceIdOf(this.stripe, target.id), { failed: UPGRADE_FAILED });
    await stripeCall(
      () => this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }, keyed(idempotencyKey, 'default-method')),
      { failed: UPGRADE_FAILED },
    );

    let subscription: Stripe.Subscription;
    if (existing) {
      // The pending downgrade is dropped first: the schedule would otherwise put the old plan back.
      await this.dropPendingDowngrade(existing, idempotencyKey, UPGRADE_FAILED);
      await stripeCall(
        () => this.stripe.subscriptions.update(existing.id, { default_payment_method: paymentMethodId, cancel_at_period_end: false, metadata: { [FREE_DOWNGRADE]: '' } }, keyed(idempotencyKey, 'prepare')),
        { failed: UPGRADE_FAILED },
      );
      // pending_if_incomplete: until the proration is paid Stripe keeps the old price, so the old limits apply.
      subscription = await this.withDefaultsRestoredOnDecline(customerId, existing, () => stripeCall(
        () =>
          this.stripe.subscriptions.update(
            existing.id,
            {
              items: [{ id: existing.items.data[0]!.id, price: priceId }],
              proration_behavior: 'always_invoice',
              payment_behavior: 'pending_if_incomplete',
              expand: ['latest_invoice.confirmation_secret'],
            },
            keyed(idempotencyKey, 'swap'),
          ),
        { failed: UPGRADE_FAILED },
      ));
    } else {
      subscription = await stripeCall(
        () =>
          this.stripe.subscriptions.create(
            {
              customer: customerId,
              items: [{ price: priceId }],
              default_payment_method: paymentMethodId,
              payment_behavior: 'default_incomplete',
              payment_settings: { save_default_payment_method: 'on_subscription' },
              metadata: { organizationId: organization.id, planId: target.id },
              expand: ['latest_invoice.confirmation_secret'],
            },
            keyed(idempotencyKey, 'create'),
          ),
        { failed: UPGRADE_FAILED },
      );
    }
    await this.record(organization.id, subscription);
    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    const needsConfirmation = invoice?.status === 'open' && invoice.amount_due > 0;
    return {
      subscriptionId: subscription.id,
      status: subscription.status,
      clientSecret: needsConfirmation ? (invoice?.confirmation_secret?.client_secret ?? null) : null,
      amountDue: invoice?.amount_due ?? 0,
      currency: invoice?.currency ?? 'usd',
    };
  }

  /** §20.6: at the period's end, through a subscription schedule; `free` cancels at period end. */
  async downgrade(organizationId: string, planId: string, subscriptionId: string | undefined, idempotencyKey?: string): Promise<PlanChangeResult> {
    const live = await this.liveOrNotFound(organizationId, subscriptionId);
    const target = planOrNotFound(planId);
    if (target.id === live.plan_id || target.price > seededPlan(live.plan_id).price) throw new BillingRuleError('invalid', BILLING_MESSAGES.notADowngrade);
    const subscription = await this.retrieve(live.id, CHANGE_FAILED);
    const blocked = blockedChange('downgrade', pendingChangesOf(subscription));
    if (blocked) throw new BillingRuleError('conflict', blocked);
    const item = subscription.items.data[0]!;
    const periodEnd = item.current_period_end;

    let updated: Stripe.Subscription;
    if (target.id === FREE_PLAN_ID) {
      await this.dropPendingDowngrade(subscription, idempotencyKey, CHANGE_FAILED);
      updated = await stripeCall(
        () => this.stripe.subscriptions.update(live.id, { cancel_at_period_end: true, metadata: { [FREE_DOWNGRADE]: FREE_PLAN_ID } }, keyed(idempotencyKey, 'cancel-at-end')),
        { failed: CHANGE_FAILED },
      );
    } else {
      if (subscription.cancel_at_period_end) {
        await stripeCall(
          () => this.stripe.subscriptions.update(live.id, { cancel_at_period_end: false, metadata: { [FREE_DOWNGRADE]: '' } }, keyed(idempotencyKey, 'keep')),
          { failed: CHANGE_FAILED },
        );
      }
      const targetPrice = await stripeCall(() => priceIdOf(this.stripe, target.id), { failed: CHANGE_FAILED });
      const existingSchedule = scheduleOf(subscription);
      const scheduleId = isOpenSchedule(existingSchedule)
        ? existingSchedule.id
        : (await stripeCall(() => this.stripe.subscriptionSchedules.create({ from_subscription: live.id }, keyed(idempotencyKey, 'schedule')), { failed: CHANGE_FAILED })).id;
      // The current phase keeps today's price to the period's end; the next one is the cheaper plan, then the schedule lets go.
      await stripeCall(
        () =>
          this.stripe.subscriptionSchedules.update(
            scheduleId,
            {
              end_behavior: 'release',
              proration_behavior: 'none',
              metadata: { downgradeTo: target.id, organizationId },
              phases: [
                { items: [{ price: item.price.id, quantity: 1 }], start_date: item.current_period_start, end_date: periodEnd },
                { items: [{ price: targetPrice, quantity: 1 }], duration: { interval: 'month', interval_count: 1 } },
              ],
            },
            keyed(idempotencyKey, 'phases'),
          ),
        { failed: CHANGE_FAILED },
      );
      updated = await this.retrieve(live.id, CHANGE_FAILED);
    }
    await this.record(organizationId, updated);
    return { subscription: live, effectiveDate: isoFromSeconds(periodEnd)! };
  }

  /** §20.7: the service runs to the period's end. */
  async cancel(organizationId: string, subscriptionId: string | undefined, idempotencyKey?: string): Promise<PlanChangeResult> {
    const live = await this.liveOrNotFound(organizationId, subscriptionId);
    const subscription = await this.retrieve(live.id, CHANGE_FAILED);
    const blocked = blockedChange('cancel', pendingChangesOf(subscription));
    if (blocked) throw new BillingRuleError('conflict', blocked);
    const updated = await stripeCall(() => this.stripe.subscriptions.update(live.id, { cancel_at_period_end: true }, keyed(idempotencyKey, 'cancel')), { failed: CHANGE_FAILED });
    await this.record(organizationId, updated);
    return { subscription: live, effectiveDate: isoFromSeconds(updated.items.data[0]?.current_period_end) ?? live.current_period_end };
  }

  /** §20.8: the schedule lets go of the subscription, which stays on its plan. */
  async cancelDowngrade(organizationId: string, subscriptionId: string | undefined, idempotencyKey?: string): Promise<PendingChanges> {
    const live = await this.liveOrNotFound(organizationId, subscriptionId);
    const subscription = await this.retrieve(live.id, CHANGE_FAILED);
    if (!pendingChangesOf(subscription).downgrade) throw new BillingRuleError('conflict', PENDING_CHANGE_MESSAGES.noDowngradePending);
    await this.dropPendingDowngrade(subscription, idempotencyKey, CHANGE_FAILED);
    return this.refreshed(organizationId, live.id);
  }

  /** §20.9 ("Keep Subscription"). */
  async cancelCancellation(organizationId: string, subscriptionId: string | undefined, idempotencyKey?: string): Promise<PendingChanges> {
    const live = await this.liveOrNotFound(organizationId, subscriptionId);
    const subscription = await this.retrieve(live.id, CHANGE_FAILED);
    if (!pendingChangesOf(subscription).cancellation) throw new BillingRuleError('conflict', PENDING_CHANGE_MESSAGES.noCancellationPending);
    await stripeCall(() => this.stripe.subscriptions.update(live.id, { cancel_at_period_end: false }, keyed(idempotencyKey, 'keep')), { failed: CHANGE_FAILED });
    return this.refreshed(organizationId, live.id);
  }

  private async refreshed(organizationId: string, subscriptionId: string): Promise<PendingChanges> {
    const subscription = await this.retrieve(subscriptionId, CHANGE_FAILED);
    await this.record(organizationId, subscription);
    return effectivePendingChange(pendingChangesOf(subscription));
  }

  private async dropPendingDowngrade(subscription: Stripe.Subscription, idempotencyKey: string | undefined, failed: string): Promise<void> {
    const schedule = scheduleOf(subscription);
    if (isOpenSchedule(schedule)) {
      await stripeCall(() => this.stripe.subscriptionSchedules.release(schedule.id, {}, keyed(idempotencyKey, 'release')), { failed });
    }
    if (subscription.cancel_at_period_end && subscription.metadata?.[FREE_DOWNGRADE] === FREE_PLAN_ID) {
      await stripeCall(
        () => this.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false, metadata: { [FREE_DOWNGRADE]: '' } }, keyed(idempotencyKey, 'undo-free')),
        { failed },
      );
    }
  }

  /** A declined card must not stay the default it was made for the charge. */
  private async withDefaultsRestoredOnDecline<T>(customerId: string, before: Stripe.Subscription, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof BillingRuleError && error.refusal === 'payment_failed') {
        const previous = idOf(before.default_payment_method as string | { id: string } | null);
        if (previous) {
          await this.stripe.subscriptions.update(before.id, { default_payment_method: previous }).catch(() => undefined);
          await this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: previous } }).catch(() => undefined);
        }
      }
      throw error;
    }
  }

  private async ownPaymentMethod(customerId: string, paymentMethodId: string): Promise<Stripe.PaymentMethod> {
    const method = await stripeCall(() => this.stripe.paymentMethods.retrieve(paymentMethodId), { missing: BILLING_MESSAGES.paymentMethodNotFound, failed: UPGRADE_FAILED });
    if (idOf(method.customer as string | { id: string } | null) !== customerId) throw new BillingRuleError('not_found', BILLING_MESSAGES.paymentMethodNotFound);
    return method;
  }

  private async liveOrNotFound(organizationId: string, subscriptionId: string | undefined): Promise<SubscriptionRecord> {
    const live = await this.current(organizationId);
    if (!live || live.provider !== 'stripe' || (subscriptionId !== undefined && subscriptionId !== live.id)) {
      throw new BillingRuleError('not_found', BILLING_MESSAGES.noActiveSubscription);
    }
    return live;
  }

  private retrieve(subscriptionId: string, failed: string): Promise<Stripe.Subscription> {
    return stripeCall(() => this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] }), { failed });
  }

  private record(organizationId: string, subscription: Stripe.Subscription): Promise<void> {
    return recordAnswered(this.store, organizationId, subscription, this.now());
  }
}
