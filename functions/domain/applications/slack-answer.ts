import { CHAT_LIMITS } from '../../../shared/rules/chat';
import { logger } from '../../observability/logger';
import type { Ports } from '../../platform/ports';
import type { QueueMessage } from '../../ports/queue';
import { CHAT_MESSAGES } from '../chat/chat-messages';
import type { ChatSessionRecord } from '../chat/chat-records';
import { ConversationLimitError } from '../chat/conversation-quota';
import { sendMessage } from '../chat/send-message';
import { SessionFullError } from '../chat/session-repository';
import { OrganizationRepository } from '../organizations/organization-repository';
import { indexAccessOf, searchableKnowledgeBases, WHOLE_APPLICATION } from './application-access';
import { slackIntegrationOf } from './application-record';
import { ApplicationRepository } from './application-repository';
import { revealSlackBotToken } from './integration-secrets';
import { tableSlackAnswerLedger, type SlackAnswerKey, type SlackAnswerLedger } from './slack-answer-ledger';
import { postSlackMessage, type SlackPost, type SlackPostResult } from './slack-client';
import type { SlackAnswerPayload } from './slack-events';
import { slackReplyText } from './slack-reply-text';
import { sessionForThread, type SlackThread } from './slack-thread-sessions';

/** A payload that can never be answered: dropped with a log line, never retried. */
export class UnanswerableSlackEventError extends Error {}

/** A failure worth another delivery (Slack or the network was down); the queue retries, then dead-letters. */
export class SlackPostFailedError extends Error {}

