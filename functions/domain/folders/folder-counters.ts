import { COUNTER_FIELDS, folderKeys, type FolderCounters } from './folder-record';
import type { FolderTree } from './folder-tree';
import type { TaggedWrite } from '../table/tagged-transaction';

export type CounterDelta = Partial<FolderCounters>;
export type DeltaMap = Map<string, CounterDelta>;

function add(map: DeltaMap, folderId: string, field: keyof FolderCounters, amount: number): void {
  if (amount === 0) return;
  const delta = map.get(folderId) ?? {};
  delta[field] = (delta[field] ?? 0) + amount;
  map.set(folderId, delta);
}

/** Files entering (positive) or leaving (negative) a folder: the folder's direct count and every ancestor's totals. */
export function fileDeltas(tree: FolderTree, folderId: string, files: number, bytes: number, into: DeltaMap = new Map()): DeltaMap {
  if (!tree.has(folderId)) return into;
  add(into, folderId, 'direct_file_count', files);
  for (const folder of tree.chain(folderId)) {
    add(into, folder.id, 'total_file_count', files);
    add(into, folder.id, 'total_size', bytes);
  }
  return into;
}

/**
 * A subtree entering (sign 1) or leaving (sign -1) a parent: the subtree's own root counts as one
 * subfolder, plus everything it holds.
 */
export function subtreeDeltas(tree: FolderTree, parentId: string, subtree: FolderCounters, sign: 1 | -1, into: DeltaMap = new Map()): DeltaMap {
  if (!tree.has(parentId)) return into;
  add(into, parentId, 'direct_subfolder_count', sign);
  for (const folder of tree.chain(parentId)) {
    add(into, folder.id, 'total_subfolder_count', sign * (1 + subtree.total_subfolder_count));
    add(into, folder.id, 'total_file_count', sign * subtree.total_file_count);
    add(into, folder.id, 'total_size', sign * subtree.total_size);
  }
  return into;
}

/**
 * One ADD per folder whose counters change. Each carries the folder's position as read (its
 * parent, or being the root) as a condition: if any folder of the chain moved or was deleted in
 * the meantime, the transaction is refused and the writer reads the tree again, so counters are
 * never added to a chain that no longer holds the item.
 */
export function counterWrites(organizationId: string, tree: FolderTree, deltas: DeltaMap, tableName: string): TaggedWrite[] {
  const writes: TaggedWrite[] = [];
  for (const [folderId, delta] of deltas) {
    const fields = COUNTER_FIELDS.filter((field) => (delta[field] ?? 0) !== 0);
    const folder = tree.get(folderId);
    if (fields.length === 0 || !folder) continue;
    const values: Record<string, unknown> = Object.fromEntries(fields.map((field) => [`:${field}`, delta[field]]));
    let condition = 'attribute_exists(PK) AND is_root = :isRoot';
    values[':isRoot'] = folder.is_root;
    if (!folder.is_root) {
      condition += ' AND parent_id = :parent';
      values[':parent'] = folder.parent_id;
    }
    writes.push({
      tag: 'folder',
      item: {
        Update: {
          TableName: tableName,
          Key: folderKeys.folder(organizationId, folderId),
          UpdateExpression: `ADD ${fields.map((field) => `${field} :${field}`).join(', ')}`,
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
        },
      },
    });
  }
  return writes;
}
