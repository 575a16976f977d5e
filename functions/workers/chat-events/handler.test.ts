import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { parseChatEventBody, UnreadableMessageError } from '../../contracts/messages/chat-event-message';
import { handler } from './handler';
import { NoProcessorError, processMessage } from './processors';

const record = (messageId: string, body: string): SQSRecord => ({
  messageId,
  receiptHandle: messageId,
  body,
  attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'x', ApproximateFirstReceiveTimestamp: '0' },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:eu-west-1:123456789012:chat-events',
  awsRegion: 'eu-west-1',
});

const envelope = (type: string) => JSON.stringify({ type, version: 1, messageId: 'm', organizationId: 'org_1', requestedBy: 'system', createdAt: '2025-03-01T09:30:00.000Z', payload: {} });

describe('chat-events worker', () => {
  it('reads only the queue envelope', () => {
    expect(parseChatEventBody(envelope('slack.answer')).type).toBe('slack.answer');
    expect(() => parseChatEventBody('not json')).toThrow(UnreadableMessageError);
    expect(() => parseChatEventBody(JSON.stringify({ Records: [] }))).toThrow(UnreadableMessageError);
  });

  it('fails a message of a type it has no processor for, so it is retried and dead-lettered, never dropped', async () => {
    await expect(processMessage(JSON.parse(envelope('web.crawl')))).rejects.toBeInstanceOf(NoProcessorError);
  });

  it('reports each failed record of a batch by its id, for SQS to retry', async () => {
    const event: SQSEvent = { Records: [record('bad-body', '{'), record('unknown-type', envelope('kb.index'))] };
    const answer = await handler(event, { getRemainingTimeInMillis: () => 60_000 } as unknown as Context);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'bad-body' }, { itemIdentifier: 'unknown-type' }] });
  });
});
