import type { ZodType } from 'zod';
import { consumeRateLimit } from '../domain/rate-limits/rate-limit-store';
import { RATE_LIMITS } from '../domain/rate-limits/rate-limits';
import { implement, type RouteRequest, type RouteResponse } from './api-types';
import { rateLimited } from './authentication';
import type { DatabasePort } from '../contracts/ports/database';
import { getPorts } from '../contracts/ports/ports';

type Query = Record<string, string | undefined>;

/** 20 requests/min per IP on each public auth endpoint (contract §1.8); throws the standard 429. */
export async function enforcePublicAuthLimit(database: DatabasePort, routeId: string, sourceIp: string): Promise<void> {
  const decision = await consumeRateLimit(database, RATE_LIMITS.publicAuth(routeId), sourceIp);
  if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
}

/**
 * A public auth endpoint. Its body is validated (with the route's schema) after the rate limit: a
 * stream of invalid bodies must count against the limit too. `limit`
 * replaces the per-IP limit where the contract's decisions say so (§4.5).
 */
export function publicAuthRoute<TBody>(
  routeId: string,
  route: { body: ZodType<TBody>; handle(request: RouteRequest<TBody, Query, Query>): Promise<RouteResponse> },
  limit: (request: { headers: Record<string, string | undefined>; sourceIp: string }) => Promise<void> = (request) => enforcePublicAuthLimit(getPorts().database, routeId, request.sourceIp),
) {
  return implement<TBody, Query, Query>({
    body: route.body,
    deferBody: true,
    async handle(request) {
      await limit(request);
      return route.handle({ ...request, body: await request.validBody() });
    },
  });
}
