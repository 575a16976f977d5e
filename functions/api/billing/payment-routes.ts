import { idParamsSchema } from '../../../shared/api/schemas/common';
import {
  addPaymentMethodRequestSchema,
  BILLING_MESSAGES,
  billingAddressRequestSchema,
  invoiceListQuerySchema,
  setDefaultPaymentMethodRequestSchema,
  updatePaymentMethodRequestSchema,
} from '../../../shared/api/schemas/billing';
import type { BillingActor } from '../../domain/billing/stripe-payments';
import { implement, requireCaller, type Caller } from '../../http/api-types';
import { notFound } from '../../contracts/contract-error';
import { idempotencyKeyOf, paymentsNotConfigured, stripeServices, withBillingRules } from './billing-mode';

/**
 * Payment methods, the billing address and invoices (§20.10-§20.19). With Stripe they act on the
 * organization's customer. Self-hosted, nobody pays: reads answer empty, writes 409 with the
 * contract's text, after the body is validated so a bad request still learns what is wrong with it.
 */
const idParams = idParamsSchema;
const DEFAULT_INVOICE_PAGE = 10;
const MAX_INVOICE_PAGE = 100;

const actorOf = (caller: Caller): BillingActor => ({ userId: caller.user.id, name: caller.user.full_name, email: caller.user.email });
const organizationRef = (caller: Caller) => ({ id: caller.organization.id, name: caller.organization.name });

export const listPaymentMethods = implement({
  async handle(request) {
    const stripe = stripeServices();
    const data = stripe ? await withBillingRules(() => stripe.payments.list(requireCaller(request).organization.id)) : [];
    return { status: 200, body: { data } };
  },
});

export const addPaymentMethod = implement({
  body: addPaymentMethodRequestSchema,
  async handle(request) {
    const stripe = stripeServices();
    if (!stripe) return paymentsNotConfigured();
    const caller = requireCaller(request);
    const method = await withBillingRules(() =>
      stripe.payments.add(organizationRef(caller), request.body.paymentMethodId, request.body.setAsDefault === true, actorOf(caller), idempotencyKeyOf(request)),
    );
    return { status: 201, body: { data: method } };
  },
});

export const updatePaymentMethod = implement({
  params: idParams,
  body: updatePaymentMethodRequestSchema,
  async handle(request) {
    const stripe = stripeServices();
    if (!stripe) return paymentsNotConfigured();
    const caller = requireCaller(request);
    const method = await withBillingRules(() => stripe.payments.update(caller.organization.id, request.params.id, request.body.billing_details, actorOf(caller)));
    return { status: 200, body: { data: method } };
  },
});

export const deletePaymentMethod = implement({
  params: idParams,
  async handle(request) {
    const stripe = stripeServices();
    if (!stripe) return paymentsNotConfigured();
    const caller = requireCaller(request);
    await withBillingRules(() => stripe.payments.remove(caller.organization.id, request.params.id, actorOf(caller)));
    return { status: 204 };
  },
});

export const setDefaultPaymentMethod = implement({
  body: setDefaultPaymentMethodRequestSchema,
  async handle(request) {
    const stripe = stripeServices();
    if (!stripe) return paymentsNotConfigured();
    const caller = requireCaller(request);
    const method = await withBillingRules(() => stripe.payments.setDefault(caller.organization.id, request.body.paymentMethodId, idempotencyKeyOf(request)));
    return { status: 200, body: { data: method } };
  },
});

export const getAddress = implement({
  async handle(request) {
    const stripe = stripeServices();
    const data = stripe ? await withBillingRules(() => stripe.payments.address(requireCaller(request).organization.id)) : null;
    return { status: 200, body: { data } };
  },
});

export const putAddress = implement({
  body: billingAddressRequestSchema,
  async handle(request) {
    const stripe = stripeServices();
    if (!stripe) return paymentsNotConfigured();
    const caller = requireCaller(request);
    const address = await withBillingRules(() => stripe.payments.putAddress(organizationRef(caller), request.body, idempotencyKeyOf(request)));
    return { status: 200, body: { data: address } };
  },
});

export const listInvoices = implement({
  query: invoiceListQuerySchema,
  async handle(request) {
    const stripe = stripeServices();
    if (!stripe) return { status: 200, body: { data: { data: [], has_more: false } } };
    const limit = Math.min(request.query.limit ?? DEFAULT_INVOICE_PAGE, MAX_INVOICE_PAGE);
    const page = await withBillingRules(() => stripe.payments.invoices(requireCaller(request).organization.id, limit, request.query.starting_after));
    return { status: 200, body: { data: page } };
  },
});

export const upcomingInvoice = implement({
  async handle(request) {
    const stripe = stripeServices();
    const data = stripe ? await withBillingRules(() => stripe.payments.upcoming(requireCaller(request).organization.id)) : null;
    return { status: 200, body: { data } };
  },
});

/** Self-hosted, no invoice exists without a provider. */
export const downloadInvoice = implement({
  params: idParams,
  async handle(request) {
    const stripe = stripeServices();
    if (!stripe) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    const url = await withBillingRules(() => stripe.payments.downloadUrl(requireCaller(request).organization.id, request.params.id));
    return { status: 200, body: { data: { url } } };
  },
});
