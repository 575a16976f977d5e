import { ACCEPTED_TYPES, kindFromNameOrMime } from '../extraction/file-type-check';
import { badRequest, forbidden, ContractError, notFound } from '../../contracts/contract-error';
import { logger } from '../../observability/logger';
import type { Ports } from '../../contracts/ports/ports';
import { FOLDER_MESSAGES } from '../folders/folder-messages';
import { FolderRepository } from '../folders/folder-repository';
import type { FolderTree } from '../folders/folder-tree';
import { retryOnConflict } from '../table/tagged-transaction';
import { fileIngestMessage, sourcePurgeMessage } from '../../contracts/messages/ingest-and-purge-messages';
import type { OrganizationRecord } from '../organizations/organization-repository';
import { readStorageCounters } from '../cloud-resources/storage-counters';
import { nowIso } from '../../contracts/keys/table-keys';
import { FILE_MESSAGES, MAX_FILE_BYTES, UPLOAD_URL_SECONDS } from './file-messages';
import { newFileId, type FileRecord } from './file-record';
import { FileRepository } from './file-repository';
import { deleteObject, deletePrefix, headObject, platformStore, storeOfFile, StoreUnavailableError, userStore, type FileStore } from './file-store';
import { commitFileChange, mutateFile, revise, StorageLimitExceededError } from './file-writes';
import { extractionPrefix, fileObjectKey, fileObjectPrefix } from '../../contracts/keys/object-keys';
import { storageLimitOf, storageQuotaError } from './storage-limit';

export interface Actor {
  organization: OrganizationRecord;
  userId: string;
  userName: string;
}

export interface UploadRequest {
  filename: string;
  folderId?: string | null;
  size?: number;
  mimeType?: string;
}

export interface UploadTicket {
  uploadUrl: string;
  objectName: string;
  dataSourceId: string;
  method: 'PUT';
  headers: { 'Content-Type': string };
  expiresIn: number;
}

/** The folder a request names, or the root when it names none; "Folder not found" otherwise. */
export function folderOrRoot(tree: FolderTree, folderId: string | null | undefined) {
  if (folderId === undefined || folderId === null || folderId === '') return tree.root;
  const folder = tree.get(folderId);
  if (!folder) throw notFound(FOLDER_MESSAGES.notFound);
  return folder;
}

/** The type the object must be PUT with: the client's, or the accepted type of the name's kind. */
export function uploadContentType(filename: string, mimeType: string | undefined): string {
  const kind = kindFromNameOrMime(filename, mimeType ?? '');
  if (!kind) throw badRequest(FILE_MESSAGES.typeNotAccepted);
  const given = mimeType?.trim();
  return given ? given : (ACCEPTED_TYPES[kind].mimeTypes[0] as string);
}

/**
 * §9.5. Everything that can refuse the upload (type, declared size, folder, the plan's storage)
 * is checked before anything is signed, and the pending item is counted in the same transaction
 * that creates it, so the storage limit holds under concurrent uploads.
 */
export async function createPendingUpload(ports: Ports, actor: Actor, request: UploadRequest): Promise<{ ticket: UploadTicket; file: FileRecord }> {
  const contentType = uploadContentType(request.filename, request.mimeType);
  const organizationId = actor.organization.id;
  const store = (await fromUserStore(() => userStore(ports.database, organizationId, actor.userId))) ?? platformStore(ports.objects);
  const id = newFileId();
  const objectName = fileObjectKey(organizationId, id, request.filename);
  const size = request.size ?? 0;

  const file = await retryOnConflict(async () => {
    const tree = await new FolderRepository(ports.database).tree(organizationId);
    const folder = folderOrRoot(tree, request.folderId);
    if (size > MAX_FILE_BYTES) throw new ContractError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge);
    const now = nowIso();
    const record: FileRecord = {
      id,
      organization_id: organizationId,
      name: request.filename,
      item_type: 'file',
      source_type: 'file_upload',
      status: 'pending',
      folder_id: folder.id,
      created_by: actor.userId,
      created_by_name: actor.userName,
      created_at: now,
      updated_at: now,
      version: 1,
      metadata: {
        original_filename: request.filename,
        file_size: size,
        mime_type: contentType,
        object_name: objectName,
        object_store: store.kind,
        upload_started_at: now,
        original_metadata: { mime_type: contentType, file_size: size, original_filename: request.filename, object_name: objectName },
      },
    };
    try {
      await commitFileChange(ports.database, undefined, record, { storageLimitBytes: await storageLimitOf(ports.database, actor.organization), tree });
    } catch (error) {
      if (error instanceof StorageLimitExceededError) throw storageQuotaError(error);
      throw error;
    }
    return record;
  });

  // A declared size is signed: storage itself refuses bytes of another length than the plan was checked for.
  const uploadUrl = await store.presignPut(objectName, contentType, UPLOAD_URL_SECONDS, request.size);
  return {
    file,
    ticket: { uploadUrl, objectName, dataSourceId: id, method: 'PUT', headers: { 'Content-Type': contentType }, expiresIn: UPLOAD_URL_SECONDS },
  };
}

