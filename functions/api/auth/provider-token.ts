import { MESSAGES } from '../../../shared/api/errors';
import { OrganizationRepository } from '../../domain/organizations/organization-repository';
import { loadUserEntity } from '../../domain/users/user-profile';
import { linkSubject, UserRepository } from '../../domain/users/user-repository';
import { bearerToken } from '../../http/authentication';
import { badRequest, forbidden, unauthorized } from '../../http/http-error';
import type { Ports } from '../../platform/ports';
import { InvalidTokenError } from '../../ports/identity';
import { LOGIN_MESSAGES } from './password-login';

const VERIFY_MESSAGES = {
  missing: 'Token and email are required',
  failed: 'Token verification failed',
} as const;

/**
 * Verifies a token the web client got from the hosted sign-in and returns the product user
 * (contract §4.5). An access token carries no email claim, so its email is the linked user's:
 * the subject was linked to that email when the account was created or first verified.
 */
export async function verifyProviderToken(ports: Ports, headers: Record<string, string | undefined>, email: string) {
  let raw: string | undefined;
  try {
    raw = bearerToken(headers);
  } catch {
    throw unauthorized(VERIFY_MESSAGES.failed);
  }
  if (!raw || !email) throw badRequest(VERIFY_MESSAGES.missing);

  let verified;
  try {
    verified = await ports.identity.verify(raw);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized(VERIFY_MESSAGES.failed);
    throw error;
  }
  const users = new UserRepository(ports.database);
  const linked = await users.findBySubject(verified.sub);
  const tokenEmail = (verified.email ?? linked?.email)?.toLowerCase();
  if (!tokenEmail || tokenEmail !== email.trim().toLowerCase()) throw unauthorized(VERIFY_MESSAGES.failed);

  let user = linked ?? (verified.emailVerified ? await users.findByEmail(tokenEmail) : undefined);
  if (!user) throw forbidden(LOGIN_MESSAGES.noAccount);
  if (!user.subject) user = await linkSubject(ports.database, user, verified.sub);

  const organization = await new OrganizationRepository(ports.database).get(user.organization_id);
  if (!organization) throw forbidden(LOGIN_MESSAGES.noAccount);
  if (user.status === 'inactive') throw forbidden(MESSAGES.accountInactive);
  if (organization.status !== 'active' && user.role !== 'system_admin') throw forbidden(MESSAGES.organizationInactive);

  const lastLogin = await users.recordLogin(user);
  return {
    token: raw,
    refreshToken: null,
    expiresIn: Math.max(0, Math.round(verified.exp - Date.now() / 1000)),
    user: await loadUserEntity(ports.database, { ...user, last_login: lastLogin }, organization),
  };
}
