import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** Receives before a message moves to its dead-letter queue (contract §23.1). */
export const MAX_RECEIVE_COUNT = 3;

export interface QueuesProps {
  /**
   * Must exceed the indexing worker's timeout, or a message still being processed becomes visible
   * again and runs twice.
   */
  readonly indexingVisibilityTimeout: Duration;
}

/** The two work queues of contract §23.1, each with its dead-letter queue. */
export class Queues extends Construct {
  readonly indexing: sqs.Queue;
  readonly indexingDeadLetter: sqs.Queue;
  /**
   * `slack.answer` messages produced by the Slack receiver (§18.1), consumed by the chat-events
   * worker (lib/workers/chat-events-worker.ts), whose timeout must stay below this queue's
   * visibility timeout.
   */
  readonly chatEvents: sqs.Queue;
  readonly chatEventsDeadLetter: sqs.Queue;

  constructor(scope: Construct, id: string, props: QueuesProps) {
    super(scope, id);
    [this.indexing, this.indexingDeadLetter] = this.queueWithDeadLetter('Indexing', props.indexingVisibilityTimeout);
    [this.chatEvents, this.chatEventsDeadLetter] = this.queueWithDeadLetter('ChatEvents', Duration.minutes(5));
  }

  private queueWithDeadLetter(id: string, visibilityTimeout: Duration): [sqs.Queue, sqs.Queue] {
    const deadLetter = new sqs.Queue(this, `${id}DeadLetter`, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(deadLetter, 'This is a dead-letter queue; the dead-letters worker settles each failed message (fails its item, deployment or Slack question) and logs it.', 'AwsSolutions-SQS3');
    const queue = new sqs.Queue(this, id, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout,
      deadLetterQueue: { queue: deadLetter, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    return [queue, deadLetter];
  }
}
