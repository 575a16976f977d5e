import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../observability/logger';
import { getPorts } from '../../contracts/ports/ports';
import type { QueueName } from '../../contracts/ports/queue';
import { queueOfDeadLetterSource } from './dead-letter-sources';
import { settleDeadLetter } from './processors';
// The cloud composition root: this Lambda gets its AWS adapters from here.
import '../../platform/ports';

const processor = new BatchProcessor(EventType.SQS);

/**
 * The letter is logged before it is settled: once settled it leaves its queue, and this line is
 * what remains for an operator to see (ids and type, not the payload with the asker's words).
 */
function describeLetter(record: SQSRecord, queue: string): Record<string, unknown> {
  let type: unknown;
  try {
    const parsed = JSON.parse(record.body) as Record<string, unknown>;
    type = parsed.type ?? (Array.isArray(parsed.Records) ? 's3-event' : undefined);
  } catch {
    type = 'unreadable';
  }
  return {
    queue,
    messageId: record.messageId,
    type,
    sentAt: new Date(Number(record.attributes.SentTimestamp)).toISOString(),
    receiveCount: record.attributes.ApproximateReceiveCount,
  };
}

export type SettleLetter = (queue: QueueName, body: string) => Promise<void>;

export function deadLetterRecordHandler(settle: SettleLetter = (queue, body) => settleDeadLetter(getPorts(), queue, body)) {
  return async (record: SQSRecord): Promise<void> => {
    const queue = queueOfDeadLetterSource(record.eventSourceARN);
    logger.warn('Settling a dead-lettered message', describeLetter(record, queue));
    await settle(queue, record.body);
  };
}

/**
 * The dead-letter worker: consumes the indexing and chat-events dead-letter queues and settles each
 * letter as the embedded queue's hook does (./processors.ts). A letter whose settling failed (the
 * table or Slack was down) stays in its queue and comes back after the visibility timeout.
 */
export function createDeadLetterHandler(recordHandler = deadLetterRecordHandler()) {
  return middy<SQSEvent, SQSBatchResponse>()
    .use(injectLambdaContext(logger))
    .handler((event, context) => processPartialResponse(event, recordHandler, processor, { context, throwOnFullBatchFailure: false }));
}

export const handler = createDeadLetterHandler();
