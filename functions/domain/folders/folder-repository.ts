import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys, nowIso, withoutKeys } from '../../contracts/keys/table-keys';
import { queryAll } from '../table/query-all';
import { counterWrites, subtreeDeltas, type DeltaMap } from './folder-counters';
import { FOLDER_SK_PREFIX, folderKeys, newFolderId, ROOT_FOLDER_NAME, sameFolderName, ZERO_COUNTERS, type FolderRecord } from './folder-record';
import { FolderTree } from './folder-tree';
import { transact, TransactionRefused, type TaggedWrite } from '../table/tagged-transaction';

/** Who a folder is recorded as created by when no person did it (the root, made with the organization). */
export const SYSTEM_CREATOR = { id: 'system', name: 'System' } as const;

export interface Creator {
  id: string;
  name: string;
}

/** A sibling of the target location already has this name (case-insensitively). */
export class FolderNameTakenError extends Error {}

export class FolderRepository {
  constructor(private readonly database: DatabasePort) {}

  /** Every folder item of the organization, live or waiting for its purge, in one Query (§10.2). */
  async listAll(organizationId: string): Promise<{ folders: FolderRecord[]; truncated: boolean }> {
    const { items, truncated } = await queryAll<Record<string, unknown>>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': FOLDER_SK_PREFIX },
      // Decisions (names, depth, counters) are taken on this read, so it must see the latest writes.
      ConsistentRead: true,
    });
    return { folders: items.map((item) => withoutKeys(item) as unknown as FolderRecord), truncated };
  }

  /** The live tree; the root is created on first use for organizations that predate folders. */
  async tree(organizationId: string): Promise<FolderTree> {
    let { folders, truncated } = await this.listAll(organizationId);
    if (!folders.some((folder) => folder.is_root)) {
      await this.ensureRoot(organizationId);
      ({ folders, truncated } = await this.listAll(organizationId));
    }
    return new FolderTree(folders, truncated);
  }

  async get(organizationId: string, folderId: string): Promise<FolderRecord | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: folderKeys.folder(organizationId, folderId), ConsistentRead: true }),
    );
    return Item ? (withoutKeys(Item) as unknown as FolderRecord) : undefined;
  }

  /** Idempotent: the root claim makes racing first uses agree on one root. */
  async ensureRoot(organizationId: string, creator: Creator = SYSTEM_CREATOR): Promise<FolderRecord> {
    const existing = await this.rootOf(organizationId);
    if (existing) return existing;
    const now = nowIso();
    const root: FolderRecord = {
      id: newFolderId(),
      organization_id: organizationId,
      name: ROOT_FOLDER_NAME,
      parent_id: null,
      is_root: true,
      description: '',
      created_by: creator.id,
      created_by_name: creator.name,
      created_at: now,
      updated_at: now,
      version: 1,
      ...ZERO_COUNTERS,
    };
    const table = this.database.tableName;
    try {
      await transact(this.database, [
        { tag: 'root-claim', item: { Put: { TableName: table, Item: { ...folderKeys.rootClaim(organizationId), entity: 'rootFolderClaim', folderId: root.id }, ConditionExpression: 'attribute_not_exists(PK)' } } },
        { tag: 'folder', item: { Put: { TableName: table, Item: this.item(root), ConditionExpression: 'attribute_not_exists(PK)' } } },
      ]);
      return root;
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      const winner = await this.rootOf(organizationId);
      if (!winner) throw error;
      return winner;
    }
  }

  /** Throws FolderNameTakenError, or TransactionRefused (retryable) when the parent chain changed. */
  async create(tree: FolderTree, folder: FolderRecord): Promise<void> {
    const parentId = folder.parent_id as string;
    const table = this.database.tableName;
    await this.write(folder.name, [
      { tag: 'folder', item: { Put: { TableName: table, Item: this.item(folder), ConditionExpression: 'attribute_not_exists(PK)' } } },
      this.claimPut(folder.organization_id, parentId, folder),
      ...counterWrites(folder.organization_id, tree, subtreeDeltas(tree, parentId, ZERO_COUNTERS, 1), table),
    ]);
  }

  /** Name and description; the counters are untouched but checked, because a Put rewrites them. */
  async rename(before: FolderRecord, after: FolderRecord): Promise<void> {
    const writes: TaggedWrite[] = [this.replace(before, after)];
    if (!before.is_root && !sameFolderName(before.name, after.name)) {
      writes.push(this.claimDelete(before), this.claimPut(after.organization_id, after.parent_id as string, after));
    }
    await this.write(after.name, writes);
  }

  /** The folder alone changes parent; its subtree's totals leave one ancestor chain and join the other. */
  async move(tree: FolderTree, before: FolderRecord, after: FolderRecord): Promise<void> {
    const deltas: DeltaMap = subtreeDeltas(tree, before.parent_id as string, before, -1);
    subtreeDeltas(tree, after.parent_id as string, before, 1, deltas);
    await this.write(after.name, [
      this.replace(before, after),
      this.claimDelete(before),
      this.claimPut(after.organization_id, after.parent_id as string, after),
      ...counterWrites(after.organization_id, tree, deltas, this.database.tableName),
    ]);
  }

  /**
   * Removes the folder from the tree in one write: its subtree is no longer reachable from the
   * root, so it disappears from every read; the purge deletes the rest later.
   */
  async delete(tree: FolderTree, folder: FolderRecord): Promise<void> {
    await transact(this.database, [
      { tag: 'folder', item: { Delete: { TableName: this.database.tableName, Key: folderKeys.folder(folder.organization_id, folder.id), ...this.unchanged(folder) } } },
      this.claimDelete(folder),
      ...counterWrites(folder.organization_id, tree, subtreeDeltas(tree, folder.parent_id as string, folder, -1), this.database.tableName),
    ]);
  }

  /** The purge's last step for each folder of a deleted subtree: no ancestor counts it any more. */
  async deleteDetached(folder: FolderRecord): Promise<void> {
    await transact(this.database, [
      { tag: 'folder', item: { Delete: { TableName: this.database.tableName, Key: folderKeys.folder(folder.organization_id, folder.id) } } },
      this.claimDelete(folder),
    ]);
  }

  private async rootOf(organizationId: string): Promise<FolderRecord | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: folderKeys.rootClaim(organizationId), ConsistentRead: true }),
    );
    return Item ? this.get(organizationId, Item.folderId as string) : undefined;
  }

  private item(folder: FolderRecord): Record<string, unknown> {
    return { ...folderKeys.folder(folder.organization_id, folder.id), entity: 'folder', ...folder };
  }

  /** Same version and same counters as read: nothing wrote the folder since, not even an ADD. */
  private unchanged(folder: FolderRecord) {
    return {
      ConditionExpression:
        'version = :version AND total_file_count = :tfc AND direct_file_count = :dfc AND total_subfolder_count = :tsc AND direct_subfolder_count = :dsc AND total_size = :size',
      ExpressionAttributeValues: {
        ':version': folder.version,
        ':tfc': folder.total_file_count,
        ':dfc': folder.direct_file_count,
        ':tsc': folder.total_subfolder_count,
        ':dsc': folder.direct_subfolder_count,
        ':size': folder.total_size,
      },
    };
  }

  private replace(before: FolderRecord, after: FolderRecord): TaggedWrite {
    return { tag: 'folder', item: { Put: { TableName: this.database.tableName, Item: this.item(after), ...this.unchanged(before) } } };
  }

  private claimPut(organizationId: string, parentId: string, folder: FolderRecord): TaggedWrite {
    return {
      tag: 'name-claim',
      item: {
        Put: {
          TableName: this.database.tableName,
          Item: { ...folderKeys.nameClaim(organizationId, parentId, folder.name), entity: 'folderName', folderId: folder.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    };
  }

  private claimDelete(folder: FolderRecord): TaggedWrite {
    return {
      tag: 'name-claim',
      item: {
        Delete: {
          TableName: this.database.tableName,
          Key: folderKeys.nameClaim(folder.organization_id, folder.parent_id ?? '', folder.name),
          // Only our own claim: a claim someone else holds under that name is theirs to keep.
          ConditionExpression: 'attribute_not_exists(PK) OR folderId = :folderId',
          ExpressionAttributeValues: { ':folderId': folder.id },
        },
      },
    };
  }

  private async write(name: string, writes: TaggedWrite[]): Promise<void> {
    try {
      await transact(this.database, writes);
    } catch (error) {
      // Only the claim being put can be taken; a claim delete never fails on someone else's claim.
      if (error instanceof TransactionRefused && error.failedOn('name-claim')) throw new FolderNameTakenError(`A folder named ${name} already exists here`);
      throw error;
    }
  }
}
