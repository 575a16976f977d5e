import type Stripe from 'stripe';
import { BILLING_MESSAGES } from '../../../shared/api/schemas/billing';
import { cardOwnerName, cardOwnerOnly, ownsCard } from '../../../shared/rules/billing/card-ownership';
import { BillingRuleError } from './billing-rule-error';
import { liveSubscription } from './self-hosted-billing';
import { idOf, isMissing, isoFromSeconds, keyed, stripeCall } from './stripe-calls';
import { recordAnswered } from './stripe-billing';
import { ensureCustomer } from './stripe-customer';
import type { StripeBillingStore } from './stripe-billing-store';
import type { SubscriptionStore } from './subscription-store';

/**
 * Payment methods, the billing address and invoices in Stripe mode (contract §20.10-§20.19). Cards
 * live on the organization's customer; who added one is in its metadata (`addedBy`, JSON), since
 * only that person may edit or remove it.
 */
export const MAX_PAYMENT_METHODS = 10;
const FAILED = 'Failed to reach the payment provider';

export const PAYMENT_MESSAGES = {
  limitReached: `Payment method limit reached (${MAX_PAYMENT_METHODS})`,
  defaultInUse: 'Cannot delete the default payment method while a subscription is active. Set another default first.',
  noDownloadUrl: 'No download URL available',
  onlyOwner: cardOwnerOnly,
} as const;

export interface BillingActor {
  userId: string;
  name: string;
  email: string;
}

export interface PaymentMethodEntity {
  id: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  isDefault: boolean;
  billing_details: { name: string; address: { line1: string; line2?: string; city: string; state: string; postal_code: string; country: string } };
  addedBy: { userId?: string; name: string; email: string };
}

export interface CardholderDetails {
  name: string;
  address: { line1: string; line2?: string | null; city: string; state: string; postal_code: string; country: string };
}

export interface BillingAddressEntity {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone?: string;
}

function addedByOf(method: Stripe.PaymentMethod): { userId?: string; name: string; email: string } {
  try {
    const parsed = JSON.parse(method.metadata?.addedBy ?? '') as Record<string, unknown>;
    return {
      ...(typeof parsed.userId === 'string' ? { userId: parsed.userId } : {}),
      name: typeof parsed.name === 'string' ? parsed.name : (method.billing_details?.name ?? ''),
      email: typeof parsed.email === 'string' ? parsed.email : (method.billing_details?.email ?? ''),
    };
  } catch {
    // A card added outside Groundwork (Stripe's dashboard) has no addedBy: its cardholder stands in.
    return { name: method.billing_details?.name ?? '', email: method.billing_details?.email ?? '' };
  }
}

export function toPaymentMethodEntity(method: Stripe.PaymentMethod, defaultId: string | null): PaymentMethodEntity {
  const address = method.billing_details?.address;
  return {
    id: method.id,
    card: { brand: method.card?.brand ?? 'unknown', last4: method.card?.last4 ?? '', exp_month: method.card?.exp_month ?? 0, exp_year: method.card?.exp_year ?? 0 },
    isDefault: method.id === defaultId,
    billing_details: {
      name: method.billing_details?.name ?? '',
      address: {
        line1: address?.line1 ?? '',
        ...(address?.line2 ? { line2: address.line2 } : {}),
        city: address?.city ?? '',
        state: address?.state ?? '',
        postal_code: address?.postal_code ?? '',
        country: address?.country ?? '',
      },
    },
    addedBy: addedByOf(method),
  };
}

/** §20 "Payment-method ownership". */
function assertOwner(method: Stripe.PaymentMethod, actor: BillingActor): void {
  const card = { addedBy: addedByOf(method), billing_details: method.billing_details };
  if (!ownsCard(card, actor)) throw new BillingRuleError('forbidden', PAYMENT_MESSAGES.onlyOwner(cardOwnerName(card)));
}

/** Contract §1.6: an invoice's `created`, `period_start` and `period_end` stay Unix seconds, as doc 3 reads them. */
function invoiceEntity(invoice: Stripe.Invoice) {
  return {
    id: invoice.id,
    number: invoice.number,
    created: invoice.created,
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    currency: invoice.currency,
    status: invoice.status,
    period_start: invoice.period_start,
    period_end: invoice.period_end,
    ...(invoice.hosted_invoice_url ? { hosted_invoice_url: invoice.hosted_invoice_url } : {}),
    ...(invoice.invoice_pdf ? { invoice_pdf: invoice.invoice_pdf } : {}),
  };
}

export class StripePayments {
  constructor(
    private readonly stripe: Stripe,
    private readonly store: StripeBillingStore,
    private readonly subscriptions: SubscriptionStore,
  ) {}