/** Slack's answers that a later attempt may not get again; any other error code is final (bad token, unknown channel). */
const TRANSIENT_POST_ERRORS = new Set(['timeout', 'request_failed', 'ratelimited', 'internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);
const isTransient = (error: string) => TRANSIENT_POST_ERRORS.has(error) || /^http_(429|5\d\d)$/.test(error);

export interface SlackAnswerDependencies {
  ports: Pick<Ports, 'database' | 'vectors' | 'embeddings' | 'chatModel'>;
  ledger: SlackAnswerLedger;
  /** §17.4's pipeline on a thread's session: answers the stored assistant reply. */
  answer(input: { ports: SlackAnswerDependencies['ports']; session: ChatSessionRecord; text: string } & Pick<Parameters<typeof sendMessage>[0], 'organization' | 'application' | 'knowledgeBases'>): Promise<Parameters<typeof slackReplyText>[0]>;
  threadSession(thread: SlackThread, askerId: string): Promise<ChatSessionRecord>;
  botToken(application: Parameters<typeof revealSlackBotToken>[0], integration: Parameters<typeof revealSlackBotToken>[1]): Promise<string | undefined>;
  post(post: SlackPost): Promise<SlackPostResult>;
}

export function defaultSlackAnswerDependencies(ports: SlackAnswerDependencies['ports']): SlackAnswerDependencies {
  return {
    ports,
    ledger: tableSlackAnswerLedger(ports.database),
    async answer(input) {
      const result = await sendMessage({ ...input, ports: input.ports, chatModel: input.ports.chatModel });
      const reply = result.messages.at(-1);
      if (!reply || reply.sender !== 'assistant') throw new Error('The exchange was stored without its reply');
      return reply;
    },
    threadSession: (thread, askerId) => sessionForThread(ports.database, thread, askerId),
    botToken: revealSlackBotToken,
    post: (post) => postSlackMessage(post),
  };
}

const PAYLOAD_FIELDS = ['applicationId', 'teamId', 'channel', 'threadTs', 'slackUserId', 'text', 'eventId'] as const;

export function slackAnswerPayloadOf(message: QueueMessage): SlackAnswerPayload {
  const payload = message.payload as Record<string, unknown>;
  const missing = PAYLOAD_FIELDS.filter((field) => typeof payload?.[field] !== 'string' || payload[field] === '');
  if (missing.length > 0) throw new UnanswerableSlackEventError(`slack.answer payload lacks ${missing.join(', ')}`);
  return payload as unknown as SlackAnswerPayload;
}

/**
 * The answer of a §17.4 send for Slack, or the contract's words for a refusal that another
 * attempt would meet again (the plan's conversations, a full session): those are posted in the
 * thread instead, so the asker is not left without a word.
 */
async function replyOf(deps: SlackAnswerDependencies, input: Parameters<SlackAnswerDependencies['answer']>[0]): Promise<string> {
  try {
    return slackReplyText(await deps.answer(input));
  } catch (error) {
    if (error instanceof ConversationLimitError) return CHAT_MESSAGES.conversationLimit;
    if (error instanceof SessionFullError) return 'This thread has reached its message limit. Please start a new thread.';
    throw error;
  }
}

/**
 * The `slack.answer` processor (§18.1, §23.1 chat-events): answers a question asked in Slack with
 * the chat pipeline of §17.4 (all of the application's knowledge bases, a session per thread,
 * channel `slack`, the conversation quota), then posts the reply in the thread with the bot token.
 *
 * Drops, with a log line and no retry: a disabled or deleted application or Slack integration, a
 * missing bot token, a payload that cannot be read, and Slack's final refusals (unknown channel,
 * revoked token). Retries: model, retrieval and storage failures, and Slack or network outages.
 * Each event is answered and posted at most once however often it is delivered (the ledger).
 */
export async function answerSlackEvent(message: QueueMessage, deps: SlackAnswerDependencies): Promise<void> {
  let payload: SlackAnswerPayload;
  try {
    payload = slackAnswerPayloadOf(message);
  } catch (error) {
    logger.error('Unreadable slack.answer message dropped', { messageId: message.messageId, error: (error as Error).message });
    return;
  }
  const context = { applicationId: payload.applicationId, eventId: payload.eventId };
  const { database } = deps.ports;
  const application = await new ApplicationRepository(database).get(message.organizationId, payload.applicationId);
  const slack = application ? slackIntegrationOf(application) : undefined;
  if (!application || !slack) {
    logger.info('Slack question dropped: the application or its Slack integration is gone', context);
    return;
  }
  if (!application.enabled || !slack.enabled) {
    logger.info('Slack question dropped: the application or its Slack integration is disabled', context);
    return;
  }
  const organization = await new OrganizationRepository(database).get(application.organization_id);
  if (!organization) {
    logger.info('Slack question dropped: the organization is gone', context);
    return;
  }
  const botToken = await deps.botToken({ organizationId: application.organization_id, applicationId: application.id }, slack);
  if (!botToken) {
    logger.warn('Slack question dropped: the application has no Slack bot token', context);
    return;
  }

  const key: SlackAnswerKey = { organizationId: application.organization_id, applicationId: application.id, eventId: payload.eventId };
  const claim = await deps.ledger.claim(key);
  if (claim.kind !== 'claimed') {
    logger.info(claim.kind === 'done' ? 'Slack event already answered; redelivery ignored' : 'Slack event is being answered by another delivery', context);
    return;
  }

  try {
    let reply = claim.reply;
    if (reply === undefined) {
      const access = await indexAccessOf(database, WHOLE_APPLICATION, application);
      const session = await deps.threadSession(
        { organizationId: application.organization_id, applicationId: application.id, teamId: payload.teamId, channel: payload.channel, threadTs: payload.threadTs },
        payload.slackUserId,
      );
      // §17.4 takes at most 4000 characters; Slack allows longer messages, whose start is answered.
      const text = Array.from(payload.text.trim()).slice(0, CHAT_LIMITS.messageMaxCharacters).join('');
      reply = await replyOf(deps, { ports: deps.ports, organization, application, session, knowledgeBases: searchableKnowledgeBases(access), text });
      await deps.ledger.recordReply(key, reply);
    }
    const posted = await deps.post({ botToken, channel: payload.channel, threadTs: payload.threadTs, text: reply });
    if (!posted.ok && isTransient(posted.error)) throw new SlackPostFailedError(`Slack chat.postMessage failed: ${posted.error}`);
    if (!posted.ok) logger.error('Slack refused the answer; not retried', { ...context, error: posted.error });
    else logger.info('Slack question answered', context);
    await deps.ledger.markDone(key);
  } catch (error) {
    logger.error('Slack question not answered; it will be retried', { ...context, error: (error as Error).message });
    await deps.ledger.release(key).catch(() => undefined);
    throw error;
  }
}
