import { z } from 'zod';
import { idField, optionalIdField } from '../../../shared/api/schemas/common';
import { FILE_MESSAGES } from '../../domain/files/file-messages';

const INVALID_DATA_SOURCE_ID = 'Invalid data source ID';
const INVALID_FOLDER_ID = 'Invalid folder ID';

const noSeparator = (value: string) => !/[\\/]/.test(value);

export const idParams = z.object({ id: z.string() });

export const renameBody = z.object({
  name: z
    .string({ error: FILE_MESSAGES.renameEmpty })
    .trim()
    .min(1, FILE_MESSAGES.renameEmpty)
    .max(255, FILE_MESSAGES.nameTooLong)
    .refine(noSeparator, FILE_MESSAGES.nameSeparator)
    .optional(),
  description: z.string().max(1000, FILE_MESSAGES.descriptionTooLong).nullable().optional(),
});

export const uploadUrlBody = z.object({
  filename: z.string({ error: FILE_MESSAGES.filenameRequired }).trim().min(1, FILE_MESSAGES.filenameRequired).max(255, FILE_MESSAGES.filenameTooLong),
  folderId: optionalIdField(INVALID_FOLDER_ID),
  size: z.number({ error: FILE_MESSAGES.sizeInvalid }).int(FILE_MESSAGES.sizeInvalid).min(0, FILE_MESSAGES.sizeInvalid).nullable().optional(),
  mimeType: z.string().nullable().optional(),
});

export const uploadCompleteBody = z.object({
  dataSourceId: idField({ required: FILE_MESSAGES.dataSourceIdRequired, invalid: INVALID_DATA_SOURCE_ID }),
  // An object name is org/{org}/{path}/{id}/{filename}: ids, a bounded folder path and a 255-character name.
  objectName: z.string().max(4 * 1024, FILE_MESSAGES.objectNameMismatch).optional(),
  size: z.unknown().optional(),
  mimeType: z.unknown().optional(),
  folderId: optionalIdField(INVALID_FOLDER_ID),
});

export const moveBody = z.object({
  sourceId: idField({ required: FILE_MESSAGES.sourceIdRequired, invalid: INVALID_DATA_SOURCE_ID }),
  folderId: optionalIdField(INVALID_FOLDER_ID),
});
