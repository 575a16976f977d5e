import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** Receives before a message moves to its dead-letter queue (contract §23.1). */
export const MAX_RECEIVE_COUNT = 3;

/**
 * AWS's advice for a queue consumed by Lambda: a visibility timeout of at least six times the
 * function's timeout, so that a message whose invocation is still running, or being retried by the
 * poller after a throttle, is not handed to a second invocation.
 */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

/** How long dead letters, and the kept letters after them, stay: SQS's maximum. */
export const DEAD_LETTER_RETENTION = Duration.days(14);

export function visibilityTimeoutFor(consumerTimeout: Duration): Duration {
  return Duration.seconds(consumerTimeout.toSeconds() * VISIBILITY_TIMEOUT_FACTOR);
}

export interface QueuesProps {
  /** The timeouts of the functions consuming each queue; each visibility timeout is six times its consumer's. */
  readonly indexingConsumerTimeout: Duration;
  readonly chatEventsConsumerTimeout: Duration;
  /** The dead-letter worker's, which consumes both dead-letter queues. */
  readonly deadLettersConsumerTimeout: Duration;
}

/**
 * The two work queues of contract §23.1, each with its dead-letter queue, and behind that a kept
 * queue: the dead-letter worker settles a letter (fails its item) and moves it there, where it
 * stays for 14 days or until `npm run replay:dead-letters` sends it back to its work queue.
 */
export class Queues extends Construct {
  readonly indexing: sqs.Queue;
  readonly indexingDeadLetter: sqs.Queue;
  readonly indexingKept: sqs.Queue;
  /**
   * `slack.answer` messages produced by the Slack receiver (§18.1), consumed by the chat-events
   * worker (lib/workers/chat-events-worker.ts).
   */
  readonly chatEvents: sqs.Queue;
  readonly chatEventsDeadLetter: sqs.Queue;
  readonly chatEventsKept: sqs.Queue;

  constructor(scope: Construct, id: string, props: QueuesProps) {
    super(scope, id);
    const deadLetterVisibility = visibilityTimeoutFor(props.deadLettersConsumerTimeout);
    [this.indexing, this.indexingDeadLetter, this.indexingKept] = this.queueWithDeadLetter('Indexing', visibilityTimeoutFor(props.indexingConsumerTimeout), deadLetterVisibility);
    [this.chatEvents, this.chatEventsDeadLetter, this.chatEventsKept] = this.queueWithDeadLetter('ChatEvents', visibilityTimeoutFor(props.chatEventsConsumerTimeout), deadLetterVisibility);
  }

  private queueWithDeadLetter(id: string, visibilityTimeout: Duration, deadLetterVisibility: Duration): [sqs.Queue, sqs.Queue, sqs.Queue] {
    const kept = new sqs.Queue(this, `${id}KeptDeadLetters`, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: DEAD_LETTER_RETENTION,
    });
    acknowledge(kept, 'Holds settled dead letters for an operator to replay; nothing consumes it, so it needs no dead-letter queue of its own.', 'AwsSolutions-SQS3');
    const deadLetter = new sqs.Queue(this, `${id}DeadLetter`, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: DEAD_LETTER_RETENTION,
      visibilityTimeout: deadLetterVisibility,
    });
    acknowledge(deadLetter, 'This is a dead-letter queue; the dead-letters worker settles each failed message (fails its item, deployment or Slack question) and keeps it in the kept queue.', 'AwsSolutions-SQS3');
    const queue = new sqs.Queue(this, id, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout,
      deadLetterQueue: { queue: deadLetter, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    return [queue, deadLetter, kept];
  }
}
