/**
 * The queue port (contract §23.1): SQS with dead-letter queues in the cloud, an in-process queue with
 * the same retry and dead-letter behaviour locally.
 */
export const QUEUE_NAMES = ['indexing', 'chat-events'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** The envelope of every message (contract §23.1). */
export interface QueueMessage<TPayload = Record<string, unknown>> {
  type: string;
  version: 1;
  messageId: string;
  organizationId: string;
  requestedBy: string;
  createdAt: string;
  payload: TPayload;
}

export interface QueuePort {
  readonly adapter: 'sqs' | 'embedded';
  send(queue: QueueName, message: QueueMessage, options?: { delaySeconds?: number }): Promise<void>;
  ping(): Promise<void>;
}
