import { consumeRateLimit } from '../../domain/rate-limits/rate-limit-store';
import { RATE_LIMITS } from '../../domain/rate-limits/rate-limits';
import { RevokedTokenRepository } from '../../domain/sessions/revoked-token-repository';
import { UserRepository } from '../../domain/users/user-repository';
import { bearerToken, rateLimited } from '../../http/authentication';
import { ContractError } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { InvalidTokenError } from '../../contracts/ports/identity';
import { enforcePublicAuthLimit } from '../../http/public-auth-route';

/** The subject of a token that would pass §1.2's checks, or undefined for any other. */
async function validSubject(ports: Ports, headers: Record<string, string | undefined>): Promise<string | undefined> {
  try {
    const raw = bearerToken(headers);
    if (!raw) return undefined;
    const verified = await ports.identity.verify(raw);
    if (await new RevokedTokenRepository(ports.database).isRevoked(verified.jti)) return undefined;
    return verified.sub;
  } catch (error) {
    // A malformed header (ContractError) or a bad token: both are guesses as far as the limit goes.
    if (error instanceof InvalidTokenError || error instanceof ContractError) return undefined;
    throw error;
  }
}

/**
 * The limit of §4.5 (decision D-AUTH-1 in docs/contract-decisions.md). The web client calls it on
 * every page load, so the per-IP budget of public endpoints would sign out a whole office sharing
 * one address after 20 loads a minute. A request whose token is valid spends its user's bearer
 * budget instead (600/min), like the bearer calls the page makes next; a request without one, or
 * with a bad one, still spends the IP's 20/min, which is what slows token guessing down.
 */
export async function enforceVerifyTokenLimit(ports: Ports, routeId: string, request: { headers: Record<string, string | undefined>; sourceIp: string }): Promise<void> {
  const subject = await validSubject(ports, request.headers);
  if (!subject) return enforcePublicAuthLimit(ports.database, routeId, request.sourceIp);
  // The user's own budget once the subject is linked; before the first sign-in links it, the subject's.
  const user = await new UserRepository(ports.database).findBySubject(subject);
  const decision = await consumeRateLimit(ports.database, RATE_LIMITS.bearer, user ? user.id : `subject:${subject}`);
  if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
}
