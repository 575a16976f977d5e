import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { passwordProblems } from '../../../shared/rules/password-policy';
import { OrganizationRepository } from '../../domain/organizations/organization-repository';
import { organizationSettings } from '../../domain/organizations/organization-settings';
import { keys, withoutKeys } from '../../contracts/keys/table-keys';
import { linkSubject, UserRepository, type UserRecord } from '../../domain/users/user-repository';
import type { UserCaller } from '../../http/api-types';
import { conflict, forbidden, notFound, validationError } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { AUTH_MESSAGES } from './auth-messages';
import { signsInWithGoogleOnly } from './change-password';
import { generateTemporaryPassword } from './temporary-password';

/** DynamoDB's BatchGetItem limit. */
const BATCH_SIZE = 100;

/**
 * A user by id in any organization, for a system_admin (contract §1.3: cross-organization rights
 * in §4.13). Users live in their organization's partition, so this reads the user's key in every
 * organization: one index Query and one BatchGet per hundred organizations, no scan.
 */
async function findUserInAnyOrganization(ports: Ports, userId: string): Promise<UserRecord | undefined> {
  const { items: organizations } = await new OrganizationRepository(ports.database).listAll();
  for (let start = 0; start < organizations.length; start += BATCH_SIZE) {
    let requested: Record<string, unknown>[] = organizations.slice(start, start + BATCH_SIZE).map((organization) => keys.user(organization.id, userId));
    while (requested.length > 0) {
      const answer = await ports.database.client.send(new BatchGetCommand({ RequestItems: { [ports.database.tableName]: { Keys: requested } } }));
      const found = answer.Responses?.[ports.database.tableName]?.[0];
      if (found) return withoutKeys(found) as unknown as UserRecord;
      requested = (answer.UnprocessedKeys?.[ports.database.tableName]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return undefined;
}

async function findTarget(ports: Ports, caller: UserCaller, userId: string): Promise<UserRecord | undefined> {
  if (caller.user.role === 'system_admin') return findUserInAnyOrganization(ports, userId);
  return new UserRepository(ports.database).get(caller.organization.id, userId);
}

/**
 * Admin sets a temporary password (contract §4.13). It is a permanent password at the provider, so
 * §4.1 accepts it; `force_password_change` is what makes the client ask for a new one. A user
 * who has no provider account yet (invited, not accepted) gets one now, linked, so the invitation
 * flow finds the account and links it rather than creating a second one.
 */
export async function adminResetPassword(ports: Ports, caller: UserCaller, input: { userId: string; temporaryPassword?: string }) {
  // Ids are at most 64 characters (§1.6); a longer one names nobody.
  const target = input.userId.length <= 64 ? await findTarget(ports, caller, input.userId) : undefined;
  if (!target) throw notFound(AUTH_MESSAGES.userNotFound);
  if (caller.user.role !== 'system_admin' && target.role === 'system_admin') throw forbidden();
  const organization = await new OrganizationRepository(ports.database).get(target.organization_id);
  if (!organization) throw notFound(AUTH_MESSAGES.userNotFound);

  const policy = organizationSettings(organization).security.passwordPolicy;
  if (input.temporaryPassword !== undefined) {
    const problems = passwordProblems(input.temporaryPassword, policy, 'Temporary password');
    if (problems.length > 0) throw validationError(problems.map((message) => ({ field: 'temporaryPassword', message })));
  }
  if (signsInWithGoogleOnly(target)) throw conflict(AUTH_MESSAGES.googleOnlyPasswordReset);

  const generated = input.temporaryPassword === undefined ? generateTemporaryPassword(policy) : undefined;
  const password = input.temporaryPassword ?? (generated as string);
  let user = target;
  if (user.subject) {
    await ports.identity.setPassword(user.subject, password);
  } else {
    const { sub } = await ports.identity.createAccount({ email: user.email, password, fullName: user.full_name });
    user = await linkSubject(ports.database, user, sub);
  }
  const users = new UserRepository(ports.database);
  await users.update(user, {
    force_password_change: true,
    ...(user.auth_providers.includes('password') ? {} : { auth_providers: [...user.auth_providers, 'password' as const] }),
  });
  await ports.identity.revokeAllSessions(user.subject as string);
  return { temporaryPasswordSet: true as const, token: generated ?? null, message: AUTH_MESSAGES.passwordReset };
}