export interface CompletionRequest {
  dataSourceId: string;
  objectName?: string;
  folderId?: string | null;
}

/**
 * §9.6. The stored object is the truth: its real size and type are recorded and checked again
 * (50 MB, the plan's storage). A refused object is deleted together with its item. A repeated call
 * changes nothing and answers the same item; it enqueues the ingest again only while the item is
 * still pending, which the ingest's per-ETag idempotency makes harmless.
 */
export async function completeUpload(ports: Ports, actor: Actor, request: CompletionRequest): Promise<FileRecord> {
  const organizationId = actor.organization.id;
  const files = new FileRepository(ports.database);
  const folders = new FolderRepository(ports.database);
  const tree = await folders.tree(organizationId);
  const file = await files.get(organizationId, request.dataSourceId);
  if (!file || !tree.has(file.folder_id)) throw notFound(FILE_MESSAGES.notFound);
  if (file.created_by !== actor.userId) throw forbidden();
  if (request.objectName !== file.metadata.object_name) throw badRequest(FILE_MESSAGES.objectNameMismatch);
  const target = request.folderId === undefined ? undefined : folderOrRoot(tree, request.folderId);

  const store = await fromUserStore(() => storeOfFile(ports.database, ports.objects, file), file);
  const object = await fromUserStore(() => headObject(store, file.metadata.object_name), file);
  if (!object) {
    // Read again: an ingest that refused the object recorded why before deleting it, after our first read.
    const current = (await files.get(organizationId, file.id)) ?? file;
    const refusal = await refusalAtIngest(ports, actor, current);
    if (refusal) {
      await deleteFileRecord(ports, current, actor.userId);
      throw refusal;
    }
    throw badRequest(FILE_MESSAGES.uploadNotFound);
  }
  if (!kindFromNameOrMime(file.metadata.original_filename, object.contentType)) throw badRequest(FILE_MESSAGES.typeNotAccepted);
  if (object.size > MAX_FILE_BYTES) {
    await discardUpload(ports, file, store, actor.userId);
    throw new ContractError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge);
  }
  if (sizeMismatch(file, object.size)) {
    await discardUpload(ports, file, store, actor.userId);
    throw badRequest(FILE_MESSAGES.sizeMismatch);
  }

  const limit = await storageLimitOf(ports.database, actor.organization);
  let completed: FileRecord | undefined;
  try {
    completed = await mutateFile(
      ports.database,
      organizationId,
      file.id,
      async (current) => {
        // The ingest may have counted the real size already, so the check is on the total with this
        // file at its real size, not only on what this write adds (the conditional write covers races).
        const used = (await readStorageCounters(ports.database, organizationId)).storageBytes;
        if (limit !== null && used - current.metadata.file_size + object.size > limit) throw new StorageLimitExceededError(limit, used);
        const folderId = target?.id ?? current.folder_id;
        const unchanged =
          current.metadata.upload_completed_at !== undefined &&
          current.metadata.file_size === object.size &&
          current.metadata.mime_type === (object.contentType || current.metadata.mime_type) &&
          current.folder_id === folderId;
        if (unchanged) return current;
        return revise(current, {
          folder_id: folderId,
          metadata: {
            file_size: object.size,
            mime_type: object.contentType || current.metadata.mime_type,
            upload_completed_at: current.metadata.upload_completed_at ?? nowIso(),
          },
        });
      },
      { storageLimitBytes: limit },
    );
  } catch (error) {
    if (!(error instanceof StorageLimitExceededError)) throw error;
    await discardUpload(ports, file, store, actor.userId);
    throw storageQuotaError(error);
  }
  if (!completed) throw notFound(FILE_MESSAGES.notFound);

  if (completed.status === 'pending') {
    await ports.queue.send(
      'indexing',
      fileIngestMessage(organizationId, actor.userId, {
        dataSourceId: file.id,
        bucket: store.bucket,
        objectName: file.metadata.object_name,
        size: object.size,
        mimeType: completed.metadata.mime_type,
        eTag: object.etag,
        trigger: 'upload-complete',
      }),
    );
  }
  return completed;
}

