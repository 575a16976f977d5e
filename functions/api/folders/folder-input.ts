import { z } from 'zod';
import { requiredText } from '../../../shared/rules/fields';
import { FOLDER_MESSAGES } from '../../domain/folders/folder-messages';

const noSeparator = (value: string) => !/[\\/]/.test(value);

/** A null description clears it (§1.1). */
const description = z.string().max(1000, FOLDER_MESSAGES.descriptionTooLong).nullable().optional();

export const createFolderBody = z.object({
  name: requiredText(FOLDER_MESSAGES.nameRequired, FOLDER_MESSAGES.nameTooLong).refine(noSeparator, FOLDER_MESSAGES.nameSeparator),
  description,
  parent_id: z.string().nullable().optional(),
});

export const renameFolderBody = z.object({
  name: requiredText(FOLDER_MESSAGES.renameEmpty, FOLDER_MESSAGES.renameTooLong).refine(noSeparator, FOLDER_MESSAGES.nameSeparator).optional(),
  description,
});

export const moveFolderBody = z.object({
  sourceId: z.string({ error: FOLDER_MESSAGES.sourceIdRequired }).trim().min(1, FOLDER_MESSAGES.sourceIdRequired),
  folderId: z.string().nullable().optional(),
});

export const idParams = z.object({ id: z.string() });
