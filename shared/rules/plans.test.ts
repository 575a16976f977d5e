import { describe, expect, it } from 'vitest';
import { BYTES_PER_GB, hasApiAccess, percentUsed, SEEDED_PLANS, seededPlan, storageLimitBytes } from './plans';

describe('seeded plans (contract §1.9)', () => {
  it('has the four plans in tier order with the table figures', () => {
    expect(SEEDED_PLANS.map((plan) => plan.id)).toEqual(['free', 'starter', 'professional', 'enterprise']);
    expect(seededPlan('free')).toMatchObject({ name: 'Free Trial', price: 0, trial_period_days: 14, conversations_limit: 100, storage_limit_gb: 1, max_knowledge_bases: 1, data_sources_limit: 3, indexed_pages_limit: 25 });
    expect(seededPlan('enterprise')).toMatchObject({ price: 4999, storage_limit_gb: 200, support_level: 'premium', api_access: 'full' });
    expect(SEEDED_PLANS.filter(hasApiAccess).map((plan) => plan.id)).toEqual(['professional', 'enterprise']);
  });

  it('counts a GB as 1024³ bytes and has no limit without a plan', () => {
    expect(storageLimitBytes(seededPlan('free'))).toBe(BYTES_PER_GB);
    expect(storageLimitBytes(seededPlan('starter'))).toBe(10 * 1024 ** 3);
    expect(storageLimitBytes(null)).toBeNull();
  });

  it('rounds the share in use to two decimals', () => {
    expect(percentUsed(0, BYTES_PER_GB)).toBe(0);
    expect(percentUsed(BYTES_PER_GB / 3, BYTES_PER_GB)).toBe(33.33);
    expect(percentUsed(2 * BYTES_PER_GB, BYTES_PER_GB)).toBe(200);
    expect(percentUsed(5, null)).toBeNull();
  });
});
