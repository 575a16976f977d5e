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
