import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { QueueMessage } from '../../contracts/ports/queue';
import { createSqsQueue } from './sqs-queue';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const sqs = mockClient(SQSClient);
const queueUrls = {
  indexing: 'https://sqs.eu-west-1.amazonaws.com/123456789012/groundwork-indexing',
  'chat-events': 'https://sqs.eu-west-1.amazonaws.com/123456789012/groundwork-chat-events',
};
const message: QueueMessage = {
  type: 'kb.index',
  version: 1,
  messageId: '7d6f3c1e-0000-4000-8000-000000000001',
  organizationId: 'org_1',
  requestedBy: 'usr_1',
  createdAt: '2025-03-01T09:30:00.000Z',
  payload: { knowledgeBaseId: 'kb_1' },
};

describe('createSqsQueue', () => {
  beforeEach(() => {
    sqs.reset();
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm-1' });
    sqs.on(GetQueueAttributesCommand).resolves({ Attributes: { QueueArn: 'arn' } });
  });
  afterAll(() => sqs.restore());

  it('sends the envelope as a JSON body to the queue URL', async () => {
    const queue = createSqsQueue({ queueUrls, region: 'eu-west-1' });
    expect(queue.adapter).toBe('sqs');
    await queue.send('indexing', message);
    const calls = sqs.commandCalls(SendMessageCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input.QueueUrl).toBe(queueUrls.indexing);
    expect(JSON.parse(input.MessageBody!)).toEqual(message);
    expect(input.DelaySeconds).toBeUndefined();
  });

  it('passes DelaySeconds as whole seconds, capped at the SQS maximum', async () => {
    const queue = createSqsQueue({ queueUrls, region: 'eu-west-1' });
    await queue.send('chat-events', message, { delaySeconds: 30 });
    await queue.send('chat-events', message, { delaySeconds: 2.5 });
    await queue.send('chat-events', message, { delaySeconds: 3600 });
    const delays = sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input.DelaySeconds);
    expect(delays).toEqual([30, 3, 900]);
    expect(sqs.commandCalls(SendMessageCommand)[0]!.args[0].input.QueueUrl).toBe(queueUrls['chat-events']);
  });

  it('propagates send failures', async () => {
    sqs.on(SendMessageCommand).rejects(new Error('throttled'));
    const queue = createSqsQueue({ queueUrls, region: 'eu-west-1' });
    await expect(queue.send('indexing', message)).rejects.toThrow('throttled');
  });

  it('pings every queue with GetQueueAttributes', async () => {
    const queue = createSqsQueue({ queueUrls, region: 'eu-west-1' });
    await queue.ping();
    const urls = sqs.commandCalls(GetQueueAttributesCommand).map((call) => call.args[0].input.QueueUrl);
    expect(urls.sort()).toEqual([queueUrls['chat-events'], queueUrls.indexing]);
    sqs.on(GetQueueAttributesCommand).rejects(new Error('AWS.SimpleQueueService.NonExistentQueue'));
    await expect(queue.ping()).rejects.toThrow('NonExistentQueue');
  });
});
