import { BILLING_MESSAGES, downgradeRequestSchema, subscriptionActionRequestSchema, upgradeRequestSchema } from '../../../shared/api/schemas/billing';
import { SelfHostedBilling } from '../../domain/billing/self-hosted-billing';
import { SubscriptionStore } from '../../domain/billing/subscription-store';
import { implement, requireCaller, type Caller } from '../../http/api-types';
import { badRequest } from '../../http/http-error';
import { getPorts } from '../../platform/ports';
import { idempotencyKeyOf, stripeServices, withBillingRules } from './billing-mode';
import { toSubscriptionEntity } from './subscription-view';

/** Each route dispatches on the mode (§20 "Modes"): Stripe's services when a key is set, else self-hosted. */
function selfHostedBilling(): SelfHostedBilling {
  return new SelfHostedBilling(new SubscriptionStore(getPorts().database));
}

const organizationOf = (caller: Caller) => caller.organization.id;
const organizationRef = (caller: Caller) => ({ id: caller.organization.id, name: caller.organization.name });

/** §20.3: null is the free tier. */
export const getSubscription = implement({
  async handle(request) {
    const organizationId = organizationOf(requireCaller(request));
    const current = await (stripeServices()?.billing ?? selfHostedBilling()).current(organizationId);
    return { status: 200, body: { data: current ? toSubscriptionEntity(current) : null } };
  },
});

/** §20.4. */
export const getPendingChanges = implement({
  async handle(request) {
    const stripe = stripeServices();
    const pending = stripe ? await withBillingRules(() => stripe.billing.pendingChanges(organizationOf(requireCaller(request)))) : selfHostedBilling().pendingChanges();
    return { status: 200, body: { data: pending } };
  },
});

/** §20.5: self-hosted, the plan applies now and nothing is charged; with Stripe, it is paid for first. */
export const upgrade = implement({
  body: upgradeRequestSchema,
  async handle(request) {
    const caller = requireCaller(request);
    const stripe = stripeServices();
    if (stripe) {
      const paymentMethodId = request.body.paymentMethodId;
      if (!paymentMethodId) throw badRequest(BILLING_MESSAGES.paymentMethodRequired);
      const result = await withBillingRules(() => stripe.billing.upgrade(organizationRef(caller), request.body.planId, paymentMethodId, idempotencyKeyOf(request)));
      return { status: 200, body: { data: result } };
    }
    const subscription = await withBillingRules(() => selfHostedBilling().upgrade(organizationOf(caller), request.body.planId));
    return { status: 200, body: { data: { subscriptionId: subscription.id, status: subscription.status, clientSecret: null, amountDue: 0, currency: 'usd' } } };
  },
});

/** §20.6. */
export const downgrade = implement({
  body: downgradeRequestSchema,
  async handle(request) {
    const organizationId = organizationOf(requireCaller(request));
    const stripe = stripeServices();
    const result = await withBillingRules(() =>
      stripe
        ? stripe.billing.downgrade(organizationId, request.body.planId, request.body.subscriptionId, idempotencyKeyOf(request))
        : selfHostedBilling().downgrade(organizationId, request.body.planId, request.body.subscriptionId),
    );
    return { status: 200, body: { data: { effectiveDate: result.effectiveDate } } };
  },
});

/** §20.7. */
export const cancel = implement({
  body: subscriptionActionRequestSchema,
  async handle(request) {
    const organizationId = organizationOf(requireCaller(request));
    const stripe = stripeServices();
    const result = await withBillingRules(() =>
      stripe ? stripe.billing.cancel(organizationId, request.body.subscriptionId, idempotencyKeyOf(request)) : selfHostedBilling().cancel(organizationId, request.body.subscriptionId),
    );
    return { status: 200, body: { data: { effectiveDate: result.effectiveDate } } };
  },
});

/** §20.8. */
export const cancelDowngrade = implement({
  body: subscriptionActionRequestSchema,
  async handle(request) {
    const organizationId = organizationOf(requireCaller(request));
    const stripe = stripeServices();
    const pending = await withBillingRules(() =>
      stripe
        ? stripe.billing.cancelDowngrade(organizationId, request.body.subscriptionId, idempotencyKeyOf(request))
        : selfHostedBilling().cancelPending(organizationId, request.body.subscriptionId, 'downgrade'),
    );
    return { status: 200, body: { data: pending } };
  },
});

/** §20.9 ("Keep Subscription"). */
export const cancelCancellation = implement({
  body: subscriptionActionRequestSchema,
  async handle(request) {
    const organizationId = organizationOf(requireCaller(request));
    const stripe = stripeServices();
    const pending = await withBillingRules(() =>
      stripe
        ? stripe.billing.cancelCancellation(organizationId, request.body.subscriptionId, idempotencyKeyOf(request))
        : selfHostedBilling().cancelPending(organizationId, request.body.subscriptionId, 'cancellation'),
    );
    return { status: 200, body: { data: pending } };
  },
});
