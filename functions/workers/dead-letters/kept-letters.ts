import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import type { QueueName } from '../../contracts/ports/queue';
import { ENV } from '../../platform/environment';

/**
 * The variables naming, per work queue, the queue its settled dead letters are kept in (set by
 * lib/workers/dead-letters-worker.ts). The dead-letter queue itself is consumed by this worker,
 * and a consumed message leaves it; the kept queue has no consumer and holds each letter for 14
 * days, until `npm run replay:dead-letters` sends it back to its work queue.
 */
export const KEPT_DEAD_LETTERS_URL_ENV: Record<QueueName, string> = {
  indexing: 'INDEXING_KEPT_DEAD_LETTERS_URL',
  'chat-events': 'CHAT_EVENTS_KEPT_DEAD_LETTERS_URL',
};

/** Message attributes of a kept letter: where it came from, so a replay needs nothing but the kept queue. */
export const KEPT_LETTER_ATTRIBUTES = {
  queue: 'GroundworkQueue',
  workQueueUrl: 'GroundworkWorkQueueUrl',
  messageId: 'GroundworkMessageId',
  firstSentAt: 'GroundworkFirstSentAt',
  receiveCount: 'GroundworkReceiveCount',
} as const;

const WORK_QUEUE_URL_ENV: Record<QueueName, string> = { indexing: ENV.indexingQueueUrl, 'chat-events': ENV.chatEventsQueueUrl };

export type KeepLetter = (queue: QueueName, record: SQSRecord) => Promise<void>;

export class MissingKeptQueueError extends Error {}

/** Keeps a settled letter in its kept queue, with the body untouched and its origin as attributes. */
export function keepInSqs(client: Pick<SQSClient, 'send'> = new SQSClient({}), env: Record<string, string | undefined> = process.env): KeepLetter {
  return async (queue, record) => {
    const keptUrl = env[KEPT_DEAD_LETTERS_URL_ENV[queue]];
    const workQueueUrl = env[WORK_QUEUE_URL_ENV[queue]];
    if (!keptUrl || !workQueueUrl) throw new MissingKeptQueueError(`No kept dead-letter queue or work queue is configured for ${queue}`);
    const text = (value: string) => ({ DataType: 'String', StringValue: value });
    await client.send(
      new SendMessageCommand({
        QueueUrl: keptUrl,
        MessageBody: record.body,
        MessageAttributes: {
          [KEPT_LETTER_ATTRIBUTES.queue]: text(queue),
          [KEPT_LETTER_ATTRIBUTES.workQueueUrl]: text(workQueueUrl),
          [KEPT_LETTER_ATTRIBUTES.messageId]: text(record.messageId),
          [KEPT_LETTER_ATTRIBUTES.firstSentAt]: text(new Date(Number(record.attributes.SentTimestamp)).toISOString()),
          [KEPT_LETTER_ATTRIBUTES.receiveCount]: text(record.attributes.ApproximateReceiveCount),
        },
      }),
    );
  };
}
