/** Contract §7 and §8 texts: the users' and groups' body schemas word them, so they live beside those. */
export { GROUP_MESSAGES, USER_MESSAGES } from '../../../shared/api/schemas/users';
