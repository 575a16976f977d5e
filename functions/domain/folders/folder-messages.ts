/** Contract §10 texts: the folder bodies' schemas word them, so they live beside those. */
export { FOLDER_MESSAGES } from '../../../shared/api/schemas/folders';
