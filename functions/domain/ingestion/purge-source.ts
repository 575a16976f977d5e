import { logger } from '../../observability/logger';
import { getPorts, type Ports } from '../../contracts/ports/ports';
import type { QueueMessage } from '../../contracts/ports/queue';
import { purgeApplicationChats, purgeUserChats } from '../chat/chat-purge-store';
import type { FileRecord } from '../files/file-record';
import { FileRepository } from '../files/file-repository';
import { deletePrefix, platformStore, storeOfFile } from '../files/file-store';
import { commitFileChange } from '../files/file-writes';
import { extractionPrefix, fileObjectPrefix } from '../../contracts/keys/object-keys';
import type { FolderRecord } from '../folders/folder-record';
import { FolderRepository } from '../folders/folder-repository';
import type { FolderTree } from '../folders/folder-tree';
import { retryOnConflict } from '../table/tagged-transaction';
import { removeSourceFromKnowledgeBases } from '../knowledge-bases/source-usage';
import { purgeWebSource } from '../websites/purge-web-source';
import { sourcePurgeMessage, type PurgeKind, type SourcePurgePayload } from '../../contracts/messages/ingest-and-purge-messages';

/** §23.1: a purge works in slices well inside the 15-minute invocation limit, then hands on. */
export const PURGE_SLICE_MS = 10 * 60 * 1000;

export interface PurgeDependencies {
  ports: () => Ports;
  sliceMs: number;
  now: () => number;
}

const DEFAULTS: PurgeDependencies = { ports: getPorts, sliceMs: PURGE_SLICE_MS, now: Date.now };

/** `timeLeft` says whether the slice may start another step. */
type Purge = (ports: Ports, message: QueueMessage, payload: SourcePurgePayload, timeLeft: () => boolean) => Promise<'done' | 'more'>;

/**
 * Purges by source kind. Kinds without an entry (knowledge bases, until their family needs one)
 * fail and stay in the dead letters, kept for when they do.
 */
const PURGES: Partial<Record<PurgeKind, Purge>> = {
  file: purgeFile,
  folder: purgeFolder,
  web_source: (ports, message, payload) => purgeWebSource(ports, message.organizationId, payload.sourceId),
  // An API source keeps nothing of its own: its records live only in the indexes that used it.
  api_source: async (ports, message, payload) => {
    await removeSourceFromKnowledgeBases(ports, message.organizationId, payload.sourceId);
    return 'done';
  },
  // Chat sessions are the chat family's (domain/chat/chat-purge); this processor only dispatches.
  user: (ports, message, payload, timeLeft) => purgeUserChats(ports.database, message.organizationId, payload.sourceId, timeLeft),
  application: (ports, message, payload, timeLeft) => purgeApplicationChats(ports.database, message.organizationId, payload.sourceId, timeLeft),
};

/**
 * The `source.purge` processor (§23.1) for files, folders, users and applications. Every step is idempotent and
 * works from what is still there, so a slice that was cut short (or a redelivery) simply continues;
 * a cut slice re-enqueues the message with the next `cursor`.
 */
export async function purgeSource(message: QueueMessage, dependencies: PurgeDependencies = DEFAULTS): Promise<void> {
  const payload = message.payload as unknown as SourcePurgePayload;
  const purge = PURGES[payload.sourceKind];
  if (!purge) throw new Error(`No purge for source kind ${payload.sourceKind} yet`);
  const ports = dependencies.ports();
  const deadline = dependencies.now() + dependencies.sliceMs;
  const outcome = await purge(ports, message, payload, () => dependencies.now() < deadline);
  if (outcome === 'more') {
    const slice = (payload.cursor?.slice ?? 0) + 1;
    await ports.queue.send('indexing', sourcePurgeMessage(message.organizationId, message.requestedBy, { ...payload, cursor: { slice } }));
    logger.info('Purge continues in another slice', { sourceKind: payload.sourceKind, sourceId: payload.sourceId, slice });
    return;
  }
  logger.info('Purge done', { sourceKind: payload.sourceKind, sourceId: payload.sourceId });
}

