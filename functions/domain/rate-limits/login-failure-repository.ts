import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { afterFailure, type LockoutPolicy, type LoginFailures } from './login-lockout';

export const loginFailureKey = (email: string) => ({ PK: `LOGINFAIL#${email.trim().toLowerCase()}`, SK: 'LOGINFAIL' });

interface StoredFailures extends LoginFailures {
  version: number;
}

/** Concurrent failures of one email retry on a version clash; more than this many at once is an attack, not a user. */
const MAX_ATTEMPTS = 5;

/** The failed-login counter of each email, one item with a `ttl` (contract §1.8, §4.1). */
export class LoginFailureRepository {
  constructor(private readonly database: DatabasePort) {}

  async get(email: string): Promise<LoginFailures | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: loginFailureKey(email), ConsistentRead: true }));
    return Item as StoredFailures | undefined;
  }

  /**
   * Adds one failure. The write is conditional on the version it read, so two failing requests at
   * once both count rather than one overwriting the other.
   */
  async recordFailure(email: string, policy: LockoutPolicy, nowMs = Date.now()): Promise<LoginFailures> {
    for (let attempt = 1; ; attempt += 1) {
      const previous = (await this.get(email)) as StoredFailures | undefined;
      const next = afterFailure(previous, Math.floor(nowMs / 1000), policy);
      const version = (previous?.version ?? 0) + 1;
      try {
        await this.database.client.send(
          new PutCommand({
            TableName: this.database.tableName,
            Item: { ...loginFailureKey(email), entity: 'loginFailures', ...next, version, ttl: Math.max(next.windowEndsAt, next.lockedUntil ?? 0) },
            ConditionExpression: previous ? '#version = :previous' : 'attribute_not_exists(PK)',
            ExpressionAttributeNames: previous ? { '#version': 'version' } : undefined,
            ExpressionAttributeValues: previous ? { ':previous': previous.version } : undefined,
          }),
        );
        return next;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException' || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /** A successful login forgives the earlier failures. */
  async clear(email: string): Promise<void> {
    await this.database.client.send(new DeleteCommand({ TableName: this.database.tableName, Key: loginFailureKey(email) }));
  }
}
