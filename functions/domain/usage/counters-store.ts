import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { countersKey } from '../../contracts/keys/table-keys';
import type { DatabasePort } from '../../contracts/ports/database';

/**
 * The organization's counters item, read consistently: every plan limit (§1.9) and the usage page
 * (§21) read their figures from it. Each capability writes its own attributes in the same
 * transaction as the write it counts; an absent item reads as empty.
 */
export async function readCountersItem(database: DatabasePort, organizationId: string): Promise<Record<string, unknown>> {
  const { Item } = await database.client.send(new GetCommand({ TableName: database.tableName, Key: countersKey(organizationId), ConsistentRead: true }));
  return Item ?? {};
}

/** A counter's value: absent, negative or not a number reads as 0. */
export const counted = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);
