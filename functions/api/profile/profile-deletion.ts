import { PROFILE_MESSAGES } from '../../../shared/api/schemas/profile';
import { denylistToken } from '../../domain/sessions/session-revocation';
import { deleteUserEverywhere } from '../../domain/users/user-lifecycle';
import { UserRepository, type UserRecord } from '../../domain/users/user-repository';
import type { UserCaller } from '../../http/api-types';
import { conflict } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';

/**
 * Why the user may not delete their own account, if they may not (contract §5.3): an organization
 * keeps an active admin, and the platform keeps an active system administrator. Only active ones
 * count, because an inactive admin cannot act for the organization.
 */
export function selfDeletionConflict(user: UserRecord, organizationUsers: readonly UserRecord[]): string | undefined {
  const othersWith = (role: UserRecord['role']) => organizationUsers.some((other) => other.id !== user.id && other.role === role && other.status === 'active');
  if (user.role === 'admin' && !othersWith('admin')) return PROFILE_MESSAGES.lastAdmin;
  // System administrators all live in the system organization, so its users are all of them.
  if (user.role === 'system_admin' && !othersWith('system_admin')) return PROFILE_MESSAGES.lastSystemAdmin;
  return undefined;
}

/**
 * Deletes the caller everywhere (contract §5.3): the provider account and its sessions, the
 * product user, memberships; the chat sessions are purged in the background. The token in hand is
 * denylisted first, so it cannot be used while the rest happens.
 */
export async function deleteOwnAccount(ports: Ports, caller: UserCaller): Promise<void> {
  const { user } = caller;
  if (user.role === 'admin' || user.role === 'system_admin') {
    const { items } = await new UserRepository(ports.database).listByOrganization(user.organization_id);
    const problem = selfDeletionConflict(user, items);
    if (problem) throw conflict(problem);
  }
  await denylistToken(ports.database, caller.token);
  await deleteUserEverywhere(ports, user, user.id);
}
