import type { ZodType } from 'zod';
import { consumeRateLimit } from '../../domain/rate-limits/rate-limit-counter';
import { RATE_LIMITS } from '../../domain/rate-limits/rate-limits';
import { implement, type RouteRequest, type RouteResponse } from '../../http/api-types';
import { rateLimited } from '../../http/authentication';
import { parseOrThrow } from '../../http/validation';
import type { DatabasePort } from '../../ports/database';
import { getPorts } from '../../platform/ports';

type Query = Record<string, string | undefined>;

/** 20 requests/min per IP on each public auth endpoint (contract §1.8); throws the standard 429. */
export async function enforcePublicAuthLimit(database: DatabasePort, routeId: string, sourceIp: string): Promise<void> {
  const decision = await consumeRateLimit(database, RATE_LIMITS.publicAuth(routeId), sourceIp);
  if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
}

/**
 * A public auth endpoint. The body is validated here, after the rate limit, rather than by the
 * pipeline: a stream of invalid bodies must count against the limit too.
 */
export function publicAuthRoute<TBody>(routeId: string, route: { body: ZodType<TBody>; handle(request: RouteRequest<TBody, Query, Query>): Promise<RouteResponse> }) {
  return implement<unknown>({
    async handle(request) {
      await enforcePublicAuthLimit(getPorts().database, routeId, request.sourceIp);
      return route.handle({ ...request, body: parseOrThrow(route.body, request.body ?? {}) });
    },
  });
}
