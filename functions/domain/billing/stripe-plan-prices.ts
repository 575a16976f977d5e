import type Stripe from 'stripe';
import { isPlanId, SEEDED_PLANS, seededPlan, type PlanId } from '../../../shared/rules/plans';
import { toCents } from '../../../shared/rules/billing/proration';

/**
 * Stripe prices of the seeded plans, found by `lookup_key` = plan id and created when missing, so
 * the plans are defined once (shared/rules/plans.ts) and a fresh Stripe account needs no setup.
 * Prices are immutable in Stripe: a plan whose price changed gets a new price, and the key moves
 * to it (`transfer_lookup_key`).
 */
const PAID_PLANS = SEEDED_PLANS.filter((plan) => plan.price > 0);

const known = new WeakMap<Stripe, Map<PlanId, string>>();

function matches(price: Stripe.Price, planId: PlanId): boolean {
  return price.unit_amount === toCents(seededPlan(planId).price) && price.currency === 'usd' && price.recurring?.interval === 'month';
}

export async function priceIdOf(stripe: Stripe, planId: PlanId): Promise<string> {
  const cache = known.get(stripe) ?? new Map<PlanId, string>();
  known.set(stripe, cache);
  const cached = cache.get(planId);
  if (cached) return cached;
  const listed = await stripe.prices.list({ lookup_keys: PAID_PLANS.map((plan) => plan.id), active: true, limit: 100 });
  for (const price of listed.data) {
    if (price.lookup_key && isPlanId(price.lookup_key) && matches(price, price.lookup_key)) cache.set(price.lookup_key, price.id);
  }
  const found = cache.get(planId);
  if (found) return found;
  const plan = seededPlan(planId);
  const created = await stripe.prices.create({
    currency: 'usd',
    unit_amount: toCents(plan.price),
    recurring: { interval: 'month' },
    lookup_key: plan.id,
    transfer_lookup_key: true,
    metadata: { planId: plan.id },
    product_data: { name: `Groundwork ${plan.name}`, metadata: { planId: plan.id } },
  });
  cache.set(planId, created.id);
  return created.id;
}

/** The plan a subscription item's price stands for: its lookup key, else its metadata. */
export function planOfPrice(price: Stripe.Price | string | null | undefined): PlanId | null {
  if (!price || typeof price === 'string') return null;
  const candidate = price.lookup_key ?? price.metadata?.planId ?? '';
  return isPlanId(candidate) ? candidate : null;
}
