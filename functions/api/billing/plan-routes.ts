import { SEEDED_PLANS, planEntity } from '../../../shared/rules/plans';
import { implement } from '../../http/api-types';
import { readEnv } from '../../platform/environment';
import { billingMode } from './billing-mode';

/** §20.1: which mode the client is in, and in Stripe mode the key that loads Stripe.js. */
export const getConfig = implement({
  async handle() {
    const mode = billingMode();
    const publishableKey = mode === 'stripe' ? readEnv('stripePublishableKey', '') : '';
    return { status: 200, body: { data: { mode, ...(publishableKey ? { publishableKey } : {}), currency: 'usd' } } };
  },
});

/** §20.2: the seeded plans, cheapest first. */
export const listPlans = implement({
  async handle() {
    const plans = [...SEEDED_PLANS].sort((a, b) => a.price - b.price).map(planEntity);
    return { status: 200, body: { data: plans } };
  },
});
