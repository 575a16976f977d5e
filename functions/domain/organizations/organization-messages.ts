/** Contract §6 texts: the organizations' body schemas word them, so they live beside those. */
export { ORGANIZATION_MESSAGES } from '../../../shared/api/schemas/organizations';
