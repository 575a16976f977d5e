import { z } from 'zod';
import { requiredText } from '../../rules/fields';
import { idField, optionalIdField } from './common';

/** Contract §10 texts (and the §1.10 rename wording it shares with §9.3). */
export const FOLDER_MESSAGES = {
  notFound: 'Folder not found',
  nameRequired: 'Folder name is required',
  nameTooLong: 'Folder name must be at most 255 characters',
  renameEmpty: 'Name cannot be empty',
  renameTooLong: 'Name must be at most 255 characters',
  /** §9.3's rule, applied to folders too: paths are joined with "/", so a name must not contain one. */
  nameSeparator: 'Name must not contain / or \\',
  descriptionTooLong: 'Description must be at most 1000 characters',
  maxDepth: 'Maximum folder depth reached',
  nameTaken: 'A folder with this name already exists in this location',
  rootLocked: 'The root folder cannot be renamed, moved or deleted',
  intoItself: 'Cannot move a folder into itself or one of its descendants',
  sourceIdRequired: 'Source ID is required',
} as const;

const INVALID_FOLDER_ID = 'Invalid folder ID';

/** Paths are joined with "/", so a name holds neither separator (§9.3's rule, applied to folders). */
export const noPathSeparator = (value: string) => !/[\\/]/.test(value);

/** A null description clears it (§1.1). */
const description = z.string().max(1000, FOLDER_MESSAGES.descriptionTooLong).nullable().optional();

/** §10.4 */
export const createFolderRequestSchema = z.object({
  name: requiredText(FOLDER_MESSAGES.nameRequired, FOLDER_MESSAGES.nameTooLong).refine(noPathSeparator, FOLDER_MESSAGES.nameSeparator),
  description,
  parent_id: optionalIdField(INVALID_FOLDER_ID),
});

/** §10.5 */
export const renameFolderRequestSchema = z.object({
  name: requiredText(FOLDER_MESSAGES.renameEmpty, FOLDER_MESSAGES.renameTooLong).refine(noPathSeparator, FOLDER_MESSAGES.nameSeparator).optional(),
  description,
});

/** §10.7 */
export const moveFolderRequestSchema = z.object({
  sourceId: idField({ required: FOLDER_MESSAGES.sourceIdRequired, invalid: INVALID_FOLDER_ID }),
  folderId: optionalIdField(INVALID_FOLDER_ID),
});
