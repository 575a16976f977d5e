import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { BackendResources } from '../compute/backend';
import { TABLE_READ_WRITE } from '../compute/capabilities';
import { createQueueWorkerFunction } from './queue-worker-function';

/**
 * One answer is retrieval, generation (25 s, §17.4) and a Slack post (10 s); a batch of them fits
 * with room to spare. The chat-events queue's visibility timeout is six times this
 * (lib/queues/queues.ts).
 */
export const CHAT_EVENTS_WORKER_TIMEOUT = Duration.minutes(2);

export interface ChatEventsWorkerProps {
  readonly resources: BackendResources;
  readonly queue: sqs.IQueue;
}

/** Answers questions asked in Slack (contract §18.1), consuming the chat-events queue. */
export class ChatEventsWorker extends Construct {
  readonly function: lambda.Function;

  constructor(scope: Construct, id: string, props: ChatEventsWorkerProps) {
    super(scope, id);
    this.function = createQueueWorkerFunction(this, {
      name: 'chat-events',
      description: 'Groundwork worker: Slack answers',
      resources: props.resources,
      queues: [props.queue],
      // Retrieval and the answer; the Slack bot token is opened to post it.
      capabilities: [...TABLE_READ_WRITE, 'model-invocation', 'vector-index', 'secrets-decrypt'],
      timeout: CHAT_EVENTS_WORKER_TIMEOUT,
      memorySize: 1024,
      // Answers in one batch run side by side and share the timeout; a few keep each well inside it.
      batchSize: 2,
    });
  }
}