  /** §20.10: the default first, then newest. */
  async list(organizationId: string): Promise<PaymentMethodEntity[]> {
    const customerId = await this.store.customerId(organizationId);
    if (!customerId) return [];
    const [methods, defaultId] = await Promise.all([this.methodsOf(customerId), this.defaultOf(customerId)]);
    return methods
      .sort((a, b) => Number(b.id === defaultId) - Number(a.id === defaultId) || b.created - a.created)
      .map((method) => toPaymentMethodEntity(method, defaultId));
  }

  /** §20.11. */
  async add(organization: { id: string; name?: string }, paymentMethodId: string, setAsDefault: boolean, actor: BillingActor, idempotencyKey?: string): Promise<PaymentMethodEntity> {
    const customerId = await ensureCustomer(this.stripe, this.store, organization);
    const existing = await this.methodsOf(customerId);
    if (existing.length >= MAX_PAYMENT_METHODS) throw new BillingRuleError('conflict', PAYMENT_MESSAGES.limitReached);
    const attached = await stripeCall(() => this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, keyed(idempotencyKey, 'attach')), {
      missing: BILLING_MESSAGES.paymentMethodNotFound,
      failed: FAILED,
    });
    const method = await stripeCall(
      () => this.stripe.paymentMethods.update(attached.id, { metadata: { addedBy: JSON.stringify({ userId: actor.userId, name: actor.name, email: actor.email }) } }, keyed(idempotencyKey, 'added-by')),
      { failed: FAILED },
    );
    let defaultId = await this.defaultOf(customerId);
    if (setAsDefault || !defaultId) {
      await this.makeDefault(organization.id, customerId, method.id, idempotencyKey);
      defaultId = method.id;
    }
    return toPaymentMethodEntity(method, defaultId);
  }

  /** §20.12: only the card's owner edits its cardholder details. */
  async update(organizationId: string, paymentMethodId: string, details: CardholderDetails, actor: BillingActor): Promise<PaymentMethodEntity> {
    const { customerId, method } = await this.ownMethod(organizationId, paymentMethodId);
    assertOwner(method, actor);
    const address = { ...details.address, line2: details.address.line2 ?? '' };
    const updated = await stripeCall(() => this.stripe.paymentMethods.update(method.id, { billing_details: { name: details.name, address } }), {
      missing: BILLING_MESSAGES.paymentMethodNotFound,
      failed: FAILED,
    });
    return toPaymentMethodEntity(updated, await this.defaultOf(customerId));
  }

  /** §20.13. */
  async remove(organizationId: string, paymentMethodId: string, actor: BillingActor): Promise<void> {
    const { customerId, method } = await this.ownMethod(organizationId, paymentMethodId);
    assertOwner(method, actor);
    const live = liveSubscription(await this.subscriptions.find(organizationId));
    if (live && method.id === (await this.defaultOf(customerId))) throw new BillingRuleError('conflict', PAYMENT_MESSAGES.defaultInUse);
    await stripeCall(() => this.stripe.paymentMethods.detach(method.id), { missing: BILLING_MESSAGES.paymentMethodNotFound, failed: FAILED });
    await this.store.forgetDefaultPaymentMethod(organizationId, method.id);
  }

  /** §20.14: any admin may; the customer's and the subscription's default both move. */
  async setDefault(organizationId: string, paymentMethodId: string, idempotencyKey?: string): Promise<PaymentMethodEntity> {
    const { customerId, method } = await this.ownMethod(organizationId, paymentMethodId);
    await this.makeDefault(organizationId, customerId, method.id, idempotencyKey);
    return toPaymentMethodEntity(method, method.id);
  }

  /** §20.15. */
  async address(organizationId: string): Promise<BillingAddressEntity | null> {
    const customerId = await this.store.customerId(organizationId);
    if (!customerId) return null;
    const customer = await stripeCall(() => this.stripe.customers.retrieve(customerId), { failed: FAILED });
    if ((customer as Stripe.DeletedCustomer).deleted) return null;
    const { address, name, phone } = customer as Stripe.Customer;
    if (!address?.line1) return null;
    return {
      name: name ?? '',
      line1: address.line1,
      ...(address.line2 ? { line2: address.line2 } : {}),
      city: address.city ?? '',
      state: address.state ?? '',
      postal_code: address.postal_code ?? '',
      country: address.country ?? '',
      ...(phone ? { phone } : {}),
    };
  }

  /** §20.16: kept on the Stripe customer, where invoices read it. */
  async putAddress(organization: { id: string; name?: string }, address: Omit<BillingAddressEntity, 'line2' | 'phone'> & { line2?: string | null; phone?: string | null }, idempotencyKey?: string): Promise<BillingAddressEntity> {
    const customerId = await ensureCustomer(this.stripe, this.store, organization);
    await stripeCall(
      () =>
        this.stripe.customers.update(
          customerId,
          {
            name: address.name,
            phone: address.phone ?? '',
            address: { line1: address.line1, line2: address.line2 ?? '', city: address.city, state: address.state, postal_code: address.postal_code, country: address.country },
          },
          keyed(idempotencyKey, 'address'),
        ),
      { failed: FAILED },
    );
    return (await this.address(organization.id))!;
  }

  /** §20.17: newest first, Stripe's own paging. */
  async invoices(organizationId: string, limit: number, startingAfter: string | undefined) {
    const customerId = await this.store.customerId(organizationId);
    if (!customerId) return { data: [], has_more: false };
    const page = await stripeCall(() => this.stripe.invoices.list({ customer: customerId, limit, ...(startingAfter ? { starting_after: startingAfter } : {}) }), {
      missing: BILLING_MESSAGES.invoiceNotFound,
      failed: FAILED,
    });
    return { data: page.data.map(invoiceEntity), has_more: page.has_more };
  }

  /** §20.18: null when nothing is coming (no subscription, or it ends). */
  async upcoming(organizationId: string) {
    const customerId = await this.store.customerId(organizationId);
    const live = liveSubscription(await this.subscriptions.find(organizationId));
    if (!customerId || !live) return null;
    let preview: Stripe.Invoice;
    try {
      preview = await this.stripe.invoices.createPreview({ customer: customerId, subscription: live.id });
    } catch (error) {
      if ((error as { code?: string }).code === 'invoice_upcoming_none' || isMissing(error)) return null;
      return stripeCall(() => Promise.reject(error), { failed: FAILED });
    }
    return {
      amount_due: preview.amount_due,
      currency: preview.currency,
      period_start: isoFromSeconds(preview.period_start),
      period_end: isoFromSeconds(preview.period_end),
      next_payment_attempt: isoFromSeconds(preview.next_payment_attempt),
      lines: preview.lines.data.map((line) => ({
        description: line.description ?? '',
        amount: line.amount,
        period_start: isoFromSeconds(line.period?.start),
        period_end: isoFromSeconds(line.period?.end),
      })),
    };
  }

  /** §20.19: another organization's invoice is as missing as one that does not exist. */
  async downloadUrl(organizationId: string, invoiceId: string): Promise<string> {
    const customerId = await this.store.customerId(organizationId);
    if (!customerId) throw new BillingRuleError('not_found', BILLING_MESSAGES.invoiceNotFound);
    const invoice = await stripeCall(() => this.stripe.invoices.retrieve(invoiceId), { missing: BILLING_MESSAGES.invoiceNotFound, failed: FAILED });
    if (idOf(invoice.customer as string | { id: string } | null) !== customerId) throw new BillingRuleError('not_found', BILLING_MESSAGES.invoiceNotFound);
    if (!invoice.invoice_pdf) throw new BillingRuleError('not_found', PAYMENT_MESSAGES.noDownloadUrl);
    return invoice.invoice_pdf;
  }

  private async makeDefault(organizationId: string, customerId: string, paymentMethodId: string, idempotencyKey?: string): Promise<void> {
    await stripeCall(() => this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }, keyed(idempotencyKey, 'customer-default')), {
      failed: FAILED,
    });
    const live = liveSubscription(await this.subscriptions.find(organizationId));
    if (live?.provider === 'stripe') {
      const updated = await stripeCall(() => this.stripe.subscriptions.update(live.id, { default_payment_method: paymentMethodId }, keyed(idempotencyKey, 'subscription-default')), {
        failed: FAILED,
      });
      await recordAnswered(this.store, organizationId, updated, new Date());
    }
  }

  private async ownMethod(organizationId: string, paymentMethodId: string): Promise<{ customerId: string; method: Stripe.PaymentMethod }> {
    const customerId = await this.store.customerId(organizationId);
    if (!customerId) throw new BillingRuleError('not_found', BILLING_MESSAGES.paymentMethodNotFound);
    const method = await stripeCall(() => this.stripe.paymentMethods.retrieve(paymentMethodId), { missing: BILLING_MESSAGES.paymentMethodNotFound, failed: FAILED });
    if (idOf(method.customer as string | { id: string } | null) !== customerId) throw new BillingRuleError('not_found', BILLING_MESSAGES.paymentMethodNotFound);
    return { customerId, method };
  }

  private async methodsOf(customerId: string): Promise<Stripe.PaymentMethod[]> {
    const page = await stripeCall(() => this.stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }), { failed: FAILED });
    return page.data;
  }

  private async defaultOf(customerId: string): Promise<string | null> {
    const customer = await stripeCall(() => this.stripe.customers.retrieve(customerId), { failed: FAILED });
    if ((customer as Stripe.DeletedCustomer).deleted) return null;
    return idOf((customer as Stripe.Customer).invoice_settings?.default_payment_method as string | { id: string } | null);
  }
}
