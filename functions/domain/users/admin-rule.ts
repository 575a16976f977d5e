import type { Role } from '../../../shared/auth/roles';
import type { UserStatus } from './user-repository';

interface AdminCandidate {
  id: string;
  role: Role;
  status: UserStatus;
}

/**
 * Whether a user is an admin of their organization in the §1.3 sense: role admin, or a system_admin
 * inside the system organization. The same users are the members of its Administrators group.
 */
export function countsAsAdmin(user: { role: Role }, organization: { is_system_org: boolean }): boolean {
  return user.role === 'admin' || (user.role === 'system_admin' && organization.is_system_org);
}

/**
 * The last-admin rule (§7.5, §7.6): after changing (or, with `after` undefined, deleting) the target,
 * the organization still has an active admin. Only a change that takes an active admin away can break it.
 */
export function keepsAnActiveAdmin(
  users: readonly AdminCandidate[],
  organization: { is_system_org: boolean },
  target: AdminCandidate,
  after: { role: Role; status: UserStatus } | undefined,
): boolean {
  const isActiveAdmin = (user: { role: Role; status: UserStatus }) => user.status === 'active' && countsAsAdmin(user, organization);
  if (!isActiveAdmin(target)) return true;
  if (after && isActiveAdmin(after)) return true;
  return users.some((user) => user.id !== target.id && isActiveAdmin(user));
}
