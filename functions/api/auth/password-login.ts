import { normalizeEmail } from '../../../shared/rules/fields';
import { defaultSecuritySettings } from '../../../shared/rules/organization-settings';
import { OrganizationRepository } from '../../domain/organizations/organization-repository';
import { organizationSettings } from '../../domain/organizations/organization-settings';
import { LoginFailureRepository } from '../../domain/rate-limits/login-failure-repository';
import { lockedForSeconds } from '../../domain/rate-limits/login-lockout';
import { UserRepository } from '../../domain/users/user-repository';
import { rateLimited } from '../../http/authentication';
import { forbidden, unauthorized, upstreamError } from '../../http/http-error';
import type { Ports } from '../../platform/ports';
import { IdentityUnavailableError, InvalidCredentialsError, type ProviderTokens } from '../../ports/identity';
import { AUTH_MESSAGES } from './auth-messages';
import { assertCanSignIn, resolveUser, signedInUser } from './user-resolution';

const MAX_EMAIL_LENGTH = 254;

async function signInAtProvider(ports: Ports, email: string, password: string, onInvalid: () => Promise<void>): Promise<ProviderTokens> {
  try {
    return await ports.identity.passwordSignIn(email, password);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      await onInvalid();
      throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    }
    if (error instanceof IdentityUnavailableError) throw upstreamError(AUTH_MESSAGES.providerUnavailable);
    throw error;
  }
}

/**
 * Password sign-in for scripts and tests (contract §4.1). Everything that needs no password runs
 * before the provider is asked: the lockout (so a locked email costs no password check), the
 * invitation (an invited user has no provider account yet) and the organization's login methods.
 * An unknown email is locked out under the default settings, exactly like a known one, so the
 * lockout never tells whether an account exists.
 */
export async function passwordLogin(ports: Ports, rawEmail: string, password: string) {
  const email = normalizeEmail(rawEmail);
  // No account has a longer address (§1.10), and its keys would pass DynamoDB's key size.
  if (email.length > MAX_EMAIL_LENGTH) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  const known = await new UserRepository(ports.database).findByEmail(email);
  const knownOrganization = known ? await new OrganizationRepository(ports.database).get(known.organization_id) : undefined;
  const settings = knownOrganization ? organizationSettings(knownOrganization) : undefined;
  const security = settings?.security ?? defaultSecuritySettings();

  const failures = new LoginFailureRepository(ports.database);
  const previousFailures = await failures.get(email);
  const lockedFor = lockedForSeconds(previousFailures, Date.now() / 1000);
  if (lockedFor > 0) throw rateLimited(lockedFor, AUTH_MESSAGES.tooManyLoginAttempts);
  if (known?.invitation_pending) throw forbidden(AUTH_MESSAGES.invitationPending);
  if (settings && !settings.auth.passwordLoginEnabled) throw forbidden(AUTH_MESSAGES.passwordLoginDisabled);

  const tokens = await signInAtProvider(ports, email, password, async () => {
    await failures.recordFailure(email, security);
  });
  if (previousFailures) await failures.clear(email);

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
