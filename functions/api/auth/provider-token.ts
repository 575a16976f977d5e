import { normalizeEmail } from '../../../shared/rules/fields';
import { RevokedTokenRepository } from '../../domain/sessions/revoked-token-repository';
import { UserRepository } from '../../domain/users/user-repository';
import { bearerToken } from '../../http/authentication';
import { badRequest, unauthorized } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { InvalidTokenError, type VerifiedToken } from '../../contracts/ports/identity';
import { AUTH_MESSAGES } from './auth-messages';
import { assertCanSignIn, resolveUser, signedInUser } from './user-resolution';

const failed = () => unauthorized(AUTH_MESSAGES.tokenVerificationFailed);

/** §4.5 carries the token in `Authorization`; a malformed header is a bad token, a missing one a missing field. */
export function providerTokenFromHeaders(headers: Record<string, string | undefined>): string | undefined {
  try {
    return bearerToken(headers);
  } catch {
    throw failed();
  }
}

/** The token as §1.2 verifies it, before any product user exists: signature, claims, expiry, logout denylist. */
async function verifyToken(ports: Ports, raw: string): Promise<VerifiedToken> {
  let verified: VerifiedToken;
  try {
    verified = await ports.identity.verify(raw);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw failed();
    throw error;
  }
  if (!verified.jti || (await new RevokedTokenRepository(ports.database).isRevoked(verified.jti))) throw failed();
  return verified;
}

/**
 * Verifies a token the web client got from the hosted sign-in and answers the product user
 * (contract §4.5, §4.6). An ID token states its email; an access token does not, so its email is
 * that of the user its subject is linked to (linked at account creation or an earlier sign-in).
 */
export async function verifyProviderSignIn(ports: Ports, input: { token: string | undefined; email: string; nonce?: string }) {
  if (!input.token || !input.email) throw badRequest(AUTH_MESSAGES.tokenAndEmailRequired);
  const verified = await verifyToken(ports, input.token);
  if (input.nonce !== undefined && verified.nonce !== input.nonce) throw failed();

  const linked = verified.email ? undefined : await new UserRepository(ports.database).findBySubject(verified.sub);
  const tokenEmail = verified.email ?? linked?.email;
  if (!tokenEmail || normalizeEmail(tokenEmail) !== normalizeEmail(input.email)) throw failed();

  const resolved = await resolveUser(ports, {
    subject: verified.sub,
    email: normalizeEmail(tokenEmail),
    // A linked user's email was verified when it was linked.
    emailVerified: verified.email ? verified.emailVerified === true : true,
    provider: verified.identityProvider,
  });
  assertCanSignIn(resolved);
  return {
    token: input.token,
    refreshToken: null,
    expiresIn: Math.max(0, Math.round(verified.exp - Date.now() / 1000)),
    user: await signedInUser(ports, resolved),
  };
}
