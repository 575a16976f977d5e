import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failDeadLetteredIndexing } from '../../domain/ingestion/dead-letters';
import type { Ports } from '../../contracts/ports/ports';
import type { QueueName } from '../../contracts/ports/queue';
import { settleDeadLetteredChatEvent } from '../chat-events/dead-letters';
import { DEAD_LETTER_QUEUE_ARN_ENV, queueOfDeadLetterSource, UnknownDeadLetterSourceError } from './dead-letter-sources';
import { createDeadLetterHandler, deadLetterRecordHandler } from './handler';
import { DEAD_LETTER_SETTLERS, settleDeadLetter } from './processors';

const INDEXING_DLQ = 'arn:aws:sqs:eu-west-1:123456789012:Groundwork-QueuesIndexingDeadLetter-AAAA';
const CHAT_DLQ = 'arn:aws:sqs:eu-west-1:123456789012:Groundwork-QueuesChatEventsDeadLetter-BBBB';

const record = (messageId: string, arn: string, body = `{"type":"t-${messageId}"}`): SQSRecord => ({
  messageId,
  receiptHandle: messageId,
  body,
  attributes: { ApproximateReceiveCount: '1', SentTimestamp: '1740821400000', SenderId: 'x', ApproximateFirstReceiveTimestamp: '0' },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: arn,
  awsRegion: 'eu-west-1',
});

const context = { functionName: 'dead-letters', awsRequestId: 'req-1', getRemainingTimeInMillis: () => 20_000 } as unknown as Context;

beforeEach(() => {
  vi.stubEnv(DEAD_LETTER_QUEUE_ARN_ENV.indexing, INDEXING_DLQ);
  vi.stubEnv(DEAD_LETTER_QUEUE_ARN_ENV['chat-events'], CHAT_DLQ);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('dead-letter worker', () => {
  it('knows each work queue by its dead-letter queue ARN, and no other', () => {
    expect(queueOfDeadLetterSource(INDEXING_DLQ)).toBe('indexing');
    expect(queueOfDeadLetterSource(CHAT_DLQ)).toBe('chat-events');
    expect(() => queueOfDeadLetterSource('arn:aws:sqs:eu-west-1:123456789012:SomethingElse')).toThrow(UnknownDeadLetterSourceError);
    expect(() => queueOfDeadLetterSource(CHAT_DLQ, {})).toThrow(UnknownDeadLetterSourceError);
  });

  it('settles each letter for the queue it died on and keeps it, and reports the ones that could not be settled, for another delivery', async () => {
    const settled: Array<{ queue: QueueName; body: string }> = [];
    const kept: Array<{ queue: QueueName; messageId: string }> = [];
    const handler = createDeadLetterHandler(
      deadLetterRecordHandler(
        async (queue, body) => {
          if (body.includes('table-down')) throw new Error('DynamoDB unavailable');
          settled.push({ queue, body });
        },
        async (queue, given) => void kept.push({ queue, messageId: given.messageId }),
      ),
    );
    const event: SQSEvent = {
      Records: [
        record('ingest', INDEXING_DLQ),
        record('answer', CHAT_DLQ),
        record('stranger', 'arn:aws:sqs:eu-west-1:123456789012:SomethingElse'),
        record('retry-me', CHAT_DLQ, '{"type":"slack.answer","note":"table-down"}'),
      ],
    };
    const answer = await handler(event, context);
    expect(settled).toEqual([
      { queue: 'indexing', body: '{"type":"t-ingest"}' },
      { queue: 'chat-events', body: '{"type":"t-answer"}' },
    ]);
    // Only settled letters are kept; the others stay in their dead-letter queue.
    expect(kept).toEqual([
      { queue: 'indexing', messageId: 'ingest' },
      { queue: 'chat-events', messageId: 'answer' },
    ]);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'stranger' }, { itemIdentifier: 'retry-me' }] });
  });

  it('leaves a letter it could not keep in the dead-letter queue, for another delivery', async () => {
    const handler = createDeadLetterHandler(
      deadLetterRecordHandler(
        async () => undefined,
        async () => {
          throw new Error('SQS unavailable');
        },
      ),
    );
    expect(await handler({ Records: [record('ingest', INDEXING_DLQ)] }, context)).toEqual({ batchItemFailures: [{ itemIdentifier: 'ingest' }] });
  });

  it('runs what the embedded queue runs: failed ingests and indexes for indexing, the Slack apology for chat-events', async () => {
    expect(DEAD_LETTER_SETTLERS).toEqual({ indexing: failDeadLetteredIndexing, 'chat-events': settleDeadLetteredChatEvent });
    const calls: string[] = [];
    const ports = {} as Ports;
    await settleDeadLetter(ports, 'chat-events', 'body', {
      indexing: async () => void calls.push('indexing'),
      'chat-events': async (given, body) => void calls.push(`chat-events:${body}:${given === ports}`),
    });
    expect(calls).toEqual(['chat-events:body:true']);
  });
});
