import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../observability/logger';
import type { QueueMessage } from '../../ports/queue';
import { processMessage } from './processors';

const processor = new BatchProcessor(EventType.SQS);

export class UnreadableMessageError extends Error {}

/** The chat-events queue carries only our own envelope (contract §23.1). */
export function parseChatEventBody(body: string): QueueMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new UnreadableMessageError('Message body is not JSON');
  }
  const value = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  if (typeof value.type !== 'string' || value.version !== 1 || typeof value.organizationId !== 'string' || !value.payload || typeof value.payload !== 'object') {
    throw new UnreadableMessageError('Message is not a queue envelope');
  }
  return value as unknown as QueueMessage;
}

async function handleRecord(record: SQSRecord): Promise<void> {
  const message = parseChatEventBody(record.body);
  logger.info('Processing chat event', { type: message.type, messageId: message.messageId, receiveCount: record.attributes.ApproximateReceiveCount });
  await processMessage(message);
}

/**
 * The chat-events worker (Slack answers, §18.1): SQS batches with partial failures, so a question
 * whose answer failed is retried alone and reaches the dead-letter queue after its third receive,
 * while the other questions of the batch are answered.
 */
export async function handler(event: SQSEvent, context: Context) {
  return processPartialResponse(event, handleRecord, processor, { context, throwOnFullBatchFailure: false });
}
