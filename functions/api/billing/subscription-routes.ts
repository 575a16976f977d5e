import { BILLING_MESSAGES, downgradeRequestSchema, subscriptionActionRequestSchema, upgradeRequestSchema } from '../../../shared/api/schemas/billing';
import { SelfHostedBilling } from '../../domain/billing/self-hosted-billing';
import { SubscriptionStore } from '../../domain/billing/subscription-store';
import { implement, requireCaller, type Caller } from '../../http/api-types';
import { badRequest } from '../../http/http-error';
import { getPorts } from '../../platform/ports';
import { billingMode, requireSelfHosted, withBillingRules } from './billing-mode';
import { toSubscriptionEntity } from './subscription-view';

function selfHostedBilling(): SelfHostedBilling {
  requireSelfHosted();
  return new SelfHostedBilling(new SubscriptionStore(getPorts().database));
}

const organizationOf = (caller: Caller) => caller.organization.id;

/** §20.3: null is the free tier. */
export const getSubscription = implement({
  async handle(request) {
    const current = await selfHostedBilling().current(organizationOf(requireCaller(request)));
    return { status: 200, body: { data: current ? toSubscriptionEntity(current) : null } };
  },
});

/** §20.4. */
export const getPendingChanges = implement({
  async handle() {
    return { status: 200, body: { data: selfHostedBilling().pendingChanges() } };
  },
});

/** §20.5: self-hosted, the plan applies now and nothing is charged. */
export const upgrade = implement({
  body: upgradeRequestSchema,
  async handle(request) {
    const billing = selfHostedBilling();
    if (billingMode() === 'stripe' && !request.body.paymentMethodId) throw badRequest(BILLING_MESSAGES.paymentMethodRequired);
    const subscription = await withBillingRules(() => billing.upgrade(organizationOf(requireCaller(request)), request.body.planId));
    return { status: 200, body: { data: { subscriptionId: subscription.id, status: subscription.status, clientSecret: null, amountDue: 0, currency: 'usd' } } };
  },
});

/** §20.6. */
export const downgrade = implement({
  body: downgradeRequestSchema,
  async handle(request) {
    const billing = selfHostedBilling();
    const result = await withBillingRules(() => billing.downgrade(organizationOf(requireCaller(request)), request.body.planId, request.body.subscriptionId));
    return { status: 200, body: { data: { effectiveDate: result.effectiveDate } } };
  },
});

/** §20.7. */
export const cancel = implement({
  body: subscriptionActionRequestSchema,
  async handle(request) {
    const billing = selfHostedBilling();
    const result = await withBillingRules(() => billing.cancel(organizationOf(requireCaller(request)), request.body.subscriptionId));
    return { status: 200, body: { data: { effectiveDate: result.effectiveDate } } };
  },
});

/** §20.8. */
export const cancelDowngrade = implement({
  body: subscriptionActionRequestSchema,
  async handle(request) {
    const billing = selfHostedBilling();
    return withBillingRules(() => billing.cancelPending(organizationOf(requireCaller(request)), request.body.subscriptionId, 'downgrade'));
  },
});

/** §20.9 ("Keep Subscription"). */
export const cancelCancellation = implement({
  body: subscriptionActionRequestSchema,
  async handle(request) {
    const billing = selfHostedBilling();
    return withBillingRules(() => billing.cancelPending(organizationOf(requireCaller(request)), request.body.subscriptionId, 'cancellation'));
  },
});
