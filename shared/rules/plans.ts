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

/** The Plan entity of contract §2, the shape `GET /api/billing/plans` answers and the client shows. */
export type PlanEntity = Omit<SeededPlan, 'support_level' | 'api_access'> & {
  description: string;
  currency: 'usd';
  billing_interval: 'month';
  tier: PlanId;
  has_api_access: boolean;
  features: {
    conversations_per_month: number;
    storage_gb: number;
    knowledge_bases: number;
    data_sources: number;
    indexed_pages: number;
    support_level: SupportLevel;
    api_access: ApiAccess;
  };
};

/** One line per plan, as a product page would put it; the spec shows none, so these are ours. */
const PLAN_DESCRIPTIONS: Record<PlanId, string> = {
  free: 'Try Groundwork with one knowledge base for 14 days.',
  starter: 'For a team putting its first assistants in front of colleagues.',
  professional: 'For departments with several knowledge bases and REST API access.',
  enterprise: 'For organisations at scale, with full API access and premium support.',
};

export function planEntity(plan: SeededPlan): PlanEntity {
  return {
    id: plan.id,
    name: plan.name,
    description: PLAN_DESCRIPTIONS[plan.id],
    price: plan.price,
    currency: 'usd',
    billing_interval: 'month',
    trial_period_days: plan.trial_period_days,
    conversations_limit: plan.conversations_limit,
    storage_limit_gb: plan.storage_limit_gb,
    max_knowledge_bases: plan.max_knowledge_bases,
    data_sources_limit: plan.data_sources_limit,
    indexed_pages_limit: plan.indexed_pages_limit,
    tier: plan.id,
    has_api_access: hasApiAccess(plan),
    features: {
      conversations_per_month: plan.conversations_limit,
      storage_gb: plan.storage_limit_gb,
      knowledge_bases: plan.max_knowledge_bases,
      data_sources: plan.data_sources_limit,
      indexed_pages: plan.indexed_pages_limit,
      support_level: plan.support_level,
      api_access: plan.api_access,
    },
  };
}

export function isPlanId(value: string): value is PlanId {
  return SEEDED_PLANS.some((plan) => plan.id === value);
}
