import type { IdentityPort, VerifiedToken } from '../../contracts/ports/identity';
import type { DatabasePort } from '../../contracts/ports/database';
import { RevokedTokenRepository } from './revoked-token-repository';

/**
 * The presented token stops working at once (contract §4.8, §5.3). Access and ID tokens are JWTs
 * the provider cannot recall, so their `jti` is denylisted until they expire anyway.
 */
export async function denylistToken(database: DatabasePort, token: VerifiedToken): Promise<void> {
  await new RevokedTokenRepository(database).revoke(token.jti, token.exp);
}

/**
 * Ends a session (contract §4.8): the token is denylisted, then the given refresh token is revoked
 * at the provider, or every refresh token of the subject when none is given.
 */
export async function endSession(ports: { database: DatabasePort; identity: IdentityPort }, token: VerifiedToken, refreshToken: string | undefined): Promise<void> {
  await denylistToken(ports.database, token);
  if (refreshToken) await ports.identity.revokeRefreshToken(refreshToken);
  else await ports.identity.revokeAllSessions(token.sub);
}
