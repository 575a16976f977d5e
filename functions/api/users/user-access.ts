import { satisfiesRoleWord } from '../../../shared/auth/roles';
import { UserRepository, type UserRecord } from '../../domain/users/user-repository';
import { USER_MESSAGES } from '../../domain/users/user-messages';
import type { Caller } from '../../http/api-types';
import { forbidden, notFound } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';

/** Admin in the §1.3 sense: role admin, or a system_admin inside the system organization. */
export function isAdminCaller(caller: Caller): boolean {
  return satisfiesRoleWord('admin', { role: caller.user.role, isSystemOrg: caller.organization.is_system_org });
}

/** A user of the caller's organization; another organization's id reads exactly as an unknown one (§1.3). */
export async function loadOrganizationUser(ports: Ports, caller: Caller, userId: string): Promise<UserRecord> {
  const user = await new UserRepository(ports.database).get(caller.organization.id, userId);
  if (!user) throw notFound(USER_MESSAGES.notFound);
  return user;
}

/** §7: a system_admin is managed by no one through the users family. */
export function assertManageable(user: UserRecord): void {
  if (user.role === 'system_admin') throw forbidden();
}
