import { randomUUID } from 'node:crypto';
import type { QueueMessage } from '../ports/queue';
import { nowIso } from '../keys/table-keys';

export const DRIVE_IMPORT_MESSAGE_TYPE = 'drive.import';

/**
 * `drive.import` (§23.1, produced by §12.2). The caller's Google token travels only here, encrypted
 * by the secrets port with a context naming the organization and the item, and is never stored.
 * `folderId` is where the item was created; the item itself says where it is now.
 */
export interface DriveImportPayload {
  dataSourceId: string;
  driveFileId: string;
  mimeType: string;
  exportMimeType?: string;
  accessTokenEncrypted: string;
  folderId: string;
}

export function driveImportMessage(organizationId: string, requestedBy: string, payload: DriveImportPayload): QueueMessage {
  return { type: DRIVE_IMPORT_MESSAGE_TYPE, version: 1, messageId: randomUUID(), organizationId, requestedBy, createdAt: nowIso(), payload: payload as unknown as Record<string, unknown> };
}

/** The secrets context the token is encrypted under: it decrypts only for this item of this organization. */
export function driveTokenContext(organizationId: string, dataSourceId: string): Record<string, string> {
  return { purpose: 'drive.import', organizationId, dataSourceId };
}
