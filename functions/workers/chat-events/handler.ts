import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../observability/logger';
import { parseChatEventBody } from '../../contracts/messages/chat-event-message';
import { processMessage } from './processors';
// The cloud composition root: this Lambda gets its AWS adapters from here.
import '../../platform/ports';

const processor = new BatchProcessor(EventType.SQS);

async function handleRecord(record: SQSRecord): Promise<void> {
  const message = parseChatEventBody(record.body);
  logger.info('Processing chat event', { type: message.type, messageId: message.messageId, receiveCount: record.attributes.ApproximateReceiveCount });
  await processMessage(message);
}

/**
 * The chat-events worker (Slack answers, §18.1): SQS batches with partial failures, so a question
 * whose answer failed is retried alone and reaches the dead-letter queue after its third receive
 * (where the dead-letter worker apologizes in its thread), while the other questions of the batch
 * are answered.
 */
export async function handler(event: SQSEvent, context: Context) {
  return processPartialResponse(event, handleRecord, processor, { context, throwOnFullBatchFailure: false });
}
