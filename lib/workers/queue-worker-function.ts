import type { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { type BackendResources, serviceEnvironment } from '../compute/backend';
import { type Capability, grantCapabilities } from '../compute/capabilities';
import { createGroundworkFunction } from '../compute/groundwork-function';
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
  /** What it may touch besides consuming its queues (lib/compute/capabilities.ts). */
  readonly capabilities: readonly Capability[];
  readonly timeout: Duration;
  readonly memorySize: number;
  /** How many messages one invocation takes; they share its timeout. */
  readonly batchSize: number;
}

/**
 * A Lambda consuming SQS queues with partial batch failures (Powertools batch in the handler),
 * granted its own capabilities and nothing else.
 */
export function createQueueWorkerFunction(scope: Construct, options: QueueWorkerOptions): lambda.Function {
  const fn = createGroundworkFunction(scope, 'Function', {
    entry: workerEntry(options.name),
    description: options.description,
    environment: { ...serviceEnvironment(options.resources, options.name), ...options.environment },
    timeout: options.timeout,
    memorySize: options.memorySize,
  });
  grantCapabilities(fn, options.capabilities, options.resources);
  for (const queue of options.queues) fn.addEventSource(new SqsEventSource(queue, { batchSize: options.batchSize, reportBatchItemFailures: true }));
  return fn;
}
