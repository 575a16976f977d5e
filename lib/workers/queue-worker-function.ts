import type { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { SecretsKey } from '../data/secrets-key';
import { type BackendResources, serviceEnvironment } from '../compute/backend';
import { createGroundworkFunction } from '../compute/groundwork-function';
import { grantDataPlane, grantModelInvocation } from '../compute/grants';
import { workerEntry, type Worker } from '../lambda-entries';

export interface QueueWorkerOptions {
  /** The worker's folder under functions/workers, also its service name. */
  readonly name: Worker;
  readonly description: string;
  readonly resources: BackendResources;
  /** The queues it consumes, one event source mapping each. */
  readonly queues: readonly sqs.IQueue[];
  /** Variables of its own, beside the shared environment. */
  readonly environment?: Readonly<Record<string, string>>;
  /** Whether it runs the chat or indexing pipeline, which call Bedrock models. */
  readonly invokesModels: boolean;
  readonly timeout: Duration;
  readonly memorySize: number;
  /** How many messages one invocation takes; they share its timeout. */
  readonly batchSize: number;
}

/**
 * A Lambda consuming SQS queues with partial batch failures (Powertools batch in the handler).
 * The workers run the chat or indexing pipeline, or settle their dead letters, so all get the same
 * data plane: the table and buckets, the vector indexes (a failed index drops its partial
 * version), and decryption of stored third-party secrets (bucket credentials for ingest, the Slack
 * bot token for answers and apologies); the models only where a pipeline runs.
 */
export function createQueueWorkerFunction(scope: Construct, options: QueueWorkerOptions): lambda.Function {
  const fn = createGroundworkFunction(scope, 'Function', {
    entry: workerEntry(options.name),
    description: options.description,
    environment: { ...serviceEnvironment(options.resources, options.name), ...options.environment },
    timeout: options.timeout,
    memorySize: options.memorySize,
  });
  grantDataPlane(fn, options.resources);
  if (options.invokesModels) grantModelInvocation(fn);
  options.resources.vectorStore.grantIndexAccess(fn);
  SecretsKey.grant(fn, options.resources.secretsKey, 'decrypt');
  for (const queue of options.queues) fn.addEventSource(new SqsEventSource(queue, { batchSize: options.batchSize, reportBatchItemFailures: true }));
  return fn;
}
