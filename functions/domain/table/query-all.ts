import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';

/** Contract §1.5: one request reads at most this many items of a partition. */
export const LIST_READ_BOUND = 10_000;

/** Follows a Query's pages up to the list bound; `truncated` says whether more items exist. */
export async function queryAll<T>(database: DatabasePort, input: Omit<QueryCommandInput, 'TableName'>): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await database.client.send(
      new QueryCommand({ ...input, TableName: database.tableName, ExclusiveStartKey: startKey, Limit: LIST_READ_BOUND - items.length }),
    );
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < LIST_READ_BOUND);
  return { items, truncated: startKey !== undefined };
}
