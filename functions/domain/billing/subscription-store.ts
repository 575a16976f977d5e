import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isPlanId, type PlanId } from '../../../shared/rules/plans';
import type { DatabasePort } from '../../contracts/ports/database';
import { readSubscriptionItem } from '../plans/subscription-item-store';
import { subscriptionKey } from '../../contracts/keys/table-keys';

export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'incomplete' | 'canceled' | 'unpaid';
export type PaymentProvider = 'stripe' | 'self_hosted';

/** The organization's one subscription item (docs/data-model.md "Subscription"). */
export interface SubscriptionRecord {
  organization_id: string;
  id: string;
  status: SubscriptionStatus;
  plan_id: PlanId;
  provider: PaymentProvider;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean;
  default_payment_method_id?: string;
  created_at: string;
  updated_at: string;
}

const STATUSES = new Set<SubscriptionStatus>(['active', 'trialing', 'past_due', 'incomplete', 'canceled', 'unpaid']);

function isoOr(value: unknown, fallback: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value * 1000).toISOString();
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  return fallback;
}

/**
 * Reads the item, whatever wrote it: the local seed's self-hosted plan predates billing and has no
 * id or period, so those read as a stable id and the calendar month it was created in.
 */
function fromItem(item: Record<string, unknown>, organizationId: string): SubscriptionRecord | null {
  const planId = String(item.plan_id ?? '');
  if (!isPlanId(planId)) return null;
  const created = isoOr(item.created_at, new Date(0).toISOString());
  const start = isoOr(item.current_period_start, created);
  const startDate = new Date(start);
  const monthLater = new Date(Date.UTC(startDate.getUTCFullYear(), startDate.getUTCMonth() + 1, startDate.getUTCDate(), startDate.getUTCHours(), startDate.getUTCMinutes())).toISOString();
  const status = STATUSES.has(item.status as SubscriptionStatus) ? (item.status as SubscriptionStatus) : 'canceled';
  return {
    organization_id: organizationId,
    id: typeof item.id === 'string' && item.id ? item.id : `sh_${organizationId}`,
    status,
    plan_id: planId,
    provider: item.provider === 'stripe' ? 'stripe' : 'self_hosted',
    current_period_start: start,
    current_period_end: isoOr(item.current_period_end, monthLater),
    cancel_at_period_end: item.cancel_at_period_end === true,
    ...(typeof item.default_payment_method_id === 'string' ? { default_payment_method_id: item.default_payment_method_id } : {}),
    created_at: created,
    updated_at: isoOr(item.updated_at, created),
  };
}

export class SubscriptionStore {
  constructor(private readonly database: DatabasePort) {}

  async find(organizationId: string): Promise<SubscriptionRecord | null> {
    const item = await readSubscriptionItem(this.database, organizationId);
    return item ? fromItem(item, organizationId) : null;
  }

  async put(record: SubscriptionRecord): Promise<void> {
    await this.database.client.send(
      new PutCommand({ TableName: this.database.tableName, Item: { ...subscriptionKey(record.organization_id), entity: 'subscription', ...record } }),
    );
  }

  async remove(organizationId: string): Promise<void> {
    await this.database.client.send(new DeleteCommand({ TableName: this.database.tableName, Key: subscriptionKey(organizationId) }));
  }
}
