import { ChangeMessageVisibilityCommand, DeleteMessageCommand, type Message, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_LETTER_ATTRIBUTES } from './kept-letters';
import { replayKeptLetters } from './replay-letters';

const sqs = mockClient(SQSClient);
afterEach(() => sqs.reset());

const KEPT = 'https://sqs.example/kept';
const WORK = 'https://sqs.example/indexing';
const kept = (id: string, workQueueUrl: string | null = WORK): Message => ({
  MessageId: id,
  ReceiptHandle: `rh-${id}`,
  Body: `{"type":"file.ingest","id":"${id}"}`,
  MessageAttributes: workQueueUrl
    ? { [KEPT_LETTER_ATTRIBUTES.workQueueUrl]: { DataType: 'String', StringValue: workQueueUrl }, [KEPT_LETTER_ATTRIBUTES.queue]: { DataType: 'String', StringValue: 'indexing' } }
    : {},
});
const client = () => new SQSClient({ region: 'eu-west-1' });

describe('replaying kept dead letters', () => {
  it('sends each letter, body unchanged, to its work queue and only then deletes it from the kept queue', async () => {
    sqs.on(ReceiveMessageCommand).resolvesOnce({ Messages: [kept('a'), kept('b')] }).resolves({ Messages: [] });
    const order: string[] = [];
    sqs.on(SendMessageCommand).callsFake((input: { MessageBody: string }) => void order.push(`send ${input.MessageBody}`));
    sqs.on(DeleteMessageCommand).callsFake((input: { ReceiptHandle: string }) => void order.push(`delete ${input.ReceiptHandle}`));
    expect(await replayKeptLetters(client(), { keptQueueUrl: KEPT })).toEqual({ replayed: 2, skipped: 0 });
    expect(order).toEqual(['send {"type":"file.ingest","id":"a"}', 'delete rh-a', 'send {"type":"file.ingest","id":"b"}', 'delete rh-b']);
    expect(sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input.QueueUrl)).toEqual([WORK, WORK]);
  });

  it('in a dry run sends and deletes nothing, and makes the letters visible again', async () => {
    sqs.on(ReceiveMessageCommand).resolvesOnce({ Messages: [kept('a')] }).resolves({ Messages: [] });
    const lines: string[] = [];
    expect(await replayKeptLetters(client(), { keptQueueUrl: KEPT, dryRun: true, log: (line) => lines.push(line) })).toEqual({ replayed: 1, skipped: 0 });
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
    expect(sqs.commandCalls(DeleteMessageCommand)).toHaveLength(0);
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand).map((call) => call.args[0].input)).toEqual([{ QueueUrl: KEPT, ReceiptHandle: 'rh-a', VisibilityTimeout: 0 }]);
    expect(lines).toEqual([`would replay indexing a to ${WORK}`]);
  });

  it('leaves a letter without its work queue where it is, and stops at --max', async () => {
    sqs.on(ReceiveMessageCommand).resolvesOnce({ Messages: [kept('stray', null), kept('a')] }).resolves({ Messages: [kept('b')] });
    expect(await replayKeptLetters(client(), { keptQueueUrl: KEPT, max: 2 })).toEqual({ replayed: 1, skipped: 1 });
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(1);
    expect(sqs.commandCalls(DeleteMessageCommand).map((call) => call.args[0].input.ReceiptHandle)).toEqual(['rh-a']);
  });
});
