import { z } from 'zod';
import { isoDate, optionalIdField } from './common';

/** Contract §12 texts, and the client texts of spec 02's cloud-drive section. */
export const DRIVE_MESSAGES = {
  noToken: 'No access token provided',
  notAuthenticated: 'Not authenticated with Google Drive',
  unsupportedProvider: (value: string) => `Unsupported cloud provider: ${value}`,
  loadFailed: 'Failed to load drive files',
  syncFailed: 'Failed to sync files',
  noFiles: 'At least one file must be selected',
  tooManyFiles: 'At most 50 files can be synced at once',
  fileNotFound: 'File not found in Google Drive',
  typeNotAccepted: 'File type not accepted',
  tooLarge: 'File size exceeds 50MB limit',
  synced: 'Files synced successfully from Google Drive',
} as const;

/** The headers of §12. */
export const DRIVE_TOKEN_HEADER = 'x-drive-access-token';
export const CLOUD_PROVIDER_HEADER = 'x-cloud-provider';
export const CLOUD_PROVIDERS = ['aws'] as const;
/** §12.2: at most this many files per sync. */
export const MAX_SYNC_FILES = 50;
/** §12.1: page size bounds and default. */
export const DRIVE_PAGE_SIZE = { min: 1, max: 100, default: 50 } as const;
/** Google's read-only Drive scope, the one token the browser asks for (§12). */
export const DRIVE_READONLY_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';

/** §12.2 */
export const driveSyncRequestSchema = z.object({
  fileIds: z
    .array(z.string({ error: DRIVE_MESSAGES.noFiles }).trim().min(1, DRIVE_MESSAGES.noFiles).max(256), { error: DRIVE_MESSAGES.noFiles })
    .min(1, DRIVE_MESSAGES.noFiles)
    .max(MAX_SYNC_FILES, DRIVE_MESSAGES.tooManyFiles),
  cloudProvider: z.string().nullable().optional(),
  folderId: optionalIdField('Invalid folder ID'),
});
export type DriveSyncRequest = z.infer<typeof driveSyncRequestSchema>;

/** §12.1's query; out-of-range page sizes are clamped, not refused. */
export const driveFilesQuerySchema = z.object({
  pageToken: z.string().max(2048).optional(),
  pageSize: z.string().optional(),
  search: z.string().max(500).optional(),
});

/** DriveFile (contract §2), camelCase as the contract shows it. */
export const driveFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().nullable().optional(),
  modifiedTime: isoDate,
  isSynced: z.boolean(),
  supported: z.boolean(),
  webViewLink: z.string().nullable().optional(),
});
export type DriveFile = z.infer<typeof driveFileSchema>;

export const driveFileListSchema = z.object({ files: z.array(driveFileSchema), nextPageToken: z.string().optional() });

export const driveSyncFailureSchema = z.object({ fileId: z.string(), message: z.string() });
export type DriveSyncFailure = z.infer<typeof driveSyncFailureSchema>;

/** The page size §12.1 uses for a query value: default when absent or not a number, clamped otherwise. */
export function clampDrivePageSize(value: string | undefined): number {
  const parsed = value === undefined || value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(parsed)) return DRIVE_PAGE_SIZE.default;
  return Math.min(DRIVE_PAGE_SIZE.max, Math.max(DRIVE_PAGE_SIZE.min, Math.trunc(parsed)));
}