async function purgeFile(ports: Ports, message: QueueMessage, payload: SourcePurgePayload): Promise<'done'> {
  const organizationId = message.organizationId;
  const file = await new FileRepository(ports.database).get(organizationId, payload.sourceId);
  const folders = new FolderRepository(ports.database);
  if (file) await removeFile(ports, file, await folders.tree(organizationId));
  await deletePrefix(platformStore(ports.objects), fileObjectPrefix(organizationId, payload.sourceId));
  await deletePrefix(platformStore(ports.objects), extractionPrefix(organizationId, payload.sourceId));
  await removeChunks(ports, organizationId, payload.sourceId);
  return 'done';
}

/**
 * The folder item itself went with the DELETE (§10.6); what is left is its subtree, found by
 * parent links among the folder items that still exist. Files first, then folders deepest first,
 * so an interrupted purge can always find the rest again from the deleted folder's id.
 */
async function purgeFolder(ports: Ports, message: QueueMessage, payload: SourcePurgePayload, timeLeft: () => boolean): Promise<'done' | 'more'> {
  const organizationId = message.organizationId;
  const folders = new FolderRepository(ports.database);
  const tree = await folders.tree(organizationId);
  if (tree.has(payload.sourceId)) {
    logger.warn('Purge of a folder that is still in the tree: skipped', { organizationId, folderId: payload.sourceId });
    return 'done';
  }
  const { folders: all } = await folders.listAll(organizationId);
  const subtree = detachedSubtree(all, payload.sourceId);
  const files = new FileRepository(ports.database);
  for (const folderId of [payload.sourceId, ...subtree.map((folder) => folder.id)]) {
    const { files: inFolder } = await files.listFolder(organizationId, folderId);
    for (const file of inFolder) {
      if (!timeLeft()) return 'more';
      await removeFile(ports, file, tree);
    }
  }
  for (const folder of subtree.reverse()) {
    if (!timeLeft()) return 'more';
    await folders.deleteDetached(folder);
  }
  return 'done';
}

/** Below the folder, parents before children. */
export function detachedSubtree(all: readonly FolderRecord[], folderId: string): FolderRecord[] {
  const out: FolderRecord[] = [];
  const seen = new Set<string>([folderId]);
  const queue = [folderId];
  while (queue.length > 0) {
    const parent = queue.shift() as string;
    for (const folder of all) {
      if (folder.parent_id !== parent || seen.has(folder.id)) continue;
      seen.add(folder.id);
      out.push(folder);
      queue.push(folder.id);
    }
  }
  return out;
}

/** The item (with the organization's counters), then its object and extraction. */
async function removeFile(ports: Ports, file: FileRecord, tree: FolderTree): Promise<void> {
  const repository = new FileRepository(ports.database);
  await retryOnConflict(async () => {
    const current = await repository.get(file.organization_id, file.id);
    if (current) await commitFileChange(ports.database, current, undefined, { storageLimitBytes: null, tree });
  });
  try {
    await deletePrefix(await storeOfFile(ports.database, ports.objects, file), fileObjectPrefix(file.organization_id, file.id));
  } catch (error) {
    logger.warn('Purge could not delete a file object from its store', { dataSourceId: file.id, store: file.metadata.object_store, error: (error as Error).message });
  }
  await deletePrefix(platformStore(ports.objects), extractionPrefix(file.organization_id, file.id));
  await removeChunks(ports, file.organization_id, file.id);
}

/** §9.4: the file's chunks leave every index version; its id stays in the knowledge bases, orphaned. */
async function removeChunks(ports: Ports, organizationId: string, fileId: string): Promise<void> {
  const removed = await removeSourceFromKnowledgeBases(ports, organizationId, fileId);
  if (removed > 0) logger.info('Purged the chunks of a deleted file from knowledge-base indexes', { dataSourceId: fileId, chunks: removed });
}
