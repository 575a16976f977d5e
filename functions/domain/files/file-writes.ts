import type { DatabasePort } from '../../contracts/ports/database';
import { readStorageCounters } from '../cloud-resources/storage-counters';
import { countersKey } from '../../contracts/keys/table-keys';
import { counterWrites, fileDeltas, type DeltaMap } from '../folders/folder-counters';
import { FolderRepository } from '../folders/folder-repository';
import type { FolderTree } from '../folders/folder-tree';
import { retryOnConflict, transact, TransactionRefused, type TaggedWrite } from '../table/tagged-transaction';
import { nowIso } from '../../contracts/keys/table-keys';
import { fileItem, fileKeys, type FileRecord } from './file-record';
import { FileRepository } from './file-repository';

/** Storing this change would take the organization past its plan's storage (§1.9). */
export class StorageLimitExceededError extends Error {
  constructor(
    readonly limit: number,
    readonly used: number,
  ) {
    super(`Storage limit of ${limit} bytes reached (${used} used)`);
  }
}

export interface ChangeOptions {
  /** Bytes the organization may store; null for no limit (§1.9). Only checked when a change adds bytes. */
  storageLimitBytes: number | null;
  /** The tree as read for this attempt, when the caller already has it. */
  tree?: FolderTree;
}

const sizeOf = (file: FileRecord | undefined) => file?.metadata.file_size ?? 0;

/**
 * Writes one file change and everything that counts it, in one transaction: the item (moved to
 * its new folder's key when the folder changes), its id pointer, the organization's storage
 * counters (§1.9, conditional when bytes are added) and the folder counters along the old and new
 * ancestor chains (§10). The item's version is the condition, so a change decided on a stale read
 * is refused (TransactionRefused, retryable) instead of overwriting someone else's.
 */
export async function commitFileChange(database: DatabasePort, before: FileRecord | undefined, after: FileRecord | undefined, options: ChangeOptions): Promise<void> {
  const table = database.tableName;
  const writes: TaggedWrite[] = [];
  const moves = before !== undefined && after !== undefined && before.folder_id !== after.folder_id;
  const version = { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': before?.version } };

  if (before && (!after || moves)) writes.push({ tag: 'file', item: { Delete: { TableName: table, Key: fileKeys.file(before.organization_id, before.folder_id, before.id), ...version } } });
  if (after) {
    const put = before && !moves ? version : { ConditionExpression: 'attribute_not_exists(PK)' };
    writes.push({ tag: 'file', item: { Put: { TableName: table, Item: fileItem(after), ...put } } });
  }
  const subject = (after ?? before) as FileRecord;
  const pointerKey = fileKeys.pointer(subject.organization_id, subject.id);
  if (!before && after) {
    writes.push({ tag: 'pointer', item: { Put: { TableName: table, Item: { ...pointerKey, entity: 'fileId', fileId: after.id, folder_id: after.folder_id }, ConditionExpression: 'attribute_not_exists(PK)' } } });
  } else if (before && !after) {
    writes.push({ tag: 'pointer', item: { Delete: { TableName: table, Key: pointerKey } } });
  } else if (before && after && moves) {
    writes.push({
      tag: 'pointer',
      item: {
        Put: {
          TableName: table,
          Item: { ...pointerKey, entity: 'fileId', fileId: after.id, folder_id: after.folder_id },
          ConditionExpression: 'folder_id = :from',
          ExpressionAttributeValues: { ':from': before.folder_id },
        },
      },
    });
  }

  const bytes = sizeOf(after) - sizeOf(before);
  const objects = (after ? 1 : 0) - (before ? 1 : 0);
  if (bytes !== 0 || objects !== 0) writes.push(await storageCounterWrite(database, subject.organization_id, bytes, objects, options.storageLimitBytes));

  if (bytes !== 0 || objects !== 0 || moves) {
    const tree = options.tree ?? (await new FolderRepository(database).tree(subject.organization_id));
    const deltas: DeltaMap = new Map();
    // A file whose folder was deleted is counted by no live folder: its purge changes only the organization's counters.
    if (before) fileDeltas(tree, before.folder_id, -1, -sizeOf(before), deltas);
    if (after) fileDeltas(tree, after.folder_id, 1, sizeOf(after), deltas);
    writes.push(...counterWrites(subject.organization_id, tree, deltas, table));
  }

  try {
    await transact(database, writes);
  } catch (error) {
    if (error instanceof TransactionRefused && error.failedOn('counters') && options.storageLimitBytes !== null) {
      throw new StorageLimitExceededError(options.storageLimitBytes, (await readStorageCounters(database, subject.organization_id)).storageBytes);
    }
    throw error;
  }
}

async function storageCounterWrite(database: DatabasePort, organizationId: string, bytes: number, objects: number, limit: number | null): Promise<TaggedWrite> {
  const values: Record<string, number> = {};
  const adds: string[] = [];
  if (bytes !== 0) {
    adds.push('storage_bytes :bytes');
    values[':bytes'] = bytes;
  }
  if (objects !== 0) {
    adds.push('object_count :objects');
    values[':objects'] = objects;
  }
  let condition: string | undefined;
  if (bytes > 0 && limit !== null) {
    const room = limit - bytes;
    if (room < 0) throw new StorageLimitExceededError(limit, (await readStorageCounters(database, organizationId)).storageBytes);
    // The check and the increment are one conditional write: two uploads racing cannot both squeeze in.
    condition = 'attribute_not_exists(storage_bytes) OR storage_bytes <= :room';
    values[':room'] = room;
  }
  return {
    tag: 'counters',
    item: {
      Update: {
        TableName: database.tableName,
        Key: countersKey(organizationId),
        UpdateExpression: `SET entity = :entity ADD ${adds.join(', ')}`,
        ...(condition ? { ConditionExpression: condition } : {}),
        ExpressionAttributeValues: { ...values, ':entity': 'counters' },
      },
    },
  };
}

/** The next version of a file: the changes, a bumped version and `updated_at`. */
export function revise(file: FileRecord, changes: Partial<Omit<FileRecord, 'metadata'>> & { metadata?: Partial<FileRecord['metadata']> }, now = nowIso()): FileRecord {
  const { metadata, ...rest } = changes;
  return { ...file, ...rest, metadata: { ...file.metadata, ...metadata }, version: file.version + 1, updated_at: now };
}

/**
 * Read, decide, write, again on a conflict. `decide` answers the new record, `null` to delete it,
 * or the same record for no change; it may throw (an HTTP error, say) to stop. Resolves with what
 * was written (undefined when the file is gone or was deleted).
 */
export async function mutateFile(
  database: DatabasePort,
  organizationId: string,
  fileId: string,
  decide: (file: FileRecord) => FileRecord | null | Promise<FileRecord | null>,
  options: Omit<ChangeOptions, 'tree'>,
): Promise<FileRecord | undefined> {
  const files = new FileRepository(database);
  return retryOnConflict(async () => {
    const current = await files.get(organizationId, fileId);
    if (!current) return undefined;
    const next = await decide(current);
    if (next === current) return current;
    await commitFileChange(database, current, next ?? undefined, options);
    return next ?? undefined;
  });
}
