import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import type { QueueMessage } from '../../contracts/ports/queue';
import { keys, nowIso } from '../../contracts/keys/table-keys';

/** §23.1 chat-events: what the Slack answering worker needs to answer in the thread. */
export interface SlackAnswerPayload {
  applicationId: string;
  teamId: string;
  channel: string;
  threadTs: string;
  slackUserId: string;
  text: string;
  eventId: string;
}

/** §18.1: Slack retries and repeats are dropped for 24 h. */
export const SLACK_EVENT_MEMORY_S = 24 * 60 * 60;

export const slackEventKey = (organizationId: string, applicationId: string, eventId: string) => ({
  PK: keys.organization(organizationId).PK,
  SK: `SLACKEVENT#${applicationId}#${eventId}`,
});

interface SlackEventEnvelope {
  team_id?: string;
  event_id?: string;
  event?: {
    type?: string;
    subtype?: string;
    bot_id?: string;
    channel_type?: string;
    channel?: string;
    user?: string;
    text?: string;
    ts?: string;
    thread_ts?: string;
  };
}

/**
 * The events the application answers (§18.1): a mention of the bot, or a direct message. Bot
 * messages (its own replies included) and message subtypes (edits, joins) are left alone.
 */
export function answerableEvent(envelope: SlackEventEnvelope, applicationId: string): SlackAnswerPayload | undefined {
  const event = envelope.event;
  if (!event || !envelope.event_id || !envelope.team_id) return undefined;
  if (event.bot_id || event.subtype) return undefined;
  const handled = event.type === 'app_mention' || (event.type === 'message' && event.channel_type === 'im');
  if (!handled || !event.channel || !event.user || !event.ts) return undefined;
  // A mention starts with the bot's `<@U…>`: the question is what follows it.
  const text = (event.text ?? '').replace(/<@[A-Z0-9]+>/g, '').trim();
  if (text === '') return undefined;
  return {
    applicationId,
    teamId: envelope.team_id,
    channel: event.channel,
    threadTs: event.thread_ts ?? event.ts,
    slackUserId: event.user,
    text,
    eventId: envelope.event_id,
  };
}

/** Remembers an event id; false when it was seen within the last 24 h (a retry or a repeat). */
export async function claimSlackEvent(database: DatabasePort, organizationId: string, applicationId: string, eventId: string, nowMs = Date.now()): Promise<boolean> {
  const nowSeconds = Math.floor(nowMs / 1000);
  try {
    await database.client.send(
      new PutCommand({
        TableName: database.tableName,
        Item: { ...slackEventKey(organizationId, applicationId, eventId), entity: 'slackEvent', ttl: nowSeconds + SLACK_EVENT_MEMORY_S },
        // A claim whose ttl passed is gone even if DynamoDB has not removed it yet.
        ConditionExpression: 'attribute_not_exists(PK) OR #ttl < :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export function slackAnswerMessage(organizationId: string, payload: SlackAnswerPayload): QueueMessage {
  return {
    type: 'slack.answer',
    version: 1,
    messageId: randomUUID(),
    organizationId,
    requestedBy: 'system',
    createdAt: nowIso(),
    payload: payload as unknown as Record<string, unknown>,
  };
}
