import { satisfiesRoleWord } from '../../../shared/auth/roles';
import { STORAGE_CREDENTIALS_MESSAGES } from '../../domain/storage-credentials/storage-credentials-messages';
import { UserRepository } from '../../domain/users/user-repository';
import type { Caller } from '../../http/api-types';
import { forbidden, notFound } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';

/**
 * §11.1: a member reaches their own credentials, an admin anyone's in the organization. Another
 * user's id is 403 for a non-admin whether or not it exists, so ids cannot be probed; for an admin
 * an id outside the organization is 404, as for any foreign id (§1.3).
 */
export async function credentialOwner(ports: Ports, caller: Caller, userId: string): Promise<string> {
  if (userId === caller.user.id) return userId;
  if (!satisfiesRoleWord('admin', { role: caller.user.role, isSystemOrg: caller.organization.is_system_org })) throw forbidden();
  const user = await new UserRepository(ports.database).get(caller.organization.id, userId);
  if (!user) throw notFound(STORAGE_CREDENTIALS_MESSAGES.userNotFound);
  return user.id;
}
