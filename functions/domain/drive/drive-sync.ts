import { ContractError, upstreamError } from '../../contracts/contract-error';
import { nowIso } from '../../contracts/keys/table-keys';
import { fileObjectKey } from '../../contracts/keys/object-keys';
import { driveImportMessage, driveTokenContext } from '../../contracts/messages/drive-import-message';
import type { Ports } from '../../contracts/ports/ports';
import { DRIVE_MESSAGES, type DriveFile, type DriveSyncFailure } from '../../../shared/api/schemas/drive';
import { readStorageCounters } from '../cloud-resources/storage-counters';
import { folderOrRoot, type Actor } from '../files/file-lifecycle';
import { newFileId, type FileRecord } from '../files/file-record';
import { FileRepository } from '../files/file-repository';
import { commitFileChange, revise, StorageLimitExceededError } from '../files/file-writes';
import { storageLimitOf, storageQuotaError } from '../files/storage-limit';
import { FolderRepository } from '../folders/folder-repository';
import { retryOnConflict } from '../table/tagged-transaction';
import { planDriveImport, isSupportedType, type DriveImportPlan } from './drive-file-types';
import { DriveAuthRejectedError, DriveFileMissingError, GoogleDriveClient, type GoogleDriveFile } from './google-drive-client';

/** §12's 400 for a token Google rejects. */
export const driveAuthError = (message: string = DRIVE_MESSAGES.notAuthenticated) => new ContractError('DRIVE_AUTH_REQUIRED', message);

export function driveClient(ports: Ports, accessToken: string): GoogleDriveClient {
  return new GoogleDriveClient(ports.settings.googleApiBaseUrl?.() ?? 'https://www.googleapis.com', accessToken);
}

/**
 * The organization's synced items by Drive file id (§12.1 `isSynced`, §12.2's re-import). Read from
 * the organization's files within the §1.5 bound, newest first, so the newest item of a Drive file wins.
 */
export async function syncedItems(ports: Ports, organizationId: string): Promise<Map<string, FileRecord>> {
  const { files } = await new FileRepository(ports.database).listRecent(organizationId);
  const byDriveId = new Map<string, FileRecord>();
  for (const file of files) {
    const driveId = file.source_type === 'drive_sync' ? file.metadata.drive_file_id : undefined;
    if (driveId && !byDriveId.has(driveId)) byDriveId.set(driveId, file);
  }
  return byDriveId;
}

/** §12.1 */
export async function listDriveFiles(ports: Ports, organizationId: string, accessToken: string, query: { pageSize: number; pageToken?: string; search?: string }): Promise<{ files: DriveFile[]; nextPageToken?: string }> {
  let page;
  try {
    page = await driveClient(ports, accessToken).list(query);
  } catch (error) {
    if (error instanceof DriveAuthRejectedError) throw driveAuthError();
    throw upstreamError(DRIVE_MESSAGES.loadFailed);
  }
  const synced = await syncedItems(ports, organizationId);
  const files = page.files.map((file) => toDriveFile(file, synced.has(file.id)));
  return { files, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) };
}

export function toDriveFile(file: GoogleDriveFile, isSynced: boolean): DriveFile {
  const size = file.size === undefined ? null : Number(file.size);
  return {
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    size: size !== null && Number.isFinite(size) ? size : null,
    modifiedTime: file.modifiedTime ?? '',
    isSynced,
    supported: isSupportedType(file),
    webViewLink: file.webViewLink ?? null,
  };
}

interface AcceptedFile {
  driveFile: GoogleDriveFile;
  plan: DriveImportPlan;
  existing?: FileRecord;
}

/**
 * §12.2. Every selected file is looked up in Drive first; those that cannot be imported are
 * answered in `failed` with their reason, the others become `pending` items (a file synced before
 * is re-imported under its existing id, where it is) counted against the plan's storage at their
 * declared sizes, and one `drive.import` each carries the token, encrypted for that item only.
 */
