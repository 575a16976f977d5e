import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';

/** §1.7: a key is kept for 24 h. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/**
 * How long a claim counts as running. Every endpoint answers within 29 s (§1.1), so a claim older
 * than this belongs to an invocation that died before it could store or release it.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 60;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

export type IdempotencyRecord =
  | { state: 'in_progress'; fingerprint: string; leaseUntil: number }
  | { state: 'completed'; fingerprint: string; response: StoredResponse };

/** The scope (caller + method + path + key) is hashed: its parts together could pass the 2 KB key limit. */
const recordKey = (scopeHash: string) => ({ PK: `IDEMPOTENCY#${scopeHash}`, SK: 'IDEMPOTENCY' });

const nowSeconds = () => Math.floor(Date.now() / 1000);

function toRecord(item: Record<string, unknown>): IdempotencyRecord {
  if (item.state === 'completed') {
    return {
      state: 'completed',
      fingerprint: item.fingerprint as string,
      response: { status: item.response_status as number, headers: (item.response_headers ?? {}) as Record<string, string>, body: item.response_body as string | undefined },
    };
  }
  return { state: 'in_progress', fingerprint: item.fingerprint as string, leaseUntil: item.lease_until as number };
}

export class IdempotencyRepository {
  constructor(private readonly database: DatabasePort) {}

  /**
   * Claims the scope for a request with this fingerprint. Answers undefined when claimed, or the
   * record that holds it. An expired record (TTL deletion lags) or a dead invocation's claim is taken over.
   */
  async claim(scopeHash: string, fingerprint: string): Promise<IdempotencyRecord | undefined> {
    const now = nowSeconds();
    try {
      await this.database.client.send(
        new PutCommand({
          TableName: this.database.tableName,
          Item: { ...recordKey(scopeHash), entity: 'idempotency', state: 'in_progress', fingerprint, lease_until: now + IDEMPOTENCY_LEASE_SECONDS, ttl: now + IDEMPOTENCY_TTL_SECONDS, created_at: new Date().toISOString() },
          ConditionExpression: 'attribute_not_exists(PK) OR #ttl < :now OR (#state = :running AND lease_until < :now)',
          ExpressionAttributeNames: { '#ttl': 'ttl', '#state': 'state' },
          ExpressionAttributeValues: { ':now': now, ':running': 'in_progress' },
        }),
      );
      return undefined;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: recordKey(scopeHash), ConsistentRead: true }));
    // Released between the two calls: the caller may simply try again.
    if (!Item) return this.claim(scopeHash, fingerprint);
    return toRecord(Item);
  }

  /** Keeps the answer for replays; the record keeps the TTL of its claim. */
  async complete(scopeHash: string, fingerprint: string, response: StoredResponse): Promise<void> {
    const now = nowSeconds();
    await this.database.client.send(
      new PutCommand({
        TableName: this.database.tableName,
        Item: {
          ...recordKey(scopeHash),
          entity: 'idempotency',
          state: 'completed',
          fingerprint,
          response_status: response.status,
          response_headers: response.headers,
          ...(response.body === undefined ? {} : { response_body: response.body }),
          ttl: now + IDEMPOTENCY_TTL_SECONDS,
          created_at: new Date().toISOString(),
        },
      }),
    );
  }

  /** Frees the scope so a retry runs again (after a failure, §1.7 as this product reads it). */
  async release(scopeHash: string): Promise<void> {
    await this.database.client.send(
      new DeleteCommand({
        TableName: this.database.tableName,
        Key: recordKey(scopeHash),
        ConditionExpression: '#state = :running',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':running': 'in_progress' },
      }),
    ).catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
  }
}
