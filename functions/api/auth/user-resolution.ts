import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '../../../shared/api/errors';
import type { User } from '../../../shared/api/schemas/user';
import { OrganizationRepository, type OrganizationRecord } from '../../domain/organizations/organization-repository';
import { organizationSettings } from '../../domain/organizations/organization-settings';
import { createJustInTimeUser } from '../../domain/signup/just-in-time-user';
import { routeSignup } from '../../domain/signup/signup-organizations';
import { keys } from '../../contracts/keys/table-keys';
import { settlePendingInvitation } from '../../domain/users/user-lifecycle';
import { loadUserEntity } from '../../domain/users/user-profile';
import { EmailTakenError, linkSubject, UserRepository, type AuthProvider, type UserRecord } from '../../domain/users/user-repository';
import { forbidden } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { AUTH_MESSAGES } from './auth-messages';

/** Who the provider says signed in. */
export interface ProviderIdentity {
  subject: string;
  /** Lowercased; undefined when the token carries none and no user is linked. */
  email: string | undefined;
  emailVerified: boolean;
  provider: AuthProvider;
}

export interface ResolvedUser {
  user: UserRecord;
  organization: OrganizationRecord;
}

/** The organization must allow the login method the token came from (§4.1, §4.5). */
function assertProviderEnabled(organization: OrganizationRecord, provider: AuthProvider): void {
  const { auth } = organizationSettings(organization);
  if (provider === 'password' && !auth.passwordLoginEnabled) throw forbidden(AUTH_MESSAGES.passwordLoginDisabled);
  if (provider === 'google' && !auth.googleLoginEnabled) throw forbidden(AUTH_MESSAGES.googleLoginDisabled);
}

async function organizationOf(ports: Ports, user: UserRecord): Promise<OrganizationRecord> {
  const organization = await new OrganizationRepository(ports.database).get(user.organization_id);
  // A user always has its organization; a missing one is corrupt data, not a client error.
  if (!organization) throw new Error(`User ${user.id} belongs to missing organization ${user.organization_id}`);
  return organization;
}

/**
 * Links a further subject to a user that already has one (a Google identity of a password user
 * is a second subject at the provider). The user keeps its first subject for provider calls. No
 * condition: the subject resolved to no user, so an existing link can only point at a deleted one.
 */
async function linkAdditionalSubject(ports: Ports, user: UserRecord, subject: string): Promise<void> {
  await ports.database.client.send(
    new PutCommand({
      TableName: ports.database.tableName,
      Item: { ...keys.subjectLink(subject), entity: 'subjectLink', userId: user.id, organizationId: user.organization_id },
    }),
  );
}

/** A user who signs in with a method new to them lists it from then on (auth_providers, §2). */
async function withProvider(ports: Ports, user: UserRecord, provider: AuthProvider): Promise<UserRecord> {
  if (user.auth_providers.includes(provider)) return user;
  return new UserRepository(ports.database).update(user, { auth_providers: [...user.auth_providers, provider] });
}

/**
 * User resolution of contract §4, in its order: the linked subject, then a user with the same
 * verified email (linked now, a pending invitation settled), then just-in-time creation under the
 * sign-up rules of §4.2, else 403. The organization's login methods are checked before anything is
 * linked or created, so a refused sign-in leaves nothing behind.
 */
export async function resolveUser(ports: Ports, identity: ProviderIdentity): Promise<ResolvedUser> {
  const users = new UserRepository(ports.database);

  const linked = await users.findBySubject(identity.subject);
  if (linked) {
    const organization = await organizationOf(ports, linked);
    assertProviderEnabled(organization, identity.provider);
    // An invited user with a provider account (an admin reset made one) has proven the email now.
    const user = linked.invitation_pending ? await settlePendingInvitation(ports, linked) : linked;
    return { user: await withProvider(ports, user, identity.provider), organization };
  }
  if (!identity.email || !identity.emailVerified) throw forbidden(AUTH_MESSAGES.noAccount);

  const byEmail = await users.findByEmail(identity.email);
  if (byEmail) {
    const organization = await organizationOf(ports, byEmail);
    assertProviderEnabled(organization, identity.provider);
    let user = byEmail;
    if (user.subject) await linkAdditionalSubject(ports, user, identity.subject);
    else user = await linkSubject(ports.database, user, identity.subject);
    if (user.invitation_pending) user = await settlePendingInvitation(ports, user);
    return { user: await withProvider(ports, user, identity.provider), organization };
  }

  const { target } = await routeSignup(ports.database, identity.email);
  if (target.kind !== 'organization') throw forbidden(AUTH_MESSAGES.noAccount);
  assertProviderEnabled(target.organization, identity.provider);
  try {
    const user = await createJustInTimeUser(ports.database, target.organization, { email: identity.email, subject: identity.subject, provider: identity.provider });
    return { user, organization: target.organization };
  } catch (error) {
    // Another sign-in of the same person created the user a moment ago: resolve to it.
    if (error instanceof EmailTakenError) {
      const user = await users.findBySubject(identity.subject);
      if (user) return { user, organization: target.organization };
    }
    throw error;
  }
}

/** The §1.2 status checks every sign-in answers with (§4.1, §4.5, §4.7). */
export function assertCanSignIn({ user, organization }: ResolvedUser): void {
  if (user.status === 'inactive') throw forbidden(MESSAGES.accountInactive);
  if (organization.status !== 'active' && user.role !== 'system_admin') throw forbidden(MESSAGES.organizationInactive);
}

/** Records the sign-in (`last_login`) and answers the User entity with it. */
export async function signedInUser(ports: Ports, { user, organization }: ResolvedUser): Promise<User> {
  const lastLogin = await new UserRepository(ports.database).recordLogin(user);
  return loadUserEntity(ports.database, { ...user, last_login: lastLogin }, organization);
}
