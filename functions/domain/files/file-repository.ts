import { BatchGetCommand, GetCommand, QueryCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys, withoutKeys } from '../../contracts/keys/table-keys';
import { LIST_READ_BOUND, queryAll } from '../table/query-all';
import { fileKeys, PENDING_UPLOADS_PARTITION, type FileRecord } from './file-record';

const FOLDER_QUERY_CONCURRENCY = 8;
const BATCH_GET_SIZE = 100;

const toRecord = (item: Record<string, unknown>) => withoutKeys(item) as unknown as FileRecord;

/** Reads of file items. Writes go through commitFileChange, which keeps counters with them. */
export class FileRepository {
  constructor(private readonly database: DatabasePort) {}

  /** By id: the pointer says which folder the item is filed under. */
  async get(organizationId: string, fileId: string): Promise<FileRecord | undefined> {
    // A move rewrites item and pointer together; reading between them is retried once.
    for (let round = 0; round < 2; round++) {
      const pointer = await this.getItem(fileKeys.pointer(organizationId, fileId));
      if (!pointer) return undefined;
      const item = await this.getItem(fileKeys.file(organizationId, pointer.folder_id as string, fileId));
      if (item) return toRecord(item);
    }
    return undefined;
  }

  /** Up to 100 ids per request (the §1.5 `ids` cap); unknown ids are left out. */
  async getMany(organizationId: string, fileIds: readonly string[]): Promise<FileRecord[]> {
    const unique = [...new Set(fileIds)];
    const pointers = await this.batchGet(unique.map((id) => fileKeys.pointer(organizationId, id)));
    const itemKeys = pointers.map((pointer) => fileKeys.file(organizationId, pointer.folder_id as string, pointer.fileId as string));
    const files = (await this.batchGet(itemKeys)).map(toRecord);
    const order = new Map(unique.map((id, index) => [id, index]));
    return files.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }

  async listFolder(organizationId: string, folderId: string): Promise<{ files: FileRecord[]; truncated: boolean }> {
    const { items, truncated } = await queryAll<Record<string, unknown>>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': fileKeys.folderFilesPrefix(folderId) },
    });
    return { files: items.map(toRecord), truncated };
  }

  /**
   * The files of several folders, one Query per folder, stopping at the §1.5 bound across all of
   * them; `truncated` when it stopped early.
   */
  async listFolders(organizationId: string, folderIds: readonly string[]): Promise<{ files: FileRecord[]; truncated: boolean }> {
    const files: FileRecord[] = [];
    let truncated = false;
    for (let start = 0; start < folderIds.length; start += FOLDER_QUERY_CONCURRENCY) {
      if (files.length >= LIST_READ_BOUND) return { files: files.slice(0, LIST_READ_BOUND), truncated: true };
      const slice = folderIds.slice(start, start + FOLDER_QUERY_CONCURRENCY);
      const results = await Promise.all(slice.map((id) => this.listFolder(organizationId, id)));
      for (const result of results) {
        files.push(...result.files);
        truncated ||= result.truncated;
      }
    }
    if (files.length > LIST_READ_BOUND) return { files: files.slice(0, LIST_READ_BOUND), truncated: true };
    return { files, truncated };
  }

  /** Every file of the organization, most recently updated first, within the §1.5 bound (GSI2). */
  async listRecent(organizationId: string): Promise<{ files: FileRecord[]; truncated: boolean }> {
    const { items, truncated } = await queryAll<Record<string, unknown>>(this.database, {
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': fileKeys.recentPartition(organizationId) },
      ScanIndexForward: false,
    });
    return { files: items.map(toRecord), truncated };
  }

  /** Uploads still pending whose upload began before `cutoff` (GSI1), oldest first, at most `limit`. */
  async pendingUploadsBefore(cutoff: string, limit: number): Promise<Array<Pick<FileRecord, 'organization_id' | 'id'>>> {
    const { Items = [] } = await this.database.client.send(
      new QueryCommand({
        TableName: this.database.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :cutoff',
        ExpressionAttributeValues: { ':pk': PENDING_UPLOADS_PARTITION, ':cutoff': cutoff },
        Limit: limit,
      }),
    );
    return Items as Array<Pick<FileRecord, 'organization_id' | 'id'>>;
  }

  private async getItem(key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: key, ConsistentRead: true }));
    return Item;
  }

  private async batchGet(itemKeys: Array<{ PK: string; SK: string }>): Promise<Array<Record<string, unknown>>> {
    const found: Array<Record<string, unknown>> = [];
    const table = this.database.tableName;
    for (let start = 0; start < itemKeys.length; start += BATCH_GET_SIZE) {
      let pending: Array<Record<string, unknown>> = itemKeys.slice(start, start + BATCH_GET_SIZE);
      for (let round = 0; pending.length > 0; round++) {
        const answer: BatchGetCommandOutput = await this.database.client.send(
          new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } }),
        );
        found.push(...(answer.Responses?.[table] ?? []));
        pending = (answer.UnprocessedKeys?.[table]?.Keys ?? []) as Array<Record<string, unknown>>;
        if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** round)));
      }
    }
    return found;
  }
}
