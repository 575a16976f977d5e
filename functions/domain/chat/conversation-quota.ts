import { GetCommand, type TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../ports/database';
import { countersKey } from '../cloud-resources/storage-counters';

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

export async function readConversationsUsed(database: DatabasePort, organizationId: string, periodStart: string): Promise<number> {
  const { Item } = await database.client.send(new GetCommand({ TableName: database.tableName, Key: countersKey(organizationId), ConsistentRead: true }));
  const value = Item?.[conversationCounterName(periodStart)];
  return typeof value === 'number' && value > 0 ? value : 0;
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
