import { logger } from '../../observability/logger';
import type { Ports } from '../../contracts/ports/ports';
import type { QueueMessage } from '../../contracts/ports/queue';
import { OrganizationRepository, type OrganizationRecord } from '../organizations/organization-repository';
import { slackIntegrationOf, type ApplicationRecord } from '../applications/application-record';
import { ApplicationRepository } from '../applications/application-repository';
import type { revealSlackBotToken } from '../applications/integration-secrets';
import type { SlackAnswerKey, SlackAnswerLedger } from './slack-answer-ledger-store';
import { isTransientSlackError, SlackPostFailedError, type SlackPost, type SlackPostResult } from './slack-client';
import type { SlackAnswerPayload } from './slack-events';

/** A payload that can never be answered: dropped with a log line, never retried. */
export class UnanswerableSlackEventError extends Error {}

const PAYLOAD_FIELDS = ['applicationId', 'teamId', 'channel', 'threadTs', 'slackUserId', 'text', 'eventId'] as const;

export function slackAnswerPayloadOf(message: QueueMessage): SlackAnswerPayload {
  const payload = message.payload as Record<string, unknown>;
  const missing = PAYLOAD_FIELDS.filter((field) => typeof payload?.[field] !== 'string' || payload[field] === '');
  if (missing.length > 0) throw new UnanswerableSlackEventError(`slack.answer payload lacks ${missing.join(', ')}`);
  return payload as unknown as SlackAnswerPayload;
}

/** What posting in an asker's thread needs: who asked where, for which application, with which bot token. */
export interface SlackAnswerTarget {
  payload: SlackAnswerPayload;
  application: ApplicationRecord;
  organization: OrganizationRecord;
  botToken: string;
  /** The event's ledger entry. */
  key: SlackAnswerKey;
  /** For log lines. */
  context: { applicationId: string; eventId: string };
}

export interface SlackTargetDependencies {
  ports: Pick<Ports, 'database'>;
  botToken(application: Parameters<typeof revealSlackBotToken>[0], integration: Parameters<typeof revealSlackBotToken>[1]): Promise<string | undefined>;
}

export interface SlackPostDependencies {
  ledger: SlackAnswerLedger;
  post(post: SlackPost): Promise<SlackPostResult>;
}

/**
 * The thread a `slack.answer` message may be answered in, or undefined, with a log line starting
 * `dropped` (e.g. "Slack question dropped"), when nothing may be posted there: an unreadable payload,
 * a deleted or disabled application or Slack integration, a deleted organization, no bot token.
 */
export async function slackAnswerTarget(message: QueueMessage, deps: SlackTargetDependencies, dropped: string): Promise<SlackAnswerTarget | undefined> {
  let payload: SlackAnswerPayload;
  try {
    payload = slackAnswerPayloadOf(message);
  } catch (error) {
    logger.error(`${dropped}: the slack.answer message is unreadable`, { messageId: message.messageId, error: (error as Error).message });
    return undefined;
  }
  const context = { applicationId: payload.applicationId, eventId: payload.eventId };
  const { database } = deps.ports;
  const application = await new ApplicationRepository(database).get(message.organizationId, payload.applicationId);
  const slack = application ? slackIntegrationOf(application) : undefined;
  if (!application || !slack) {
    logger.info(`${dropped}: the application or its Slack integration is gone`, context);
    return undefined;
  }
  if (!application.enabled || !slack.enabled) {
    logger.info(`${dropped}: the application or its Slack integration is disabled`, context);
    return undefined;
  }
  const organization = await new OrganizationRepository(database).get(application.organization_id);
  if (!organization) {
    logger.info(`${dropped}: the organization is gone`, context);
    return undefined;
  }
  const botToken = await deps.botToken({ organizationId: application.organization_id, applicationId: application.id }, slack);
  if (!botToken) {
    logger.warn(`${dropped}: the application has no Slack bot token`, context);
    return undefined;
  }
  const key: SlackAnswerKey = { organizationId: application.organization_id, applicationId: application.id, eventId: payload.eventId };
  return { payload, application, organization, botToken, key, context };
}

/**
 * Posts `text` in the asker's thread and finishes the event in the ledger. A transient Slack
 * failure throws (the caller releases its lease, the queue delivers again); a final refusal
 * (unknown channel, revoked token) is logged and the event finished, since no retry would help.
 */
export async function postInThread(deps: SlackPostDependencies, target: SlackAnswerTarget, text: string, what: 'answer' | 'apology'): Promise<void> {
  const { payload, botToken, key, context } = target;
  const posted = await deps.post({ botToken, channel: payload.channel, threadTs: payload.threadTs, text });
  if (!posted.ok && isTransientSlackError(posted.error)) throw new SlackPostFailedError(`Slack chat.postMessage failed: ${posted.error}`);
  if (!posted.ok) logger.error(`Slack refused the ${what}; not retried`, { ...context, error: posted.error });
  else logger.info(what === 'answer' ? 'Slack question answered' : 'Slack question could not be answered; apology posted', context);
  await deps.ledger.markDone(key);
}
