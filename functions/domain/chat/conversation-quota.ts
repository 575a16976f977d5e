import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { countersKey } from '../../contracts/keys/table-keys';
import { counted, readCountersItem } from '../usage/counters-store';
import { perTableClient } from '../table/per-table-client';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/**
 * Conversations are counted per period on the organization's counters item (§1.9), one attribute
 * per period, so a new period starts from zero without anything resetting the old one.
 * `periodStart` is the ISO start of the plan period (the UTC month on `free`).
 */
export const conversationCounterName = (periodStart: string) => `conversations_${periodStart}`;

export class ConversationLimitError extends Error {
  constructor(
    readonly limit: number,
    readonly used: number,
  ) {
    super(`Conversation limit of ${limit} reached (${used} used)`);
  }
}

/**
 * How long a process trusts the conversation count it last read, and how far below the limit it
 * must have been. The count checked before a first message is only an early refusal, so that no
 * retrieval or generation is spent on a conversation the plan cannot take; the transaction that
 * stores the exchange is what enforces the limit (conversationIncrement). Far from the limit, a
 * recent count (kept up by this process's own first messages) is as good as a fresh one, and
 * saves a new conversation a read of the table.
 */
const RECENT_COUNT_MS = 5_000;
const HEADROOM_SHARE = 0.05;

const countKey = (organizationId: string, periodStart: string) => `${organizationId}#${periodStart}`;
const recentCountsOf = perTableClient(() => new Map<string, { used: number; readAt: number }>());

/** Refuses a new conversation when the period's count has reached `limit` (see RECENT_COUNT_MS). */
export async function assertConversationRoom(database: DatabasePort, organizationId: string, periodStart: string, limit: number, now = Date.now()): Promise<void> {
  const counts = recentCountsOf(database);
  const recent = counts.get(countKey(organizationId, periodStart));
  if (recent && now - recent.readAt < RECENT_COUNT_MS && recent.used + Math.ceil(limit * HEADROOM_SHARE) < limit) return;
  const used = await freshConversationCount(database, organizationId, periodStart, now);
  if (used >= limit) throw new ConversationLimitError(limit, used);
}

/** The period's count read from the table, remembered as this process's recent count. */
export async function freshConversationCount(database: DatabasePort, organizationId: string, periodStart: string, now = Date.now()): Promise<number> {
  const used = await readConversationsUsed(database, organizationId, periodStart);
  const counts = recentCountsOf(database);
  if (counts.size >= 10_000) counts.clear();
  counts.set(countKey(organizationId, periodStart), { used, readAt: now });
  return used;
}

/** Keeps this process's recent count up with a conversation it has just stored. */
export function conversationCounted(database: DatabasePort, organizationId: string, periodStart: string): void {
  const recent = recentCountsOf(database).get(countKey(organizationId, periodStart));
  if (recent) recent.used += 1;
}

async function readConversationsUsed(database: DatabasePort, organizationId: string, periodStart: string): Promise<number> {
  return counted((await readCountersItem(database, organizationId))[conversationCounterName(periodStart)]);
}

/**
 * The increment that goes into the transaction storing a session's first exchange: conditional on
 * the count being under the limit, so concurrent first messages never pass it. `limit` null (the
 * system organization) still counts, for usage figures, but never refuses.
 */
export function conversationIncrement(database: DatabasePort, organizationId: string, periodStart: string, limit: number | null): TransactItem {
  return {
    Update: {
      TableName: database.tableName,
      Key: countersKey(organizationId),
      UpdateExpression: 'ADD #conversations :one SET entity = if_not_exists(entity, :entity)',
      ...(limit === null ? {} : { ConditionExpression: 'attribute_not_exists(#conversations) OR #conversations < :limit' }),
      ExpressionAttributeNames: { '#conversations': conversationCounterName(periodStart) },
      ExpressionAttributeValues: { ':one': 1, ':entity': 'counters', ...(limit === null ? {} : { ':limit': limit }) },
    },
  };
}
