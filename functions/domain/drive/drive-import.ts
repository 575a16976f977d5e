import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { logger } from '../../observability/logger';
import { getPorts, type Ports } from '../../contracts/ports/ports';
import type { QueueMessage } from '../../contracts/ports/queue';
import { fileObjectPrefix, normalizeEtag } from '../../contracts/keys/object-keys';
import { nowIso } from '../../contracts/keys/table-keys';
import { driveTokenContext, type DriveImportPayload } from '../../contracts/messages/drive-import-message';
import { fileIngestMessage } from '../../contracts/messages/ingest-and-purge-messages';
import { DRIVE_MESSAGES } from '../../../shared/api/schemas/drive';
import { MAX_FILE_BYTES } from '../files/file-messages';
import type { FileRecord } from '../files/file-record';
import { FileRepository } from '../files/file-repository';
import { platformStore } from '../files/file-store';
import { mutateFile, revise } from '../files/file-writes';
import { driveClient } from './drive-sync';
import { DriveAuthRejectedError, DriveContentTooLargeError, DriveFileMissingError } from './google-drive-client';

/**
 * The `drive.import` processor (§23.1): downloads the file (or exports a Google Doc, Sheet or
 * Slides deck) with the token the message carries, stores it as the item's object in the platform
 * bucket, and hands it to the file ingest like an upload. A refusal that retrying cannot change (the
 * token rejected, the file gone, over 50 MB) fails the item with its §12.2 reason at once; Google
 * being unreachable throws, so the queue retries and, after the last attempt, the dead-letter rule
 * fails the item.
 */
export async function importDriveFile(message: QueueMessage, ports: Ports = getPorts()): Promise<void> {
  const payload = message.payload as unknown as DriveImportPayload;
  const organizationId = message.organizationId;
  const context = { dataSourceId: payload.dataSourceId, messageId: message.messageId };
  const file = await new FileRepository(ports.database).get(organizationId, payload.dataSourceId);
  if (!file || file.source_type !== 'drive_sync' || file.metadata.drive_file_id !== payload.driveFileId) {
    logger.info('Drive import skipped: no such synced item', context);
    return;
  }
  if (file.status !== 'pending') {
    logger.info('Drive import skipped: the item is no longer pending', context);
    return;
  }

  let accessToken: string;
  try {
    accessToken = await ports.secrets.decrypt(payload.accessTokenEncrypted, driveTokenContext(organizationId, file.id));
  } catch {
    await failItem(ports, file, DRIVE_MESSAGES.notAuthenticated);
    return;
  }

  const client = driveClient(ports, accessToken);
  let bytes: Uint8Array;
  try {
    bytes = payload.exportMimeType ? await client.export(payload.driveFileId, payload.exportMimeType, MAX_FILE_BYTES) : await client.download(payload.driveFileId, MAX_FILE_BYTES);
  } catch (error) {
    const reason =
      error instanceof DriveAuthRejectedError
        ? DRIVE_MESSAGES.notAuthenticated
        : error instanceof DriveFileMissingError
          ? DRIVE_MESSAGES.fileNotFound
          : error instanceof DriveContentTooLargeError
            ? DRIVE_MESSAGES.tooLarge
            : undefined;
    if (!reason) throw error;
    await failItem(ports, file, reason);
    logger.info('Drive import failed', { ...context, error: reason });
    return;
  }

  const store = platformStore(ports.objects);
  await removeOtherObjects(ports, file);
  const put = await store.client.send(
    new PutObjectCommand({ Bucket: store.bucket, Key: file.metadata.object_name, Body: bytes, ContentType: file.metadata.mime_type, ContentLength: bytes.byteLength }),
  );
  await mutateFile(ports.database, organizationId, file.id, (current) => (current.status !== 'pending' ? current : revise(current, { metadata: { sync_completed_at: nowIso() } })), {
    storageLimitBytes: null,
  });
  // The bucket's notification sends the same ingest; its per-ETag idempotency makes the pair one.
  await ports.queue.send(
    'indexing',
    fileIngestMessage(organizationId, message.requestedBy, {
      dataSourceId: file.id,
      bucket: store.bucket,
      objectName: file.metadata.object_name,
      size: bytes.byteLength,
      mimeType: file.metadata.mime_type,
      ...(put.ETag ? { eTag: normalizeEtag(put.ETag) } : {}),
      trigger: 'upload-complete',
    }),
  );
  logger.info('Drive import stored', { ...context, bytes: bytes.byteLength });
}

/** A re-import under another name leaves no object of the earlier name behind (it would count nowhere). */
async function removeOtherObjects(ports: Ports, file: FileRecord): Promise<void> {
  const store = platformStore(ports.objects);
  const listing = await store.client.send(new ListObjectsV2Command({ Bucket: store.bucket, Prefix: fileObjectPrefix(file.organization_id, file.id) }));
  for (const object of listing.Contents ?? []) {
    if (object.Key && object.Key !== file.metadata.object_name) await store.client.send(new DeleteObjectCommand({ Bucket: store.bucket, Key: object.Key }));
  }
}

/** Nothing was stored, so the item counts no bytes any more; it stays, failed with the reason. */
export async function failItem(ports: Ports, file: FileRecord, reason: string): Promise<void> {
  await mutateFile(
    ports.database,
    file.organization_id,
    file.id,
    (current) => (current.status !== 'pending' ? current : revise(current, { status: 'failed', metadata: { error: reason, file_size: 0 } })),
    { storageLimitBytes: null },
  );
}
