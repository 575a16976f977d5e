import { ChangeMessageVisibilityCommand, DeleteMessageCommand, type Message, ReceiveMessageCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { KEPT_LETTER_ATTRIBUTES } from './kept-letters';

export interface ReplayOptions {
  /** The kept queue of one work queue (stack outputs `IndexingKeptDeadLettersUrl`, `ChatEventsKeptDeadLettersUrl`). */
  readonly keptQueueUrl: string;
  /** Stop after this many letters. @default every letter in the queue */
  readonly max?: number;
  /** List what would be replayed and leave every letter where it is. */
  readonly dryRun?: boolean;
  readonly log?: (line: string) => void;
}

export interface ReplayResult {
  readonly replayed: number;
  /** Letters without a work queue attribute (not kept by the worker): left in the kept queue. */
  readonly skipped: number;
}

/**
 * Sends kept dead letters back to the work queue they died on, each with its body unchanged: the
 * worker then runs it as a first delivery, with a fresh receive count. A letter leaves the kept
 * queue only after its copy was sent, so an interrupted replay repeats a letter rather than losing
 * one. Receive and send rather than SQS's StartMessageMoveTask, which moves only from a queue that
 * is some queue's dead-letter queue; the kept queue is filled by the dead-letter worker.
 */
export async function replayKeptLetters(client: Pick<SQSClient, 'send'>, options: ReplayOptions): Promise<ReplayResult> {
  const log = options.log ?? (() => undefined);
  const max = options.max ?? Number.POSITIVE_INFINITY;
  let replayed = 0;
  let skipped = 0;
  const held: Message[] = [];
  try {
    while (replayed + skipped < max) {
      const answer = await client.send(
        new ReceiveMessageCommand({
          QueueUrl: options.keptQueueUrl,
          MaxNumberOfMessages: Math.min(10, max - replayed - skipped),
          MessageAttributeNames: ['All'],
          // Long enough to send and delete a batch; what is not deleted comes back after it.
          VisibilityTimeout: 60,
          WaitTimeSeconds: 1,
        }),
      );
      const messages = answer.Messages ?? [];
      if (messages.length === 0) break;
      for (const message of messages) {
        const target = message.MessageAttributes?.[KEPT_LETTER_ATTRIBUTES.workQueueUrl]?.StringValue;
        const origin = `${message.MessageAttributes?.[KEPT_LETTER_ATTRIBUTES.queue]?.StringValue ?? '?'} ${message.MessageAttributes?.[KEPT_LETTER_ATTRIBUTES.messageId]?.StringValue ?? message.MessageId}`;
        if (!target) {
          skipped += 1;
          held.push(message);
          log(`skipped ${message.MessageId}: no ${KEPT_LETTER_ATTRIBUTES.workQueueUrl} attribute`);
          continue;
        }
        if (options.dryRun) {
          replayed += 1;
          held.push(message);
          log(`would replay ${origin} to ${target}`);
          continue;
        }
        await client.send(new SendMessageCommand({ QueueUrl: target, MessageBody: message.Body ?? '' }));
        await client.send(new DeleteMessageCommand({ QueueUrl: options.keptQueueUrl, ReceiptHandle: message.ReceiptHandle }));
        replayed += 1;
        log(`replayed ${origin} to ${target}`);
      }
    }
  } finally {
    // What stays (a dry run, skipped letters) is visible again at once, not in a minute.
    for (const message of held) {
      await client.send(new ChangeMessageVisibilityCommand({ QueueUrl: options.keptQueueUrl, ReceiptHandle: message.ReceiptHandle, VisibilityTimeout: 0 }));
    }
  }
  return { replayed, skipped };
}
