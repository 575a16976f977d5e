import { CHAT_LIMITS } from '../../../shared/rules/chat';
import { logger } from '../../observability/logger';
import type { Ports } from '../../contracts/ports/ports';
import type { QueueMessage } from '../../contracts/ports/queue';
import { CHAT_MESSAGES } from '../chat/chat-messages';
import { CHAT_SEND_LIMIT } from '../chat/chat-rate-limit';
import type { ChatSessionRecord } from '../chat/chat-records';
import { ConversationLimitError } from '../chat/conversation-quota';
import { sendMessage } from '../chat/send-message';
import { SessionFullError } from '../chat/session-repository';
import { consumeRateLimit, type RateDecision } from '../rate-limits/rate-limit-store';
import { indexAccessOf, searchableKnowledgeBases, WHOLE_APPLICATION } from '../applications/application-access';
import { revealSlackBotToken } from '../applications/integration-secrets';
import { postInThread, slackAnswerTarget, type SlackAnswerTarget, type SlackPostDependencies, type SlackTargetDependencies } from './slack-answer-target';
import { tableSlackAnswerLedger } from './slack-answer-ledger-store';
import { postSlackMessage } from './slack-client';
import { SLACK_TEXTS, slackReplyText } from './slack-reply-text';
import { sessionForThread, slackUserId, type SlackThread } from './slack-thread-session-store';

export interface SlackAnswerDependencies extends SlackTargetDependencies, SlackPostDependencies {
  ports: Pick<Ports, 'database' | 'vectors' | 'embeddings' | 'chatModel'>;
  /** §17.4's pipeline on a thread's session: answers the stored assistant reply. */
  answer(input: { ports: SlackAnswerDependencies['ports']; session: ChatSessionRecord; text: string } & Pick<Parameters<typeof sendMessage>[0], 'organization' | 'application' | 'knowledgeBases'>): Promise<Parameters<typeof slackReplyText>[0]>;
  threadSession(thread: SlackThread, askerId: string): Promise<ChatSessionRecord>;
  /** Counts one question against the asker's chat limit (`asker` is the §2 Slack user id, team and user). */
  admit(asker: string): Promise<RateDecision>;
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
    // The bearer chat's limit (§1.8), per Slack user: a busy channel cannot spend one person's budget.
    admit: (asker) => consumeRateLimit(ports.database, CHAT_SEND_LIMIT, asker),
    botToken: revealSlackBotToken,
    post: (post) => postSlackMessage(post),
  };
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
    if (error instanceof SessionFullError) return SLACK_TEXTS.sessionFull;
    throw error;
  }
}

/**
 * The reply to a question not answered before: the answer, or the words of a refusal that another
 * attempt would meet again. An asker over the per-user chat limit is refused before anything is
 * stored or asked; the refusal is recorded as the event's reply, so a retry of its post does not
 * count again. (A retry after a failed answer does count again, as a client's resent message would.)
 */
async function composeReply(deps: SlackAnswerDependencies, target: SlackAnswerTarget): Promise<string> {
  const { payload, application, organization, context } = target;
  const decision = await deps.admit(slackUserId(payload.teamId, payload.slackUserId));
  if (!decision.allowed) {
    logger.info('Slack question refused: the asker is over the chat rate limit', { ...context, retryAfterSeconds: decision.retryAfterSeconds });
    return SLACK_TEXTS.rateLimited;
  }
  const access = await indexAccessOf(deps.ports.database, WHOLE_APPLICATION, application);
  const session = await deps.threadSession(
    { organizationId: application.organization_id, applicationId: application.id, teamId: payload.teamId, channel: payload.channel, threadTs: payload.threadTs },
    payload.slackUserId,
  );
  // §17.4 takes at most 4000 characters; Slack allows longer messages, whose start is answered.
  const text = Array.from(payload.text.trim()).slice(0, CHAT_LIMITS.messageMaxCharacters).join('');
  return replyOf(deps, { ports: deps.ports, organization, application, session, knowledgeBases: searchableKnowledgeBases(access), text });
}

/**
 * The `slack.answer` processor (§18.1, §23.1 chat-events): answers a question asked in Slack with
 * the chat pipeline of §17.4 (all of the application's knowledge bases, a session per thread,
 * channel `slack`, the conversation quota, the per-user chat limit), then posts the reply in the
 * thread with the bot token.
 *
 * Drops, with a log line and no retry: a disabled or deleted application or Slack integration, a
 * missing bot token, a payload that cannot be read, and Slack's final refusals (unknown channel,
 * revoked token). Retries: model, retrieval and storage failures, and Slack or network outages;
 * after the last attempt the dead letter gets an apology posted (slack-apology.ts).
 * Each event is answered and posted at most once however often it is delivered (the ledger).
 */
export async function answerSlackEvent(message: QueueMessage, deps: SlackAnswerDependencies): Promise<void> {
  const target = await slackAnswerTarget(message, deps, 'Slack question dropped');
  if (!target) return;
  const { key, context } = target;
  const claim = await deps.ledger.claim(key);
  if (claim.kind !== 'claimed') {
    logger.info(claim.kind === 'done' ? 'Slack event already answered; redelivery ignored' : 'Slack event is being answered by another delivery', context);
    return;
  }

  try {
    let reply = claim.reply;
    if (reply === undefined) {
      reply = await composeReply(deps, target);
      await deps.ledger.recordReply(key, reply);
    }
    await postInThread(deps, target, reply, 'answer');
  } catch (error) {
    logger.error('Slack question not answered; it will be retried', { ...context, error: (error as Error).message });
    await deps.ledger.release(key).catch(() => undefined);
    throw error;
  }
}
