import type { DatabasePort } from '../../contracts/ports/database';
import { fixedWindowAt } from '../rate-limits/fixed-window';
import { consumeRateLimit } from '../rate-limits/rate-limit-store';

/** Per token, one-minute windows; the counter key holds the token's hash, never the token. */
export const API_KEY_RATE_SCOPE = 'api-key';
export const API_KEY_RATE_WINDOW_SECONDS = 60;

/** What the `X-RateLimit-*` headers say (§1.8): `reset` in epoch seconds. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  reset: number;
}

export type ApiKeyRateDecision = { allowed: true; state: RateLimitState } | { allowed: false; state: RateLimitState; retryAfterSeconds: number };

/**
 * Counts one API-key call against the integration's `rateLimit` (§1.8), on the same counters as
 * every other limit (rate-limit-counter.ts), and answers what the `X-RateLimit-*` headers say.
 */
export async function consumeApiKeyRate(database: DatabasePort, tokenHash: string, limit: number, nowMs = Date.now()): Promise<ApiKeyRateDecision> {
  const reset = fixedWindowAt(nowMs, API_KEY_RATE_WINDOW_SECONDS).endsAt;
  const decision = await consumeRateLimit(database, { scope: API_KEY_RATE_SCOPE, limit, windowSeconds: API_KEY_RATE_WINDOW_SECONDS }, tokenHash, nowMs);
  if (!decision.allowed) return { allowed: false, state: { limit, remaining: 0, reset }, retryAfterSeconds: decision.retryAfterSeconds };
  return { allowed: true, state: { limit, remaining: Math.max(0, limit - decision.used), reset } };
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return { 'X-RateLimit-Limit': String(state.limit), 'X-RateLimit-Remaining': String(state.remaining), 'X-RateLimit-Reset': String(state.reset) };
}
