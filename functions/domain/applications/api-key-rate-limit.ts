import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../ports/database';
import { fixedWindowAt, secondsUntil } from '../rate-limits/fixed-window';
import { rateCounterKey } from '../rate-limits/rate-limit-counter';

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

const TTL_MARGIN_S = 60;

/**
 * Counts one API-key call against the integration's `rateLimit` (§1.8). Like the other limits the
 * increment is conditional, so concurrent calls never pass the limit and a refused call does not
 * count; unlike them it answers the new count, which `X-RateLimit-Remaining` needs.
 */
export async function consumeApiKeyRate(database: DatabasePort, tokenHash: string, limit: number, nowMs = Date.now()): Promise<ApiKeyRateDecision> {
  const window = fixedWindowAt(nowMs, API_KEY_RATE_WINDOW_SECONDS);
  try {
    const answer = await database.client.send(
      new UpdateCommand({
        TableName: database.tableName,
        Key: rateCounterKey(API_KEY_RATE_SCOPE, tokenHash, window.index),
        UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl), entity = if_not_exists(entity, :entity)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': window.endsAt + TTL_MARGIN_S, ':entity': 'rateCounter' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const count = Number(answer.Attributes?.count ?? limit);
    return { allowed: true, state: { limit, remaining: Math.max(0, limit - count), reset: window.endsAt } };
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return { allowed: false, state: { limit, remaining: 0, reset: window.endsAt }, retryAfterSeconds: secondsUntil(window.endsAt, nowMs) };
  }
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return { 'X-RateLimit-Limit': String(state.limit), 'X-RateLimit-Remaining': String(state.remaining), 'X-RateLimit-Reset': String(state.reset) };
}
