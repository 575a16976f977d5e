import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueName } from '../../functions/contracts/ports/queue';
import { DEAD_LETTER_QUEUE_ARN_ENV } from '../../functions/workers/dead-letters/dead-letter-sources';
import { KEPT_DEAD_LETTERS_URL_ENV } from '../../functions/workers/dead-letters/kept-letters';
import type { BackendResources } from '../compute/backend';
import { TABLE_READ_WRITE } from '../compute/capabilities';
import { createQueueWorkerFunction } from './queue-worker-function';

/**
 * One letter is a few table writes, maybe an index drop, or one Slack post (10 s at most), then
 * one SQS send to keep it; the letters of a batch run side by side. The dead-letter queues'
 * visibility timeout is six times this (lib/queues/queues.ts).
 */
export const DEAD_LETTERS_WORKER_TIMEOUT = Duration.seconds(20);

export interface DeadLettersWorkerProps {
  readonly resources: BackendResources;
  /** Each work queue's dead-letter queue. */
  readonly deadLetterQueues: Readonly<Record<QueueName, sqs.IQueue>>;
  /** Where each work queue's settled letters are kept. */
  readonly keptQueues: Readonly<Record<QueueName, sqs.IQueue>>;
}

/**
 * Settles the messages that failed every attempt (contract §23.1 "after the final failure"), as
 * the embedded queue's dead-letter hook does locally: a failed ingest or index is set failed, a
 * Slack question gets an apology in its thread. A settled letter is then kept, whole, in its work
 * queue's kept queue for 14 days, from where `npm run replay:dead-letters` sends it back
 * (functions/workers/dead-letters/handler.ts), as the embedded queue keeps its dead letters.
 */
export class DeadLettersWorker extends Construct {
  readonly function: lambda.Function;

  constructor(scope: Construct, id: string, props: DeadLettersWorkerProps) {
    super(scope, id);
    const queues = Object.entries(props.deadLetterQueues) as Array<[QueueName, sqs.IQueue]>;
    this.function = createQueueWorkerFunction(this, {
      name: 'dead-letters',
      description: 'Groundwork worker: dead letters (failed ingests and indexes, Slack apologies)',
      resources: props.resources,
      queues: queues.map(([, queue]) => queue),
      // The records of both sources carry only their queue's ARN; the handler maps it back to the work queue.
      environment: Object.fromEntries([
        ...queues.map(([name, queue]) => [DEAD_LETTER_QUEUE_ARN_ENV[name], queue.queueArn]),
        ...queues.map(([name]) => [KEPT_DEAD_LETTERS_URL_ENV[name], props.keptQueues[name].queueUrl]),
      ]),
      // Items, deployments and web sources are set failed, a failed index drops its partial
      // version, and a Slack apology needs the bot token; no objects, no models, no work queue.
      capabilities: [...TABLE_READ_WRITE, 'vector-index', 'secrets-decrypt'],
      timeout: DEAD_LETTERS_WORKER_TIMEOUT,
      memorySize: 512,
      batchSize: 5,
    });
    for (const [name] of queues) props.keptQueues[name].grantSendMessages(this.function);
  }
}
