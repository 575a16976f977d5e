import { z } from 'zod';
import { FILE_MESSAGES } from '../../domain/files/file-messages';

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
  folderId: z.string().nullable().optional(),
  size: z.number({ error: FILE_MESSAGES.sizeInvalid }).int(FILE_MESSAGES.sizeInvalid).min(0, FILE_MESSAGES.sizeInvalid).nullable().optional(),
  mimeType: z.string().nullable().optional(),
});

export const uploadCompleteBody = z.object({
  dataSourceId: z.string({ error: FILE_MESSAGES.dataSourceIdRequired }).trim().min(1, FILE_MESSAGES.dataSourceIdRequired),
  objectName: z.string().optional(),
  size: z.unknown().optional(),
  mimeType: z.unknown().optional(),
  folderId: z.string().nullable().optional(),
});

export const moveBody = z.object({
  sourceId: z.string({ error: FILE_MESSAGES.sourceIdRequired }).trim().min(1, FILE_MESSAGES.sourceIdRequired),
  folderId: z.string().nullable().optional(),
});
