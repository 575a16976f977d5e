import { QUEUE_NAMES, type QueueName } from '../../contracts/ports/queue';

/**
 * The variables naming each work queue's dead-letter queue by ARN, set by the CDK on the
 * dead-letter worker (lib/workers/dead-letters-worker.ts): an SQS record says which queue it came
 * from only by that ARN.
 */
export const DEAD_LETTER_QUEUE_ARN_ENV: Record<QueueName, string> = {
  indexing: 'INDEXING_DEAD_LETTER_QUEUE_ARN',
  'chat-events': 'CHAT_EVENTS_DEAD_LETTER_QUEUE_ARN',
};

export class UnknownDeadLetterSourceError extends Error {}

/** The work queue whose dead letters arrive from `eventSourceArn`. */
export function queueOfDeadLetterSource(eventSourceArn: string, env: Record<string, string | undefined> = process.env): QueueName {
  const queue = QUEUE_NAMES.find((name) => env[DEAD_LETTER_QUEUE_ARN_ENV[name]] === eventSourceArn);
  if (!queue) throw new UnknownDeadLetterSourceError(`No work queue has the dead-letter queue ${eventSourceArn}`);
  return queue;
}
