import { BYTES_PER_GB, FREE_PLAN_ID, type PlanEntity, planEntity, type SeededPlan } from '../../../shared/rules/plans';
import type { DatabasePort } from '../../contracts/ports/database';
import { planInForce } from '../plans/organization-plan';
import { conversationCounterName } from '../chat/conversation-quota';
import { counted, readCountersItem } from './counters-store';
import { KNOWLEDGE_BASE_COUNTER } from '../knowledge-bases/knowledge-base-quota';
import type { OrganizationRecord } from '../organizations/organization-repository';

/**
 * Counter attributes that the sources families keep on the same item (§1.9): web and API sources
 * together, and the pages kept from each web source's latest completed crawl. Absent reads as 0.
 */
export const DATA_SOURCE_COUNTER = 'data_source_count';
export const INDEXED_PAGE_COUNTER = 'indexed_page_count';

type UsageLimits = { max_knowledge_bases: number | null; data_sources_limit: number | null; indexed_pages_limit: number | null; conversations_limit: number | null; storage_limit_gb: number | null };

/** Contract §2 Usage, answered by §21.1. */
export interface UsageReport {
  period: { start: string; end: string };
  usage: { kb_count: number; data_sources_count: number; indexed_pages_count: number; conversations_used: number; storage_gb: number };
  limits: UsageLimits;
  subscription: { plan: { id: string; name: string } } | null;
  updated_at: string;
}

/** §21.2's answer. */
export interface LimitsReport {
  plan: { id: string; name: string; tier: string };
  source: 'subscription' | 'free_tier' | 'unlimited';
  limits: UsageLimits;
  features: PlanEntity['features'] | null;
}

function limitsOf(plan: SeededPlan | null): UsageLimits {
  return {
    max_knowledge_bases: plan?.max_knowledge_bases ?? null,
    data_sources_limit: plan?.data_sources_limit ?? null,
    indexed_pages_limit: plan?.indexed_pages_limit ?? null,
    conversations_limit: plan?.conversations_limit ?? null,
    storage_limit_gb: plan?.storage_limit_gb ?? null,
  };
}

/**
 * Read from the organization's counters, which every write keeps in its own transaction (§1.9),
 * so the figures are the live ones; `updated_at` is when they were read.
 */
export async function usageReport(database: DatabasePort, organization: Pick<OrganizationRecord, 'id' | 'is_system_org'>, now = new Date()): Promise<UsageReport> {
  const [inForce, item] = await Promise.all([
    planInForce(database, organization, now),
    readCountersItem(database, organization.id),
  ]);
  const onSubscription = inForce.plan !== null && inForce.plan.id !== FREE_PLAN_ID;
  return {
    period: { start: inForce.periodStart, end: inForce.periodEnd },
    usage: {
      kb_count: counted(item[KNOWLEDGE_BASE_COUNTER]),
      data_sources_count: counted(item[DATA_SOURCE_COUNTER]),
      indexed_pages_count: counted(item[INDEXED_PAGE_COUNTER]),
      conversations_used: counted(item[conversationCounterName(inForce.periodStart)]),
      storage_gb: Math.round((counted(item.storage_bytes) / BYTES_PER_GB) * 100) / 100,
    },
    limits: limitsOf(inForce.plan),
    subscription: onSubscription && inForce.plan ? { plan: { id: inForce.plan.id, name: inForce.plan.name } } : null,
    updated_at: now.toISOString(),
  };
}

export async function limitsReport(database: DatabasePort, organization: Pick<OrganizationRecord, 'id' | 'is_system_org'>): Promise<LimitsReport> {
  const { plan } = await planInForce(database, organization);
  if (plan === null) return { plan: { id: 'unlimited', name: 'Unlimited', tier: 'unlimited' }, source: 'unlimited', limits: limitsOf(null), features: null };
  const source = plan.id === FREE_PLAN_ID ? 'free_tier' : 'subscription';
  return { plan: { id: plan.id, name: plan.name, tier: plan.id }, source, limits: limitsOf(plan), features: planEntity(plan).features };
}
