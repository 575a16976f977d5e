import { normalizeEmail } from '../../../shared/rules/fields';
import { MAX_PASSWORD_LENGTH } from '../../../shared/rules/password-policy';
import { OrganizationRepository } from '../../domain/organizations/organization-repository';
import { organizationSettings } from '../../domain/organizations/organization-settings';
import { lockedOutFor } from '../../domain/rate-limits/password-attempts';
import { UserRepository } from '../../domain/users/user-repository';
import { rateLimited } from '../../http/authentication';
import { forbidden, unauthorized, upstreamError } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { IdentityUnavailableError, InvalidCredentialsError, LoginLockedError, type ProviderTokens } from '../../contracts/ports/identity';
import { AUTH_MESSAGES } from './auth-messages';
import { assertCanSignIn, resolveUser, signedInUser } from './user-resolution';

const MAX_EMAIL_LENGTH = 254;

async function signInAtProvider(ports: Ports, email: string, password: string): Promise<ProviderTokens> {
  try {
    return await ports.identity.passwordSignIn(email, password);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    if (error instanceof LoginLockedError) throw rateLimited(error.retryAfterSeconds, AUTH_MESSAGES.tooManyLoginAttempts);
    if (error instanceof IdentityUnavailableError) throw upstreamError(AUTH_MESSAGES.providerUnavailable);
    throw error;
  }
}

/**
 * Password sign-in for scripts and tests (contract §4.1). Everything that needs no password runs
 * before the provider is asked: the lockout (so a locked email costs no password check), the
 * invitation (an invited user has no provider account yet) and the organization's login methods.
 * The failures are counted by the identity port, where every password check of the product is
 * (functions/domain/rate-limits/password-attempts.ts); here the lock is only read.
 */
export async function passwordLogin(ports: Ports, rawEmail: string, password: string) {
  const email = normalizeEmail(rawEmail);
  // No account has a longer address (§1.10), and its keys would pass DynamoDB's key size. No
  // account has a longer password either: the provider would refuse it as a malformed request
  // (Cognito's limit, or the embedded issuer's body size), not as a wrong password.
  if (email.length > MAX_EMAIL_LENGTH || password.length > MAX_PASSWORD_LENGTH) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  const known = await new UserRepository(ports.database).findByEmail(email);
  const knownOrganization = known ? await new OrganizationRepository(ports.database).get(known.organization_id) : undefined;
  const settings = knownOrganization ? organizationSettings(knownOrganization) : undefined;

  const lockedFor = await lockedOutFor(ports.database, email);
  if (lockedFor > 0) throw rateLimited(lockedFor, AUTH_MESSAGES.tooManyLoginAttempts);
  if (known?.invitation_pending) throw forbidden(AUTH_MESSAGES.invitationPending);
  if (settings && !settings.auth.passwordLoginEnabled) throw forbidden(AUTH_MESSAGES.passwordLoginDisabled);

  const tokens = await signInAtProvider(ports, email, password);

  try {
    const verified = await ports.identity.verify(tokens.accessToken);
    // The provider has just checked this email's password: the email is the account's own.
    const resolved = await resolveUser(ports, { subject: verified.sub, email, emailVerified: true, provider: 'password' });
    assertCanSignIn(resolved);
    return {
      token: tokens.accessToken,
      idToken: tokens.idToken,
      refreshToken: tokens.refreshToken,
      expiresIn: tokens.expiresIn,
      user: await signedInUser(ports, resolved),
    };
  } catch (error) {
    // A refused sign-in must not leave a live session at the provider.
    if (tokens.refreshToken) await ports.identity.revokeRefreshToken(tokens.refreshToken).catch(() => undefined);
    throw error;
  }
}
