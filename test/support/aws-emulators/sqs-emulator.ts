import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, type LoopbackServer } from '../loopback-server';

/** The part of sqslite's in-memory engine (`sqslite/lib/sqs`) the bridge calls; the package ships loose types. */
interface SqsliteEngine {
  createQueue(params: { QueueName: string; Attributes?: Record<string, string> }, host: string): string;
  sendMessage(params: { QueueUrl: string; MessageBody: string; DelaySeconds?: number }): { MessageId: string; MD5OfMessageBody: string };
  receiveMessage(params: { QueueUrl: string; MaxNumberOfMessages?: number; AttributeNames?: string[]; MessageAttributeNames?: string[] }): Array<{
    Body: string;
    MD5OfBody: string;
    MessageId: string;
    ReceiptHandle: string;
    Attributes?: Record<string, string | number>;
  }>;
  deleteMessage(params: { QueueUrl: string; ReceiptHandle: string }): void;
  getQueueAttributes(queueUrl: string, attributes: string[]): Record<string, unknown>;
  deleteQueue(params: { QueueUrl: string }): void;
}

export interface SqsEmulator {
  /** `http://127.0.0.1:<port>`, for AWS_ENDPOINT_URL_SQS. */
  endpoint: string;
  /** Creates a standard queue and answers its URL. */
  createQueue(name: string): string;
  stop(): Promise<void>;
}

/** sqslite reads the queue name out of URLs of this one form only. */
const SQSLITE_URL_PREFIX = 'http://localhost:0/queues/';

function sqsliteUrl(queueUrl: unknown): string {
  const name = /\/queues\/([^/?#]+)$/.exec(String(queueUrl))?.[1];
  return `${SQSLITE_URL_PREFIX}${name ?? ''}`;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * SQS for the cloud-mode suite: sqslite 2.1's queue engine behind the AWS JSON 1.0 protocol.
 *
 * sqslite's own server speaks only SQS's older query protocol (form bodies, XML answers); the
 * @aws-sdk/client-sqs in use sends `X-Amz-Target: AmazonSQS.<Operation>` JSON, so this front
 * translates the few operations the adapters and the event-source poller call and lets sqslite
 * keep the messages. sqslite's engine has gaps the poller works around (lambda-event-source.ts):
 * one receipt handle is shared by all messages of one ReceiveMessage answer, a received message is
 * never visible again (no visibility timeout), and DelaySeconds is ignored on standard queues.
 */
export async function startSqsEmulator(): Promise<SqsEmulator> {
  const engine = createRequire(import.meta.url)('sqslite/lib/sqs') as SqsliteEngine;
  const created: string[] = [];

  const operations: Record<string, (input: Record<string, unknown>) => unknown> = {
    SendMessage(input) {
      const body = String(input.MessageBody ?? '');
      const sent = engine.sendMessage({ QueueUrl: sqsliteUrl(input.QueueUrl), MessageBody: body, DelaySeconds: input.DelaySeconds as number | undefined });
      return { MessageId: sent.MessageId, MD5OfMessageBody: md5(body) };
    },
    ReceiveMessage(input) {
      const messages = engine.receiveMessage({
        QueueUrl: sqsliteUrl(input.QueueUrl),
        MaxNumberOfMessages: (input.MaxNumberOfMessages as number | undefined) ?? 1,
        AttributeNames: ((input.MessageSystemAttributeNames ?? input.AttributeNames) as string[] | undefined) ?? [],
        MessageAttributeNames: [],
      });
      return {
        Messages: messages.map((message) => ({
          MessageId: message.MessageId,
          ReceiptHandle: message.ReceiptHandle,
          Body: message.Body,
          MD5OfBody: md5(message.Body),
          Attributes: Object.fromEntries(Object.entries(message.Attributes ?? {}).map(([name, value]) => [name, String(value)])),
        })),
      };
    },
    DeleteMessage(input) {
      engine.deleteMessage({ QueueUrl: sqsliteUrl(input.QueueUrl), ReceiptHandle: String(input.ReceiptHandle) });
      return {};
    },
    GetQueueAttributes(input) {
      const attributes = engine.getQueueAttributes(sqsliteUrl(input.QueueUrl), (input.AttributeNames as string[] | undefined) ?? ['All']);
      return { Attributes: Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, String(value)])) };
    },
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const target = String(request.headers['x-amz-target'] ?? '');
    const operation = operations[target.replace(/^AmazonSQS\./, '')];
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.0' });
      response.end(JSON.stringify(body));
    };
    if (!operation) return reply(400, { __type: 'com.amazonaws.sqs#UnsupportedOperation', message: `The SQS emulator does not serve ${target}` });
    try {
      reply(200, operation(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>));
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'InternalError';
      const type = code === 'AWS.SimpleQueueService.NonExistentQueue' ? 'QueueDoesNotExist' : code;
      reply(400, { __type: `com.amazonaws.sqs#${type}`, message: (error as Error).message });
    }
  };

  const server: LoopbackServer = await listenOnLoopback(handle);
  const endpoint = server.origin;
  return {
    endpoint,
    createQueue(name) {
      engine.createQueue({ QueueName: name, Attributes: {} }, 'localhost:0');
      created.push(name);
      return `${endpoint}/queues/${name}`;
    },
    async stop() {
      // sqslite keeps its queues in module state: this file's queues go with it.
      for (const name of created.splice(0)) engine.deleteQueue({ QueueUrl: `${SQSLITE_URL_PREFIX}${name}` });
      await server.close();
    },
  };
}
