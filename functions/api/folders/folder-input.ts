import { z } from 'zod';
import { idField, optionalIdField } from '../../../shared/api/schemas/common';
import { requiredText } from '../../../shared/rules/fields';

const INVALID_FOLDER_ID = 'Invalid folder ID';
import { FOLDER_MESSAGES } from '../../domain/folders/folder-messages';

const noSeparator = (value: string) => !/[\\/]/.test(value);

/** A null description clears it (§1.1). */
const description = z.string().max(1000, FOLDER_MESSAGES.descriptionTooLong).nullable().optional();

export const createFolderBody = z.object({
  name: requiredText(FOLDER_MESSAGES.nameRequired, FOLDER_MESSAGES.nameTooLong).refine(noSeparator, FOLDER_MESSAGES.nameSeparator),
  description,
  parent_id: optionalIdField(INVALID_FOLDER_ID),
});

export const renameFolderBody = z.object({
  name: requiredText(FOLDER_MESSAGES.renameEmpty, FOLDER_MESSAGES.renameTooLong).refine(noSeparator, FOLDER_MESSAGES.nameSeparator).optional(),
  description,
});

export const moveFolderBody = z.object({
  sourceId: idField({ required: FOLDER_MESSAGES.sourceIdRequired, invalid: INVALID_FOLDER_ID }),
  folderId: optionalIdField(INVALID_FOLDER_ID),
});

export const idParams = z.object({ id: z.string() });
