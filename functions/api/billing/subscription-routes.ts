import { BILLING_MESSAGES, downgradeRequestSchema, subscriptionActionRequestSchema, upgradeRequestSchema } from '../../../shared/api/schemas/billing';
import type { PlanChanges } from '../../domain/billing/plan-changes';
import { SelfHostedBilling } from '../../domain/billing/self-hosted-billing';
import { SubscriptionStore } from '../../domain/billing/subscription-store';
import { implement, requireCaller, type Caller } from '../../http/api-types';
import { badRequest } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';
import { idempotencyKeyOf, stripeServices, withBillingRules } from './billing-mode';
import { toSubscriptionEntity } from './subscription-view';

/** Each route dispatches on the mode (§20 "Modes"): Stripe's services when a key is set, else self-hosted. */
function selfHostedBilling(): SelfHostedBilling {
  return new SelfHostedBilling(new SubscriptionStore(getPorts().database));
}

/** The mode's plan changes: Stripe's when a key is set, else the self-hosted ones. */
function planChanges(): PlanChanges {
  return stripeServices()?.billing ?? selfHostedBilling();
}

const organizationOf = (caller: Caller) => caller.organization.id;
const organizationRef = (caller: Caller) => ({ id: caller.organization.id, name: caller.organization.name });

/** §20.3: null is the free tier. */
export const getSubscription = implement({
  async handle(request) {
    const current = await planChanges().current(organizationOf(requireCaller(request)));
    return { status: 200, body: { data: current ? toSubscriptionEntity(current) : null } };
  },
});

/** §20.4. */
export const getPendingChanges = implement({
  async handle(request) {
    const pending = await withBillingRules(() => planChanges().pendingChanges(organizationOf(requireCaller(request))));
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

/** §20.6 and §20.7 answer the date the change takes effect. */
const effectiveDate = (result: { effectiveDate: string }) => ({ status: 200, body: { data: { effectiveDate: result.effectiveDate } } });

/** §20.6. */
export const downgrade = implement({
  body: downgradeRequestSchema,
  async handle(request) {
    const organizationId = organizationOf(requireCaller(request));
    const { planId, subscriptionId } = request.body;
    return effectiveDate(await withBillingRules(() => planChanges().downgrade(organizationId, planId, subscriptionId, idempotencyKeyOf(request))));
  },
});

/** §20.7. */
export const cancel = implement({
  body: subscriptionActionRequestSchema,
  async handle(request) {
    const organizationId = organizationOf(requireCaller(request));
    return effectiveDate(await withBillingRules(() => planChanges().cancel(organizationId, request.body.subscriptionId, idempotencyKeyOf(request))));
  },
});

/** §20.8 and §20.9 ("Keep Subscription") answer what is still pending. */
function takeBack(change: 'cancelDowngrade' | 'cancelCancellation') {
  return implement({
    body: subscriptionActionRequestSchema,
    async handle(request) {
      const organizationId = organizationOf(requireCaller(request));
      const pending = await withBillingRules(() => planChanges()[change](organizationId, request.body.subscriptionId, idempotencyKeyOf(request)));
      return { status: 200, body: { data: pending } };
    },
  });
}

export const cancelDowngrade = takeBack('cancelDowngrade');
export const cancelCancellation = takeBack('cancelCancellation');
