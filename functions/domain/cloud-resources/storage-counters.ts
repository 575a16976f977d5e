import type { DatabasePort } from '../../contracts/ports/database';
import { counted, readCountersItem } from '../usage/counters-store';

/**
 * The storage figures of the organization's counters item. The files capability maintains
 * `storage_bytes` and `object_count` in the same transaction as each file write; here they are only
 * read, and an absent item or attribute reads as 0.
 */
export interface StorageCounters {
  storageBytes: number;
  objectCount: number;
}

export async function readStorageCounters(database: DatabasePort, organizationId: string): Promise<StorageCounters> {
  const item = await readCountersItem(database, organizationId);
  return { storageBytes: counted(item.storage_bytes), objectCount: counted(item.object_count) };
}
