import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys } from '../../contracts/keys/table-keys';

/** One Slack event to answer: the application and Slack's own event id (§18.1). */
export interface SlackAnswerKey {
  organizationId: string;
  applicationId: string;
  eventId: string;
}

/**
 * What the worker may do with an event:
 * - `claimed`: it holds the event's lease; `reply` is set when an earlier attempt already stored the
 *   exchange and only the post is left, so a retry never asks the model (or stores) twice;
 * - `done`: answered (or given up on) before, so a redelivery posts nothing;
 * - `busy`: another delivery holds a live lease and answers it.
 */
export type SlackAnswerClaim = { kind: 'claimed'; reply?: string } | { kind: 'done' } | { kind: 'busy' };

/**
 * Idempotency of the Slack answer worker per event id, since SQS delivers at least once. The
 * receiver's claim (SLACKEVENT) already queues each event once; this record makes a redelivered
 * message, or two deliveries racing, post at most one answer.
 */
export interface SlackAnswerLedger {
  claim(key: SlackAnswerKey): Promise<SlackAnswerClaim>;
  /** The reply was stored in the session: a retry posts it without answering again. */
  recordReply(key: SlackAnswerKey, reply: string): Promise<void>;
  /** Finished: posted, or dropped for good. */
  markDone(key: SlackAnswerKey): Promise<void>;
  /** Gives the lease back after a failure, so the retry can take it at once. */
  release(key: SlackAnswerKey): Promise<void>;
}

/** Longer than one answer takes (generation 25 s, the post 10 s); shorter than the queue's 5-minute visibility timeout. */
export const SLACK_ANSWER_LEASE_MS = 2 * 60 * 1000;
/**
 * As long as the receiver remembers the event (§18.1's 24 h); the queue dead-letters far sooner.
 * Nothing is posted for an event older than this (slack-apology.ts): its record may be gone.
 */
export const SLACK_ANSWER_MEMORY_S = 24 * 60 * 60;

export const slackAnswerKey = (key: SlackAnswerKey) => ({
  PK: keys.organization(key.organizationId).PK,
  SK: `SLACKANSWER#${key.applicationId}#${key.eventId}`,
});

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** The ledger in the single table (docs/data-model.md, "Slack answer"). */
export function tableSlackAnswerLedger(database: DatabasePort, now: () => number = Date.now): SlackAnswerLedger {
  const table = database.tableName;
  return {
    async claim(key) {
      const at = now();
      try {
        const { Attributes } = await database.client.send(
          new UpdateCommand({
            TableName: table,
            Key: slackAnswerKey(key),
            UpdateExpression: 'SET entity = :entity, #state = if_not_exists(#state, :answering), lease_until = :until, #ttl = if_not_exists(#ttl, :ttl)',
            // A lease left behind by a crashed attempt expires; a finished event stays finished.
            ConditionExpression: 'attribute_not_exists(PK) OR (#state <> :done AND lease_until < :now)',
            ExpressionAttributeNames: { '#state': 'state', '#ttl': 'ttl' },
            ExpressionAttributeValues: {
              ':entity': 'slackAnswer',
              ':answering': 'answering',
              ':done': 'done',
              ':until': at + SLACK_ANSWER_LEASE_MS,
              ':now': at,
              ':ttl': Math.floor(at / 1000) + SLACK_ANSWER_MEMORY_S,
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return typeof Attributes?.reply === 'string' ? { kind: 'claimed', reply: Attributes.reply } : { kind: 'claimed' };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const { Item } = await database.client.send(new GetCommand({ TableName: table, Key: slackAnswerKey(key), ConsistentRead: true }));
        return Item?.state === 'done' ? { kind: 'done' } : { kind: 'busy' };
      }
    },
    async recordReply(key, reply) {
      await database.client.send(
        new UpdateCommand({
          TableName: table,
          Key: slackAnswerKey(key),
          UpdateExpression: 'SET #state = :answered, reply = :reply',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':answered': 'answered', ':reply': reply },
        }),
      );
    },
    async markDone(key) {
      await database.client.send(
        new UpdateCommand({
          TableName: table,
          Key: slackAnswerKey(key),
          UpdateExpression: 'SET #state = :done REMOVE reply',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':done': 'done' },
        }),
      );
    },
    async release(key) {
      await database.client.send(
        new UpdateCommand({
          TableName: table,
          Key: slackAnswerKey(key),
          UpdateExpression: 'SET lease_until = :zero',
          ConditionExpression: '#state <> :done',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':zero': 0, ':done': 'done' },
        }),
      ).catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
    },
  };
}
