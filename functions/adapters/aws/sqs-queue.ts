import { GetQueueAttributesCommand, SendMessageCommand, SQSClient, type SQSClientConfig } from '@aws-sdk/client-sqs';
import { QUEUE_NAMES, type QueueName, type QueuePort } from '../../contracts/ports/queue';

export interface SqsQueueOptions {
  queueUrls: Record<QueueName, string>;
  region?: string;
}

/** SQS rejects a larger DelaySeconds; a computed backoff is capped rather than failing the worker. */
export const MAX_DELAY_SECONDS = 900;

export function createSqsQueue(options: SqsQueueOptions): QueuePort {
  const config: SQSClientConfig = {};
  if (options.region) config.region = options.region;
  const client = new SQSClient(config);

  const urlOf = (queue: QueueName): string => {
    const url = options.queueUrls[queue];
    if (!url) throw new Error(`No queue URL configured for queue "${queue}"`);
    return url;
  };

  return {
    adapter: 'sqs',
    async send(queue, message, sendOptions) {
      await client.send(
        new SendMessageCommand({
          QueueUrl: urlOf(queue),
          MessageBody: JSON.stringify(message),
          DelaySeconds: delaySeconds(sendOptions?.delaySeconds),
        }),
      );
    },
    async ping() {
      await Promise.all(
        QUEUE_NAMES.map((queue) =>
          client.send(new GetQueueAttributesCommand({ QueueUrl: urlOf(queue), AttributeNames: ['QueueArn'] })),
        ),
      );
    },
  };
}

function delaySeconds(requested: number | undefined): number | undefined {
  if (requested === undefined || !Number.isFinite(requested) || requested <= 0) return undefined;
  return Math.min(MAX_DELAY_SECONDS, Math.ceil(requested));
}
