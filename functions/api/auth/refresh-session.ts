import { OrganizationRepository } from '../../domain/organizations/organization-repository';
import { UserRepository } from '../../domain/users/user-repository';
import { unauthorized, upstreamError } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { IdentityUnavailableError, InvalidTokenError, type ProviderTokens } from '../../contracts/ports/identity';
import { AUTH_MESSAGES } from './auth-messages';
import { assertCanSignIn } from './user-resolution';

const expired = () => unauthorized(AUTH_MESSAGES.sessionExpired);

/**
 * The provider's refresh grant (contract §4.7). The user is found from the new access token's
 * subject, so a user deactivated or deleted since the sign-in gets no fresh token.
 */
export async function refreshSession(ports: Ports, refreshToken: string) {
  let tokens: ProviderTokens;
  try {
    tokens = await ports.identity.refresh(refreshToken);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw expired();
    if (error instanceof IdentityUnavailableError) throw upstreamError(AUTH_MESSAGES.providerUnavailable);
    throw error;
  }
  let sub: string;
  try {
    ({ sub } = await ports.identity.verify(tokens.accessToken));
  } catch (error) {
    if (error instanceof InvalidTokenError) throw expired();
    throw error;
  }
  const user = await new UserRepository(ports.database).findBySubject(sub);
  const organization = user && (await new OrganizationRepository(ports.database).get(user.organization_id));
  if (!user || !organization) throw expired();
  assertCanSignIn({ user, organization });
  return { token: tokens.accessToken, idToken: tokens.idToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn };
}
