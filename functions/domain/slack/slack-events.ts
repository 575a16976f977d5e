import { randomUUID } from 'node:crypto';
import type { QueueMessage } from '../../contracts/ports/queue';
import { nowIso } from '../../contracts/keys/table-keys';

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
