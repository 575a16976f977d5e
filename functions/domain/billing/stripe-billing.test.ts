import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { pendingChangesOf, stateOfSubscription } from './stripe-billing';

const START = 1_767_225_600; // 2026-01-01T00:00:00Z
const END = 1_769_904_000; // 2026-02-01T00:00:00Z

function subscription(overrides: Record<string, unknown> = {}, lookupKey = 'professional'): Stripe.Subscription {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    created: START,
    status: 'active',
    cancel_at_period_end: false,
    default_payment_method: 'pm_1',
    metadata: { organizationId: 'org_1' },
    schedule: null,
    items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_p', lookup_key: lookupKey, metadata: {} }, current_period_start: START, current_period_end: END }] },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

const schedule = (status: string, downgradeTo: string) => ({ id: 'sub_sched_1', status, metadata: { downgradeTo }, phases: [{ start_date: START, end_date: END }, { start_date: END, end_date: END + 2_678_400 }] });

describe('stateOfSubscription', () => {
  it('reads the plan from the price lookup key and the periods from the item (API 2025+)', () => {
    expect(stateOfSubscription('org_1', subscription(), 42)).toMatchObject({
      id: 'sub_1',
      plan_id: 'professional',
      status: 'active',
      provider: 'stripe',
      current_period_start: '2026-01-01T00:00:00.000Z',
      current_period_end: '2026-02-01T00:00:00.000Z',
      default_payment_method_id: 'pm_1',
      stripe_customer_id: 'cus_1',
      stripe_state_at: 42,
    });
  });

  it('maps statuses it does not know to canceled and ignores prices that are no plan', () => {
    expect(stateOfSubscription('org_1', subscription({ status: 'incomplete_expired' }), 1)?.status).toBe('canceled');
    expect(stateOfSubscription('org_1', subscription({ metadata: {} }, 'gold'), 1)).toBeNull();
  });
});

describe('pendingChangesOf', () => {
  it('reads a scheduled downgrade until its phase has begun', () => {
    const pending = pendingChangesOf(subscription({ schedule: schedule('active', 'starter') }));
    expect(pending).toEqual({ downgrade: { plan_id: 'starter', plan_name: 'Starter', effective_date: '2026-02-01T00:00:00.000Z' }, cancellation: null });
    expect(pendingChangesOf(subscription({ schedule: schedule('active', 'starter') }, 'starter')).downgrade).toBeNull();
    expect(pendingChangesOf(subscription({ schedule: schedule('released', 'starter') })).downgrade).toBeNull();
  });

  it('tells a cancellation from a downgrade to free by the subscription metadata', () => {
    expect(pendingChangesOf(subscription({ cancel_at_period_end: true }))).toEqual({ downgrade: null, cancellation: { effective_date: '2026-02-01T00:00:00.000Z' } });
    expect(pendingChangesOf(subscription({ cancel_at_period_end: true, metadata: { pendingDowngrade: 'free' } }))).toEqual({
      downgrade: { plan_id: 'free', plan_name: 'Free Trial', effective_date: '2026-02-01T00:00:00.000Z' },
      cancellation: null,
    });
  });
});
