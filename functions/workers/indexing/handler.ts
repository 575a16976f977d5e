import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../observability/logger';
import type { QueueMessage } from '../../contracts/ports/queue';
import { fileKeyOf, parseIndexingBody } from '../../contracts/messages/indexing-message';
import { processMessage } from './processors';
// The cloud composition root: this Lambda gets its AWS adapters from here.
import '../../platform/ports';

const processor = new BatchProcessor(EventType.SQS);

/** S3 says which object arrived; the ingest processor takes it from there (contract §23.1 "S3 event"). */
function ingestMessagesOf(record: SQSRecord, delivery: Extract<ReturnType<typeof parseIndexingBody>, { kind: 's3-event' }>): QueueMessage[] {
  return delivery.records.flatMap((s3) => {
    const file = fileKeyOf(s3.s3.object.key);
    if (!file) return [];
    return [
      {
        type: 'file.ingest',
        version: 1 as const,
        messageId: record.messageId,
        organizationId: file.organizationId,
        requestedBy: 'system',
        createdAt: s3.eventTime,
        payload: {
          dataSourceId: file.dataSourceId,
          bucket: s3.s3.bucket.name,
          objectName: decodeURIComponent(s3.s3.object.key.replace(/\+/g, ' ')),
          size: s3.s3.object.size,
          eTag: s3.s3.object.eTag,
          trigger: 's3-event',
        },
      },
    ];
  });
}

async function handleRecord(record: SQSRecord): Promise<void> {
  const delivery = parseIndexingBody(record.body);
  const messages = delivery.kind === 'envelope' ? [delivery.message] : ingestMessagesOf(record, delivery);
  for (const message of messages) {
    logger.info('Processing queue message', { type: message.type, messageId: message.messageId, receiveCount: record.attributes.ApproximateReceiveCount });
    await processMessage(message);
  }
}

/**
 * The indexing worker: SQS batches with partial failures, so one bad message is retried alone and
 * reaches the dead-letter queue after its third receive, while the rest of the batch completes.
 */
export async function handler(event: SQSEvent, context: Context) {
  return processPartialResponse(event, handleRecord, processor, { context, throwOnFullBatchFailure: false });
}
