import { MESSAGES } from '../../../shared/api/errors';
import { OrganizationRepository } from '../../domain/organizations/organization-repository';
import { loadUserEntity } from '../../domain/users/user-profile';
import { linkSubject, UserRepository } from '../../domain/users/user-repository';
import { forbidden, HttpError, unauthorized, upstreamError } from '../../http/http-error';
import type { Ports } from '../../platform/ports';
import { IdentityUnavailableError, InvalidCredentialsError } from '../../ports/identity';

export const LOGIN_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  invitationPending: 'Please complete your invitation first',
  providerUnavailable: 'Identity provider unavailable',
  noAccount: 'No account found for this email. Ask your administrator for an invitation.',
} as const;

/**
 * Password sign-in for scripts and tests (contract §4.1). The invitation check runs on the product
 * user before the provider is asked, because an invited user has no provider account yet.
 * Lockout, auth settings and just-in-time creation arrive with the organizations issue.
 */
export async function passwordLogin(ports: Ports, email: string, password: string) {
  const users = new UserRepository(ports.database);
  const known = await users.findByEmail(email);
  if (known?.invitation_pending) throw forbidden(LOGIN_MESSAGES.invitationPending);

  let tokens;
  try {
    tokens = await ports.identity.passwordSignIn(email.trim().toLowerCase(), password);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) throw unauthorized(LOGIN_MESSAGES.invalidCredentials);
    if (error instanceof IdentityUnavailableError) throw upstreamError(LOGIN_MESSAGES.providerUnavailable);
    throw error;
  }
  const verified = await ports.identity.verify(tokens.accessToken);

  let user = (await users.findBySubject(verified.sub)) ?? known;
  if (!user) throw forbidden(LOGIN_MESSAGES.noAccount);
  if (!user.subject) user = await linkSubject(ports.database, user, verified.sub);

  const organization = await new OrganizationRepository(ports.database).get(user.organization_id);
  if (!organization) throw new HttpError('INTERNAL_ERROR', MESSAGES.internal);
  if (user.status === 'inactive') throw forbidden(MESSAGES.accountInactive);
  if (organization.status !== 'active' && user.role !== 'system_admin') throw forbidden(MESSAGES.organizationInactive);

  const lastLogin = await users.recordLogin(user);
  return {
    token: tokens.accessToken,
    idToken: tokens.idToken,
    refreshToken: tokens.refreshToken,
    expiresIn: tokens.expiresIn,
    user: await loadUserEntity(ports.database, { ...user, last_login: lastLogin }, organization),
  };
}
