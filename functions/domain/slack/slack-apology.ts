import { logger } from '../../observability/logger';
import type { Ports } from '../../contracts/ports/ports';
import type { QueueMessage } from '../../contracts/ports/queue';
import { revealSlackBotToken } from '../applications/integration-secrets';
import { SLACK_ANSWER_MEMORY_S, tableSlackAnswerLedger } from './slack-answer-ledger-store';
import { postInThread, slackAnswerTarget, type SlackPostDependencies, type SlackTargetDependencies } from './slack-answer-target';
import { postSlackMessage } from './slack-client';
import { SLACK_TEXTS } from './slack-reply-text';

export interface SlackApologyDependencies extends SlackTargetDependencies, SlackPostDependencies {
  now(): number;
}

export function defaultSlackApologyDependencies(ports: Pick<Ports, 'database'>): SlackApologyDependencies {
  return {
    ports,
    ledger: tableSlackAnswerLedger(ports.database),
    botToken: revealSlackBotToken,
    post: (post) => postSlackMessage(post),
    now: Date.now,
  };
}

/** The ledger is busy with the event: a delivery is still answering it, or crashed and its lease has not run out. */
export class SlackAnswerInProgressError extends Error {}

/**
 * §23.1 "after the final failure" for a `slack.answer` message (its dead letter, from the embedded
 * queue's hook or the cloud's dead-letter worker): one short apology in the asker's thread, so the
 * question is not left unanswered in silence.
 *
 * Through the event's ledger entry, like the answer: never when an answer (or an earlier apology)
 * was posted or given up on, and at most once however often the dead letter is delivered. A
 * disabled application or integration, or no bot token, posts nothing (logged). An event older
 * than the ledger remembers gets nothing: its entry may be gone, and an apology a day late is noise.
 * A transient Slack failure throws, so the cloud's dead-letter queue delivers the letter again.
 */
export async function apologizeForSlackAnswer(message: QueueMessage, deps: SlackApologyDependencies): Promise<void> {
  const createdAt = Date.parse(message.createdAt);
  if (Number.isFinite(createdAt) && deps.now() - createdAt > SLACK_ANSWER_MEMORY_S * 1000) {
    logger.warn('Slack apology not posted: the question is older than its ledger entry', { messageId: message.messageId, createdAt: message.createdAt });
    return;
  }
  const target = await slackAnswerTarget(message, deps, 'Slack apology not posted');
  if (!target) return;
  const { key, context } = target;
  const claim = await deps.ledger.claim(key);
  if (claim.kind === 'done') {
    logger.info('Slack apology not posted: the event was answered or given up on before', context);
    return;
  }
  if (claim.kind === 'busy') throw new SlackAnswerInProgressError(`Slack event ${key.eventId} is still held by a delivery; apology deferred`);
  try {
    // A reply stored by an earlier attempt is not posted: Slack refused it on every attempt, and the
    // asker is told to ask again instead.
    await postInThread(deps, target, SLACK_TEXTS.apology, 'apology');
  } catch (error) {
    logger.error('Slack apology not posted; the dead letter will be retried', { ...context, error: (error as Error).message });
    await deps.ledger.release(key).catch(() => undefined);
    throw error;
  }
}
