import { z } from 'zod';
import { idField, optionalIdField } from './common';
import { noPathSeparator } from './folders';

/** Contract §9 texts. */
export const FILE_MESSAGES = {
  notFound: 'Data source not found',
  useFolderEndpoints: 'Use the folder endpoints for folders',
  renameEmpty: 'Name cannot be empty',
  nameTooLong: 'Name must be at most 255 characters',
  nameSeparator: 'Name must not contain / or \\',
  descriptionTooLong: 'Description must be at most 1000 characters',
  filenameRequired: 'Filename is required',
  filenameTooLong: 'Filename must be at most 255 characters',
  typeNotAccepted: 'File type not accepted',
  sizeInvalid: 'Size must be a non-negative integer',
  tooLarge: 'File size exceeds 50MB limit',
  dataSourceIdRequired: 'Data source ID is required',
  objectNameRequired: 'Object name is required',
  uploadNotFound: 'Upload not found in storage',
  objectNameMismatch: 'Object name does not match this upload',
  sourceIdRequired: 'Source ID is required',
  notDownloadable: 'File is not available for download',
  invalidSource: 'source must be one of all, file_upload, drive_sync',
  storageLimit: 'Storage limit reached for your plan',
  storeUnavailable: 'The storage this file was uploaded to is not available',
  sizeMismatch: 'Uploaded file size does not match the declared size',
} as const;

const INVALID_DATA_SOURCE_ID = 'Invalid data source ID';
const INVALID_FOLDER_ID = 'Invalid folder ID';

/** §9.3 */
export const renameDataSourceRequestSchema = z.object({
  name: z
    .string({ error: FILE_MESSAGES.renameEmpty })
    .trim()
    .min(1, FILE_MESSAGES.renameEmpty)
    .max(255, FILE_MESSAGES.nameTooLong)
    .refine(noPathSeparator, FILE_MESSAGES.nameSeparator)
    .optional(),
  description: z.string().max(1000, FILE_MESSAGES.descriptionTooLong).nullable().optional(),
});

/** §9.5 */
export const uploadUrlRequestSchema = z.object({
  filename: z.string({ error: FILE_MESSAGES.filenameRequired }).trim().min(1, FILE_MESSAGES.filenameRequired).max(255, FILE_MESSAGES.filenameTooLong),
  folderId: optionalIdField(INVALID_FOLDER_ID),
  size: z.number({ error: FILE_MESSAGES.sizeInvalid }).int(FILE_MESSAGES.sizeInvalid).min(0, FILE_MESSAGES.sizeInvalid).nullable().optional(),
  mimeType: z.string().nullable().optional(),
});

/** §9.6 */
export const uploadCompleteRequestSchema = z.object({
  dataSourceId: idField({ required: FILE_MESSAGES.dataSourceIdRequired, invalid: INVALID_DATA_SOURCE_ID }),
  // An object name is org/{org}/{path}/{id}/{filename}: ids, a bounded folder path and a 255-character name.
  objectName: z.string().max(4 * 1024, FILE_MESSAGES.objectNameMismatch).optional(),
  size: z.unknown().optional(),
  mimeType: z.unknown().optional(),
  folderId: optionalIdField(INVALID_FOLDER_ID),
});

/** §9.7 */
export const moveDataSourceRequestSchema = z.object({
  sourceId: idField({ required: FILE_MESSAGES.sourceIdRequired, invalid: INVALID_DATA_SOURCE_ID }),
  folderId: optionalIdField(INVALID_FOLDER_ID),
});
