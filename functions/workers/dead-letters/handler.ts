import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../observability/logger';
import { getPorts } from '../../contracts/ports/ports';
import type { QueueName } from '../../contracts/ports/queue';
import { queueOfDeadLetterSource } from './dead-letter-sources';
import { type KeepLetter, keepInSqs } from './kept-letters';
import { settleDeadLetter } from './processors';
// The cloud composition root: this Lambda gets its AWS adapters from here.
import '../../platform/ports';

const processor = new BatchProcessor(EventType.SQS);

/**
 * The letter is logged before it is settled (ids and type, not the payload with the asker's
 * words); once settled it is kept, whole, in its kept queue (./kept-letters.ts).
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

export function deadLetterRecordHandler(settle: SettleLetter = (queue, body) => settleDeadLetter(getPorts(), queue, body), keep: KeepLetter = keepInSqs()) {
  return async (record: SQSRecord): Promise<void> => {
    const queue = queueOfDeadLetterSource(record.eventSourceARN);
    logger.warn('Settling a dead-lettered message', describeLetter(record, queue));
    await settle(queue, record.body);
    // Settled and kept: the item is failed now, and the letter waits for a replay (npm run replay:dead-letters).
    await keep(queue, record);
  };
}

/**
 * The dead-letter worker: consumes the indexing and chat-events dead-letter queues, settles each
 * letter as the embedded queue's hook does (./processors.ts) and keeps it in its kept queue, as the
 * embedded queue keeps its dead letters. A letter whose settling or keeping failed (the table,
 * Slack or SQS was down) stays in its dead-letter queue and comes back after the visibility timeout.
 */
export function createDeadLetterHandler(recordHandler = deadLetterRecordHandler()) {
  return middy<SQSEvent, SQSBatchResponse>()
    .use(injectLambdaContext(logger))
    .handler((event, context) => processPartialResponse(event, recordHandler, processor, { context, throwOnFullBatchFailure: false }));
}

export const handler = createDeadLetterHandler();
