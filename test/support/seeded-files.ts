import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../functions/contracts/ports/database';
import { fileItem, fileKeys, newFileId, type FileRecord, type FileStatus } from '../../functions/domain/files/file-record';
import { FolderRepository } from '../../functions/domain/folders/folder-repository';

/**
 * Many file items written straight to the table, for tests about how lists and pictures hold up at
 * scale (thousands of uploads would take minutes). Each gets its item and its id pointer, as
 * commitFileChange writes them, in the organization's root folder; the storage and folder counters
 * are left alone, so these files count against no plan limit. Names are `${prefix} 0001.txt` and on.
 */
export async function seedFiles(database: DatabasePort, organizationId: string, count: number, options: { prefix?: string; status?: FileStatus; from?: number } = {}): Promise<string[]> {
  const { prefix = 'Seeded', status = 'active', from = 1 } = options;
  const root = await new FolderRepository(database).ensureRoot(organizationId);
  const now = new Date().toISOString();
  const records: FileRecord[] = Array.from({ length: count }, (_, index) => {
    const name = `${prefix} ${String(from + index).padStart(4, '0')}.txt`;
    const objectName = `${organizationId}/seeded/${name}`;
    return {
      id: newFileId(),
      organization_id: organizationId,
      name,
      item_type: 'file',
      source_type: 'file_upload',
      status,
      folder_id: root.id,
      created_by: 'seed',
      created_by_name: 'Seed',
      created_at: now,
      updated_at: now,
      version: 1,
      metadata: {
        original_filename: name,
        file_size: 10,
        mime_type: 'text/plain',
        object_name: objectName,
        object_store: 'platform',
        original_metadata: { mime_type: 'text/plain', file_size: 10, original_filename: name, object_name: objectName },
      },
    };
  });
  const items = records.flatMap((record) => [fileItem(record), { ...fileKeys.pointer(organizationId, record.id), entity: 'fileId', fileId: record.id, folder_id: record.folder_id }]);
  const batches: Array<Array<Record<string, unknown>>> = [];
  for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
  // A few batches at a time: DynamoDB Local is shared with the other test files.
  for (let start = 0; start < batches.length; start += 4) {
    await Promise.all(batches.slice(start, start + 4).map((batch) => writeAll(database, batch)));
  }
  return records.map((record) => record.id);
}

async function writeAll(database: DatabasePort, items: Array<Record<string, unknown>>): Promise<void> {
  let requests = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; requests.length > 0; attempt += 1) {
    if (attempt > 20) throw new Error(`${requests.length} seeded items were never written`);
    const answer = await database.client.send(new BatchWriteCommand({ RequestItems: { [database.tableName]: requests } }));
    requests = (answer.UnprocessedItems?.[database.tableName] ?? []) as typeof requests;
    if (requests.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
  }
}
