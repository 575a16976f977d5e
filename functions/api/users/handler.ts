import { createFamilyHandler } from '../../http/family-handler';
import { acceptInvitationRoute } from './accept-invitation';
import { deleteUser } from './delete-user';
import { invite } from './invite-user';
import { listUsers } from './list-users';
import { getUser, getUserRole } from './read-user';
import { updateUser } from './update-user';

/** Users (contract §7). The role gate comes from the route table; the finer rules live in each route. */
export const handler = createFamilyHandler('users', {
  'users.list': listUsers,
  'users.get': getUser,
  'users.role': getUserRole,
  'users.invite': invite,
  'users.update': updateUser,
  'users.delete': deleteUser,
  'users.acceptInvitation': acceptInvitationRoute,
});
