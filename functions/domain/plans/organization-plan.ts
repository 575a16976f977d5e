import { FREE_PLAN_ID, seededPlan, SEEDED_PLANS, type PlanId, type SeededPlan } from '../../../shared/rules/plans';
import type { DatabasePort } from '../../contracts/ports/database';
import type { OrganizationRecord } from '../organizations/organization-repository';
import { readSubscriptionItem } from './subscription-item-store';

/** The plan in force and the period conversations are counted in (§1.9). `plan` is null for the system organization: no limits. */
export interface PlanInForce {
  plan: SeededPlan | null;
  periodStart: string;
  periodEnd: string;
}

/** §1.9: a subscription gives its plan only in these states; otherwise the organization is on `free`. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

function isoOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value * 1000).toISOString();
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  return undefined;
}

function calendarMonth(now: Date): { periodStart: string; periodEnd: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { periodStart: start.toISOString(), periodEnd: end.toISOString() };
}

export async function planInForce(database: DatabasePort, organization: Pick<OrganizationRecord, 'id' | 'is_system_org'>, now = new Date()): Promise<PlanInForce> {
  if (organization.is_system_org) return { plan: null, ...calendarMonth(now) };
  const item = await readSubscriptionItem(database, organization.id);
  const planId = (item?.plan_id ?? (item?.plan as { id?: unknown } | undefined)?.id) as PlanId | undefined;
  const known = SEEDED_PLANS.some((plan) => plan.id === planId);
  if (!item || !LIVE_STATUSES.has(String(item.status)) || !known) return { plan: seededPlan(FREE_PLAN_ID), ...calendarMonth(now) };
  const periodStart = isoOf(item.current_period_start);
  const periodEnd = isoOf(item.current_period_end);
  const period = periodStart && periodEnd ? { periodStart, periodEnd } : calendarMonth(now);
  return { plan: seededPlan(planId as PlanId), ...period };
}

/** §1.9 `has_api_access`; the system organization has no limits. */
export function includesApiAccess(plan: SeededPlan | null): boolean {
  return plan === null || plan.api_access !== 'none';
}
