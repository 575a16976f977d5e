import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { ENV } from '../../platform/environment';
import { KEPT_DEAD_LETTERS_URL_ENV, KEPT_LETTER_ATTRIBUTES, keepInSqs, MissingKeptQueueError } from './kept-letters';

const sqs = mockClient(SQSClient);
afterEach(() => sqs.reset());

const KEPT_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/Groundwork-QueuesIndexingKeptDeadLetters-AAAA';
const WORK_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/Groundwork-QueuesIndexing-BBBB';
const env = { [KEPT_DEAD_LETTERS_URL_ENV.indexing]: KEPT_URL, [ENV.indexingQueueUrl]: WORK_URL };

const letter = {
  messageId: 'm-1',
  body: '{"type":"file.ingest"}',
  attributes: { ApproximateReceiveCount: '1', SentTimestamp: '1740821400000' },
} as unknown as SQSRecord;

describe('kept dead letters', () => {
  it('keeps the body untouched, with the work queue it is replayed to and where it came from', async () => {
    sqs.on(SendMessageCommand).resolves({ MessageId: 'kept-1' });
    await keepInSqs(new SQSClient({ region: 'eu-west-1' }), env)('indexing', letter);
    const [call] = sqs.commandCalls(SendMessageCommand);
    expect(call!.args[0].input).toEqual({
      QueueUrl: KEPT_URL,
      MessageBody: '{"type":"file.ingest"}',
      MessageAttributes: {
        [KEPT_LETTER_ATTRIBUTES.queue]: { DataType: 'String', StringValue: 'indexing' },
        [KEPT_LETTER_ATTRIBUTES.workQueueUrl]: { DataType: 'String', StringValue: WORK_URL },
        [KEPT_LETTER_ATTRIBUTES.messageId]: { DataType: 'String', StringValue: 'm-1' },
        [KEPT_LETTER_ATTRIBUTES.firstSentAt]: { DataType: 'String', StringValue: '2025-03-01T09:30:00.000Z' },
        [KEPT_LETTER_ATTRIBUTES.receiveCount]: { DataType: 'String', StringValue: '1' },
      },
    });
  });

  it('fails, so the letter stays in its dead-letter queue, when no kept queue is configured', async () => {
    await expect(keepInSqs(new SQSClient({ region: 'eu-west-1' }), {})('indexing', letter)).rejects.toThrow(MissingKeptQueueError);
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });
});
