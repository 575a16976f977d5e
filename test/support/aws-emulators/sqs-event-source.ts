import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { lambdaContext } from './api-gateway';
import { EMULATOR_CREDENTIALS, EMULATOR_REGION } from './emulator-credentials';

export type SqsHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

export interface EventSourceMappingOptions {
  sqsEndpoint: string;
  queueUrl: string;
  functionName: string;
  /** The worker's handler, as the stack deploys it. */
  handler: SqsHandler;
  /** lib/workers: 10 records per batch. */
  batchSize?: number;
  /** The worker function's timeout (the indexing worker's is 15 minutes). */
  timeoutMs?: number;
}

export interface PollResult {
  delivered: SQSRecord[];
  /** Records the handler reported in batchItemFailures; they stay on the queue. */
  failed: SQSRecord[];
}

export interface EventSourceMapping {
  functionName: string;
  /** One receive-invoke-delete round; empty when the queue had nothing. */
  poll(): Promise<PollResult>;
  /** Every record the handler has reported failed so far. */
  failures: SQSRecord[];
}

/**
 * Lambda's SQS event source mapping for one queue and worker: receive a batch, hand it to the
 * handler as an SQSEvent (message id, receipt handle, body, attributes, source ARN), then delete the
 * records the handler did not name in `batchItemFailures` (ReportBatchItemFailures is on in the stack).
 *
 * Each record is received by its own ReceiveMessage call, because sqslite gives every message of one
 * answer the same receipt handle, and deleting one would delete the failed ones with it.
 */
export function sqsEventSource(options: EventSourceMappingOptions): EventSourceMapping {
  const client = new SQSClient({ endpoint: options.sqsEndpoint, region: EMULATOR_REGION, credentials: { ...EMULATOR_CREDENTIALS } });
  const queueName = options.queueUrl.slice(options.queueUrl.lastIndexOf('/') + 1);
  const failures: SQSRecord[] = [];

  const receiveOne = async () => {
    const answer = await client.send(
      new ReceiveMessageCommand({ QueueUrl: options.queueUrl, MaxNumberOfMessages: 1, MessageSystemAttributeNames: ['All'], WaitTimeSeconds: 0 }),
    );
    return answer.Messages?.[0];
  };

  return {
    functionName: options.functionName,
    failures,
    async poll() {
      const records: SQSRecord[] = [];
      while (records.length < (options.batchSize ?? 10)) {
        const message = await receiveOne();
        if (!message?.ReceiptHandle || !message.MessageId) break;
        const attributes = message.Attributes ?? {};
        records.push({
          messageId: message.MessageId,
          receiptHandle: message.ReceiptHandle,
          body: message.Body ?? '',
          attributes: {
            ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
            SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
            SenderId: attributes.SenderId ?? 'AROAREHEARSAL',
            ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
          },
          messageAttributes: {},
          md5OfBody: message.MD5OfBody ?? '',
          eventSource: 'aws:sqs',
          eventSourceARN: `arn:aws:sqs:${EMULATOR_REGION}:000000000000:${queueName}`,
          awsRegion: EMULATOR_REGION,
        });
      }
      if (records.length === 0) return { delivered: [], failed: [] };
      const response = await options.handler({ Records: records }, lambdaContext(options.functionName, options.timeoutMs ?? 15 * 60_000));
      const failedIds = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
      const failed = records.filter((record) => failedIds.has(record.messageId));
      failures.push(...failed);
      for (const record of records) {
        if (!failedIds.has(record.messageId)) await client.send(new DeleteMessageCommand({ QueueUrl: options.queueUrl, ReceiptHandle: record.receiptHandle }));
      }
      return { delivered: records, failed };
    },
  };
}

const describeFailures = (mappings: EventSourceMapping[]) =>
  mappings.flatMap((mapping) => mapping.failures.map((record) => `${mapping.functionName}: ${record.body.slice(0, 300)}`)).join('\n') || 'none';

/**
 * Runs the mappings until `done` answers true, as Lambda's pollers keep running while the test
 * waits for an outcome. A record the worker reports failed ends the wait at once: sqslite would never
 * deliver it again. Fails after `maxRounds` rounds, naming what the workers reported failed.
 */
export async function drainUntil(mappings: EventSourceMapping[], done: () => Promise<boolean>, maxRounds = 600): Promise<void> {
  for (let round = 0; round < maxRounds; round += 1) {
    let delivered = 0;
    for (const mapping of mappings) {
      const result = await mapping.poll();
      delivered += result.delivered.length;
      if (result.failed.length > 0) throw new Error(`The worker reported failed records:\n${describeFailures(mappings)}`);
    }
    if (await done()) return;
    // Nothing arrived: what the test waits for is not there yet (an upload's event, say).
    if (delivered === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The awaited outcome did not come after ${maxRounds} rounds; failed records: ${describeFailures(mappings)}`);
}
