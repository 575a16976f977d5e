import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { fixedWindowAt, secondsUntil, type FixedWindow } from './fixed-window';
import { leaseSize, RateLeases } from './rate-leases';
import type { RateLimit } from './rate-limits';
import { perTableClient } from '../table/per-table-client';

/** `used`: the requests the window has counted, this one included (for `X-RateLimit-Remaining`). */
export type RateDecision = { allowed: true; used: number } | { allowed: false; retryAfterSeconds: number };

/** Counters outlive their window a little, so a clock skew between functions never resets one early. */
const TTL_MARGIN_S = 60;

export const rateCounterKey = (scope: string, key: string, windowIndex: number) => ({ PK: `RATE#${scope}#${key}#${windowIndex}`, SK: 'RATE' });

/** This process's leases (rate-leases.ts), one set per table client. */
const leasesOf = perTableClient(() => new RateLeases());

/**
 * Counts one request against a fixed-window limit (contract §1.8). The counter's increment is
 * conditional on staying within the limit, so concurrent functions never let more through than
 * the limit, and a refused request does not count. High limits are taken a block at a time
 * (rate-leases.ts); when a whole block no longer fits, single requests still do.
 */
export async function consumeRateLimit(database: DatabasePort, limit: RateLimit, key: string, nowMs = Date.now()): Promise<RateDecision> {
  const window = fixedWindowAt(nowMs, limit.windowSeconds);
  const counter = `${limit.scope}#${key}`;
  const leases = leasesOf(database);
  const leased = leases.take(counter, window.index, limit.limit);
  if (leased !== undefined) return { allowed: true, used: leased };
  const block = leaseSize(limit.limit);
  for (const size of block > 1 ? [block, 1] : [1]) {
    const counted = await reserve(database, limit, key, window, size);
    if (counted !== undefined) return { allowed: true, used: leases.grant(counter, window.index, size, counted) };
  }
  return { allowed: false, retryAfterSeconds: secondsUntil(window.endsAt, nowMs) };
}

/** Adds `size` requests to the window's counter if they fit under the limit; answers the new count, or undefined when they do not fit. */
async function reserve(database: DatabasePort, limit: RateLimit, key: string, window: FixedWindow, size: number): Promise<number | undefined> {
  try {
    const answer = await database.client.send(
      new UpdateCommand({
        TableName: database.tableName,
        Key: rateCounterKey(limit.scope, key, window.index),
        UpdateExpression: 'ADD #count :size SET #ttl = if_not_exists(#ttl, :ttl), entity = if_not_exists(entity, :entity)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count <= :room',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':size': size, ':room': limit.limit - size, ':ttl': window.endsAt + TTL_MARGIN_S, ':entity': 'rateCounter' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(answer.Attributes?.count ?? limit.limit);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}
