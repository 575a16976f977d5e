import { MESSAGES } from '../../shared/api/errors';
import type { RouteDefinition } from '../../shared/api/route-table';
import { isRoleAllowed } from '../../shared/auth/roles';
import { isIpAllowed } from '../../shared/rules/organization-settings';
import { authenticateApiKey, type ApiKeyCaller } from '../domain/api-access/api-key-access';
import { OrganizationRepository } from '../domain/organizations/organization-repository';
import { organizationSettings } from '../domain/organizations/organization-settings';
import { consumeRateLimit } from '../domain/rate-limits/rate-limit-store';
import { RATE_LIMITS } from '../domain/rate-limits/rate-limits';
import { RevokedTokenRepository } from '../domain/sessions/revoked-token-repository';
import { UserRepository } from '../domain/users/user-repository';
import { getPorts } from '../contracts/ports/ports';
import { InvalidTokenError } from '../contracts/ports/identity';
import type { ApiEvent, Caller } from './api-types';
import { forbidden, ContractError, unauthorized } from '../contracts/contract-error';
import { sourceIpOf } from './source-ip';

/** The 429 of contract §1.8: always with `Retry-After`, in seconds. */
export function rateLimited(retryAfterSeconds: number, message: string = MESSAGES.rateLimited): ContractError {
  return new ContractError('RATE_LIMITED', message, { headers: { 'Retry-After': String(retryAfterSeconds) } });
}

/** Reads `Authorization: Bearer <token>`; undefined when the header is absent. */
export function bearerToken(headers: Record<string, string | undefined>): string | undefined {
  const header = headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized(MESSAGES.invalidToken);
  return match[1];
}

/**
 * Resolves the product user behind a bearer token on every request (contract §1.2), in the order
 * the contract lists its failures, so a role change or deactivation takes effect at once.
 */
export async function authenticateBearer(rawToken: string, sourceIp: string): Promise<Caller> {
  const { identity, database } = getPorts();
  let token;
  try {
    token = await identity.verify(rawToken);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized(MESSAGES.invalidToken);
    throw error;
  }
  // The adapters refuse a token without jti; checked here too, since skipping the denylist for one
  // would let an ID token outlive its logout.
  if (!token.jti || (await new RevokedTokenRepository(database).isRevoked(token.jti))) throw unauthorized(MESSAGES.invalidToken);

  const user = await new UserRepository(database).findBySubject(token.sub);
  if (!user) throw unauthorized(MESSAGES.userNotAuthenticated);
  const organization = await new OrganizationRepository(database).get(user.organization_id);
  if (!organization) throw unauthorized(MESSAGES.userNotAuthenticated);

  const { security } = organizationSettings(organization);
  if (token.authTime !== undefined && Date.now() / 1000 - token.authTime > security.sessionMaxAgeHours * 3600) {
    throw unauthorized(MESSAGES.sessionExpired);
  }
  if (user.status === 'inactive') throw forbidden(MESSAGES.accountInactive);
  if (organization.status !== 'active' && user.role !== 'system_admin') throw forbidden(MESSAGES.organizationInactive);
  if (!isIpAllowed(sourceIp, security.ipAllowlist)) throw forbidden(MESSAGES.ipNotAllowed);
  // Counted once the caller is known to be allowed in, so refused requests never use up the user's budget.
  const decision = await consumeRateLimit(database, RATE_LIMITS.bearer, user.id);
  if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
  return { kind: 'user', user, organization, token, rawToken };
}

/**
 * API-key callers of the five §17.5 routes, kept beside the event like bearer callers: they are no
 * `Caller` (no user, no role), so a route that never asks for one can never mistake one for a user.
 */
const apiKeyCallers = new WeakMap<ApiEvent, ApiKeyCaller>();

export function apiKeyCallerOf(event: ApiEvent): ApiKeyCaller | undefined {
  return apiKeyCallers.get(event);
}

/** Creating sessions and sending refuse a disabled application; the reads of §17.5 do not (§17). */
const REFUSES_DISABLED_APPLICATION = new Set(['chat.createSession', 'chat.sendMessage']);

/** The credential check a route's auth kind asks for; returns the caller for bearer routes. */
export async function authenticateRoute(route: RouteDefinition, event: ApiEvent): Promise<Caller | undefined> {
  const headers = event.headers as Record<string, string | undefined>;
  switch (route.auth) {
    case 'public':
    case 'provider-token':
    case 'stripe-signed':
    case 'slack-signed':
      // Signed webhooks and provider tokens are verified by their own handlers, over the raw body.
      return undefined;
    case 'bearer-or-api-key':
    case 'bearer': {
      const token = bearerToken(headers);
      if (token === undefined) {
        const apiKey = headers['x-api-key'];
        if (route.auth === 'bearer-or-api-key' && apiKey) {
          const { database } = getPorts();
          const applicationId = event.pathParameters?.appId;
          apiKeyCallers.set(event, await authenticateApiKey(database, { apiKey, applicationId, origin: headers.origin, refuseDisabled: REFUSES_DISABLED_APPLICATION.has(route.id) }));
          return undefined;
        }
        throw unauthorized(MESSAGES.authenticationRequired);
      }
      const caller = await authenticateBearer(token, sourceIpOf(event));
      if (!isRoleAllowed(route.roles, { role: caller.user.role, isSystemOrg: caller.organization.is_system_org })) {
        throw forbidden(MESSAGES.forbidden);
      }
      return caller;
    }
  }
}
