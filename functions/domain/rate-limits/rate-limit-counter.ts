import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../ports/database';
import { fixedWindowAt, secondsUntil } from './fixed-window';
import type { RateLimit } from './rate-limits';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counters outlive their window a little, so a clock skew between functions never resets one early. */
const TTL_MARGIN_S = 60;

export const rateCounterKey = (scope: string, key: string, windowIndex: number) => ({ PK: `RATE#${scope}#${key}#${windowIndex}`, SK: 'RATE' });

/**
 * Counts one request against a fixed-window limit (contract §1.8). The increment is conditional on
 * the count being under the limit, so concurrent functions never let more through than the limit,
 * and a refused request does not count.
 */
export async function consumeRateLimit(database: DatabasePort, limit: RateLimit, key: string, nowMs = Date.now()): Promise<RateDecision> {
  const window = fixedWindowAt(nowMs, limit.windowSeconds);
  try {
    await database.client.send(
      new UpdateCommand({
        TableName: database.tableName,
        Key: rateCounterKey(limit.scope, key, window.index),
        UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl), entity = if_not_exists(entity, :entity)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit.limit, ':ttl': window.endsAt + TTL_MARGIN_S, ':entity': 'rateCounter' },
      }),
    );
    return { allowed: true };
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return { allowed: false, retryAfterSeconds: secondsUntil(window.endsAt, nowMs) };
    throw error;
  }
}