/**
 * A declared size was signed into the PUT (storage refuses any other length); a store that ignores
 * signed lengths must not get more stored than the plan's storage was checked for either.
 */
export function sizeMismatch(file: FileRecord, actualSize: number): boolean {
  if (file.source_type !== 'file_upload') return false;
  const declared = file.metadata.original_metadata?.file_size ?? 0;
  return declared > 0 && actualSize !== declared;
}

/**
 * The §9.6 answer for an upload the ingest already refused for its size (it deleted the object and
 * released the storage, keeping the item failed with the reason), so completing it answers what
 * completing it first would have: 413, 402 or 400, and the item goes.
 */
async function refusalAtIngest(ports: Ports, actor: Actor, file: FileRecord): Promise<ContractError | undefined> {
  if (file.status !== 'failed') return undefined;
  switch (file.metadata.error) {
    case FILE_MESSAGES.tooLarge:
      return new ContractError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge);
    case FILE_MESSAGES.sizeMismatch:
      return badRequest(FILE_MESSAGES.sizeMismatch);
    case FILE_MESSAGES.storageLimit: {
      const limit = (await storageLimitOf(ports.database, actor.organization)) ?? 0;
      const used = (await readStorageCounters(ports.database, file.organization_id)).storageBytes;
      return storageQuotaError(new StorageLimitExceededError(limit, used));
    }
    default:
      return undefined;
  }
}

/**
 * A user's own store that fails (answers 5xx, drops the connection, or its endpoint is refused) is
 * an upstream failure (§1: object storage, 502), not ours; the platform's store failing stays a 500.
 */
async function fromUserStore<T>(work: () => Promise<T>, file?: FileRecord): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const usersStore = error instanceof StoreUnavailableError || file?.metadata.object_store === 'user';
    if (error instanceof ContractError || !usersStore) throw error;
    logger.warn('A user\'s storage failed', { dataSourceId: file?.id, error: (error as Error).message });
    throw new ContractError('UPSTREAM_ERROR', FILE_MESSAGES.storeUnavailable);
  }
}

/** An upload refused after the bytes arrived: the object and the item both go (§9.6). */
async function discardUpload(ports: Ports, file: FileRecord, store: FileStore, requestedBy: string): Promise<void> {
  await deleteObject(store, file.metadata.object_name).catch((error: unknown) => logger.warn('Refused upload object could not be deleted', { dataSourceId: file.id, error: (error as Error).message }));
  await deleteFileRecord(ports, file, requestedBy);
}

/**
 * Deletes the item (and what counts it) at once, then its object and extraction; the purge
 * message follows for whatever is derived from it elsewhere (chunks, vectors) and for any object
 * a failure here left behind.
 */
export async function deleteFileRecord(ports: Ports, file: FileRecord, requestedBy: string): Promise<void> {
  await mutateFile(ports.database, file.organization_id, file.id, () => null, { storageLimitBytes: null });
  try {
    const store = await storeOfFile(ports.database, ports.objects, file);
    await deletePrefix(store, fileObjectPrefix(file.organization_id, file.id));
    await deletePrefix(platformStore(ports.objects), extractionPrefix(file.organization_id, file.id));
  } catch (error) {
    logger.warn('File objects could not be deleted now; the purge will try again', { dataSourceId: file.id, error: (error as Error).message });
  }
  await ports.queue.send('indexing', sourcePurgeMessage(file.organization_id, requestedBy, { sourceKind: 'file', sourceId: file.id, knowledgeBaseIds: [] }));
}
