import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { BackendResources } from '../compute/backend';
import { OBJECTS_READ_WRITE, TABLE_READ_WRITE } from '../compute/capabilities';
import { createQueueWorkerFunction } from './queue-worker-function';

/** The Lambda ceiling; long work runs in slices of at most 10 minutes (contract §23.1). */
export const INDEXING_WORKER_TIMEOUT = Duration.minutes(15);

export interface IndexingWorkerProps {
  readonly resources: BackendResources;
  readonly queue: sqs.IQueue;
}

/** Ingest, crawl, index and purge (contract §23.1), consuming the indexing queue. */
export class IndexingWorker extends Construct {
  readonly function: lambda.Function;

  constructor(scope: Construct, id: string, props: IndexingWorkerProps) {
    super(scope, id);
    this.function = createQueueWorkerFunction(this, {
      name: 'indexing',
      description: 'Groundwork worker: ingest, crawl, index, purge',
      resources: props.resources,
      queues: [props.queue],
      // Ingest reads uploads and writes extractions, crawls re-enqueue their next slice, indexing
      // embeds and writes vectors; bucket credentials and Drive tokens are opened, never sealed.
      capabilities: [...TABLE_READ_WRITE, ...OBJECTS_READ_WRITE, 'indexing-queue', 'model-invocation', 'vector-index', 'secrets-decrypt'],
      timeout: INDEXING_WORKER_TIMEOUT,
      // Parsing runs in a worker thread capped at 1.5 GB of heap (functions/domain/extraction), beside
      // the main heap and the embedding batches; more memory also buys Lambda more CPU.
      memorySize: 3008,
      // A message may hold ten minutes of work; one per invocation keeps slices within the timeout.
      batchSize: 1,
    });
  }
}
