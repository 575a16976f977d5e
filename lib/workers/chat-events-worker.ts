import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SecretsKey } from '../data/secrets-key';
import { type BackendResources, serviceEnvironment } from '../compute/backend';
import { createGroundworkFunction } from '../compute/groundwork-function';
import { grantDataPlane, grantModelInvocation } from '../compute/grants';
import { workerEntry } from '../lambda-entries';

/**
 * One answer is retrieval, generation (25 s, §17.4) and a Slack post (10 s); a batch of them fits
 * with room to spare. It must stay below the chat-events queue's visibility timeout (5 minutes).
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
    this.function = createGroundworkFunction(this, 'Function', {
      entry: workerEntry('chat-events'),
      description: 'Groundwork worker: Slack answers',
      environment: serviceEnvironment(props.resources, 'chat-events'),
      timeout: CHAT_EVENTS_WORKER_TIMEOUT,
      memorySize: 1024,
    });
    // The chat pipeline's needs (§17.4): the table, retrieval over the vector indexes, the models,
    // and the Slack bot token, stored encrypted.
    grantDataPlane(this.function, props.resources);
    grantModelInvocation(this.function);
    props.resources.vectorStore.grantIndexAccess(this.function);
    SecretsKey.grant(this.function, props.resources.secretsKey, 'decrypt');
    this.function.addEventSource(
      new SqsEventSource(props.queue, {
        // Answers in one batch run side by side would share the timeout; a few keep each well inside it.
        batchSize: 2,
        reportBatchItemFailures: true,
      }),
    );
  }
}
