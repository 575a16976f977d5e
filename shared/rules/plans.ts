/**
 * The seeded plans of contract §1.9 and the plan maths both sides share. Billing (subscriptions,
 * Stripe) lands later and decides which plan an organization is on; until then every organization
 * other than the system one is on `free`, which is also what §1.9 says when no subscription is live.
 */
export type PlanId = 'free' | 'starter' | 'professional' | 'enterprise';
export type SupportLevel = 'community' | 'email' | 'priority' | 'premium';
export type ApiAccess = 'none' | 'rest' | 'full';

export interface SeededPlan {
  id: PlanId;
  name: string;
  /** Dollars per month. */
  price: number;
  trial_period_days: number;
  conversations_limit: number;
  storage_limit_gb: number;
  max_knowledge_bases: number;
  data_sources_limit: number;
  indexed_pages_limit: number;
  support_level: SupportLevel;
  api_access: ApiAccess;
}

/** Contract §1.9 "Seeded plans", row by row. */
export const SEEDED_PLANS: readonly SeededPlan[] = [
  { id: 'free', name: 'Free Trial', price: 0, trial_period_days: 14, conversations_limit: 100, storage_limit_gb: 1, max_knowledge_bases: 1, data_sources_limit: 3, indexed_pages_limit: 25, support_level: 'community', api_access: 'none' },
  { id: 'starter', name: 'Starter', price: 799, trial_period_days: 0, conversations_limit: 2000, storage_limit_gb: 10, max_knowledge_bases: 3, data_sources_limit: 10, indexed_pages_limit: 250, support_level: 'email', api_access: 'none' },
  { id: 'professional', name: 'Professional', price: 1999, trial_period_days: 0, conversations_limit: 8000, storage_limit_gb: 50, max_knowledge_bases: 10, data_sources_limit: 30, indexed_pages_limit: 1000, support_level: 'priority', api_access: 'rest' },
  { id: 'enterprise', name: 'Enterprise', price: 4999, trial_period_days: 0, conversations_limit: 20000, storage_limit_gb: 200, max_knowledge_bases: 30, data_sources_limit: 100, indexed_pages_limit: 5000, support_level: 'premium', api_access: 'full' },
];

export const FREE_PLAN_ID: PlanId = 'free';

/** §1.9: a GB of storage is 1024³ bytes. */
export const BYTES_PER_GB = 1024 ** 3;

export function seededPlan(id: PlanId): SeededPlan {
  const plan = SEEDED_PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

export function hasApiAccess(plan: SeededPlan): boolean {
  return plan.api_access !== 'none';
}

/** The storage limit in bytes; null where there is no limit (the system organization, §1.9). */
export function storageLimitBytes(plan: SeededPlan | null): number | null {
  return plan === null ? null : plan.storage_limit_gb * BYTES_PER_GB;
}

/** Share of a limit in use, as a percentage with two decimals; null when there is no limit. */
export function percentUsed(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.round((used / limit) * 10_000) / 100;
}