export async function syncDriveFiles(
  ports: Ports,
  actor: Actor,
  accessToken: string,
  request: { fileIds: string[]; folderId?: string | null },
): Promise<{ files: FileRecord[]; failed: DriveSyncFailure[] }> {
  const organizationId = actor.organization.id;
  const folders = new FolderRepository(ports.database);
  const folder = folderOrRoot(await folders.tree(organizationId), request.folderId);
  const client = driveClient(ports, accessToken);
  const fileIds = [...new Set(request.fileIds.map((id) => id.trim()))];

  const failed: DriveSyncFailure[] = [];
  const looked: Array<{ fileId: string; driveFile: GoogleDriveFile }> = [];
  for (const fileId of fileIds) {
    try {
      const driveFile = await client.get(fileId);
      if (driveFile.trashed) failed.push({ fileId, message: DRIVE_MESSAGES.fileNotFound });
      else looked.push({ fileId, driveFile: { ...driveFile, id: driveFile.id || fileId } });
    } catch (error) {
      if (error instanceof DriveAuthRejectedError) throw driveAuthError();
      if (error instanceof DriveFileMissingError) failed.push({ fileId, message: DRIVE_MESSAGES.fileNotFound });
      else throw upstreamError(DRIVE_MESSAGES.syncFailed);
    }
  }

  const synced = await syncedItems(ports, organizationId);
  const accepted: AcceptedFile[] = [];
  for (const { fileId, driveFile } of looked) {
    const planned = planDriveImport(driveFile);
    if (!planned.ok) failed.push({ fileId, message: planned.message });
    else accepted.push({ driveFile, plan: planned.plan, existing: synced.get(driveFile.id) });
  }

  // §12.2's 402 is judged on the declared sizes of the whole selection before any item is made.
  const limit = await storageLimitOf(ports.database, actor.organization);
  if (limit !== null) {
    const adds = accepted.reduce((sum, file) => sum + file.plan.declaredSize - (file.existing?.metadata.file_size ?? 0), 0);
    const used = (await readStorageCounters(ports.database, organizationId)).storageBytes;
    if (adds > 0 && used + adds > limit) throw storageQuotaError(new StorageLimitExceededError(limit, used));
  }

  const files: FileRecord[] = [];
  for (const file of accepted) {
    const record = await writePendingItem(ports, actor, file, folder.id, limit);
    const accessTokenEncrypted = await ports.secrets.encrypt(accessToken, driveTokenContext(organizationId, record.id));
    await ports.queue.send(
      'indexing',
      driveImportMessage(organizationId, actor.userId, {
        dataSourceId: record.id,
        driveFileId: file.driveFile.id,
        mimeType: file.driveFile.mimeType,
        ...(file.plan.exportMimeType ? { exportMimeType: file.plan.exportMimeType } : {}),
        accessTokenEncrypted,
        folderId: record.folder_id,
      }),
    );
    files.push(record);
  }
  // Refusals in the order the files were asked for, whichever check refused them.
  const order = new Map(fileIds.map((id, index) => [id, index]));
  failed.sort((a, b) => (order.get(a.fileId) ?? 0) - (order.get(b.fileId) ?? 0));
  return { files, failed };
}

/** A new pending item, or the existing one made pending again (same id, same folder), in one counted write. */
async function writePendingItem(ports: Ports, actor: Actor, file: AcceptedFile, folderId: string, limit: number | null): Promise<FileRecord> {
  const organizationId = actor.organization.id;
  const files = new FileRepository(ports.database);
  try {
    return await retryOnConflict(async () => {
      const current = file.existing ? await files.get(organizationId, file.existing.id) : undefined;
      const now = nowIso();
      const id = current?.id ?? newFileId();
      const objectName = fileObjectKey(organizationId, id, file.plan.name);
      const original = { mime_type: file.plan.mimeType, file_size: file.plan.declaredSize, original_filename: file.plan.name, object_name: objectName };
      if (current) {
        const next = revise(current, {
          name: file.plan.name,
          status: 'pending',
          metadata: { ...original, object_store: 'platform', sync_started_at: now, drive_file_id: file.driveFile.id, original_metadata: original },
        });
        delete next.metadata.error;
        delete next.metadata.sync_completed_at;
        // The import stores the object again; an unchanged file comes back with the same ETag, which the
        // ingest would take for a version already done and leave the item pending. Its extraction is
        // still there, so the fresh claim finds it at once.
        delete next.metadata.ingested_etag;
        delete next.metadata.ingest_claim;
        delete next.metadata.ingest_attempts;
        await commitFileChange(ports.database, current, next, { storageLimitBytes: limit });
        return next;
      }
      const record: FileRecord = {
        id,
        organization_id: organizationId,
        name: file.plan.name,
        item_type: 'file',
        source_type: 'drive_sync',
        status: 'pending',
        folder_id: folderId,
        created_by: actor.userId,
        created_by_name: actor.userName,
        created_at: now,
        updated_at: now,
        version: 1,
        metadata: { ...original, object_store: 'platform', sync_started_at: now, drive_file_id: file.driveFile.id, original_metadata: original },
      };
      await commitFileChange(ports.database, undefined, record, { storageLimitBytes: limit });
      return record;
    });
  } catch (error) {
    if (error instanceof StorageLimitExceededError) throw storageQuotaError(error);
    throw error;
  }
}
