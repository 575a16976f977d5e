import type Stripe from 'stripe';
import { idOf, isMissing } from './stripe-calls';
import { stateOfSubscription } from './stripe-billing';
import { organizationOfCustomer } from './stripe-customer';
import type { StripeBillingStore } from './stripe-billing-store';

/**
 * What the webhook (contract §20.20) does with a verified event. Each event is claimed once by id;
 * subscription state is written only when the event is at least as new as what the item holds, so
 * a late or repeated delivery never undoes a newer change.
 */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed']);
const SCHEDULE_EVENTS = new Set(['subscription_schedule.completed', 'subscription_schedule.released']);
const HANDLED = new Set([...SUBSCRIPTION_EVENTS, ...INVOICE_EVENTS, ...SCHEDULE_EVENTS, 'payment_method.detached']);

export class StripeWebhookEvents {
  constructor(
    private readonly stripe: Stripe,
    private readonly store: StripeBillingStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async process(event: Stripe.Event): Promise<WebhookOutcome> {
    if (!HANDLED.has(event.type)) return 'ignored';
    if (!(await this.store.claimEvent(event.id, event.type, Math.floor(this.now().getTime() / 1000)))) return 'duplicate';
    try {
      await this.apply(event);
      return 'processed';
    } catch (error) {
      // Unprocessed: let Stripe's retry in.
      await this.store.releaseEvent(event.id);
      throw error;
    }
  }

  private async apply(event: Stripe.Event): Promise<void> {
    const object = event.data.object as unknown as Record<string, unknown>;
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      await this.writeSubscription(String(object.id), event.created);
      return;
    }
    if (INVOICE_EVENTS.has(event.type)) {
      const invoice = object as unknown as Stripe.Invoice;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription as string | { id: string } | null | undefined);
      if (!subscriptionId) return;
      // A failed renewal makes the subscription past_due in Stripe; the item says so even before Stripe's own update arrives.
      const pastDue = event.type === 'invoice.payment_failed' && invoice.billing_reason !== 'subscription_create';
      await this.writeSubscription(subscriptionId, event.created, pastDue);
      return;
    }
    if (SCHEDULE_EVENTS.has(event.type)) {
      // The schedule has let go: what it did (or did not) apply is on the subscription, read fresh.
      const schedule = object as unknown as Stripe.SubscriptionSchedule;
      const subscriptionId = idOf(schedule.subscription as string | { id: string } | null) ?? schedule.released_subscription;
      if (!subscriptionId) return;
      await this.writeSubscription(subscriptionId, event.created);
      return;
    }
    if (event.type === 'payment_method.detached') {
      const method = object as unknown as Stripe.PaymentMethod;
      const previous = (event.data.previous_attributes as { customer?: string } | undefined)?.customer;
      if (!previous) return;
      const organizationId = await organizationOfCustomer(this.stripe, previous);
      if (organizationId) await this.store.forgetDefaultPaymentMethod(organizationId, method.id);
    }
  }

  /**
   * Writes the subscription as Stripe holds it now, not as the event's copy had it: a late event
   * then writes current state, and the condition on the event's time settles two deliveries racing.
   */
  private async writeSubscription(subscriptionId: string, eventCreated: number, pastDue = false): Promise<void> {
    let fresh: Stripe.Subscription;
    try {
      fresh = await this.stripe.subscriptions.retrieve(subscriptionId);
    } catch (error) {
      // Gone from Stripe (a deleted test-mode object): nothing to write, and retrying cannot help.
      if (isMissing(error)) return;
      throw error;
    }
    const subscription: Stripe.Subscription = pastDue && fresh.status === 'active' ? { ...fresh, status: 'past_due' } : fresh;
    const organizationId = subscription.metadata?.organizationId || (await organizationOfCustomer(this.stripe, idOf(subscription.customer as string | { id: string })!));
    if (!organizationId) return;
    const state = stateOfSubscription(organizationId, subscription, eventCreated);
    if (!state) return;
    const held = await this.store.subscription(organizationId);
    // An ended subscription that is no longer the organization's must not replace the one that is.
    if (held?.id && held.id !== state.id && (state.status === 'canceled' || state.status === 'incomplete') && held.status !== 'canceled') return;
    await this.store.writeSubscription(state);
  }
}
