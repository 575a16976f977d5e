import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys } from '../../contracts/keys/table-keys';

/**
 * The organization's counters item (contract §1.9; docs/data-model.md "Organization counters").
 * The files issue maintains `storage_bytes` and `object_count` in the same transaction as each file
 * write; here they are only read, and an absent item or attribute reads as 0.
 */
export const countersKey = (organizationId: string) => ({ PK: keys.organization(organizationId).PK, SK: 'COUNTERS' });

export interface StorageCounters {
  storageBytes: number;
  objectCount: number;
}

const counted = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);

export async function readStorageCounters(database: DatabasePort, organizationId: string): Promise<StorageCounters> {
  const { Item } = await database.client.send(new GetCommand({ TableName: database.tableName, Key: countersKey(organizationId), ConsistentRead: true }));
  return { storageBytes: counted(Item?.storage_bytes), objectCount: counted(Item?.object_count) };
}
