import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QueueMessage } from '../../functions/contracts/ports/queue';
import { EmbeddedQueue, type DeadLetter, type EmbeddedQueueOptions } from './embedded-queue';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function envelope(id: string): QueueMessage {
  return {
    type: 'file.ingest',
    version: 1,
    messageId: id,
    organizationId: 'org_1',
    requestedBy: 'system',
    createdAt: '2025-03-01T09:30:00.000Z',
    payload: { dataSourceId: id },
  };
}

interface Delivery {
  at: number;
  record: SQSRecord;
}

describe('EmbeddedQueue', () => {
  let stateDir: string;
  const queues: EmbeddedQueue[] = [];

  const create = (options: Partial<EmbeddedQueueOptions> = {}): EmbeddedQueue => {
    const queue = new EmbeddedQueue({
      stateDir,
      visibilityTimeoutSeconds: 0.2,
      pollIntervalMs: 20,
      logger: silent,
      ...options,
    });
    queues.push(queue);
    return queue;
  };

  /** A handler that records every record it gets and fails the ones `fail` picks. */
  const recorder = (fail: (record: SQSRecord, delivery: number) => boolean = () => false) => {
    const deliveries: Delivery[] = [];
    const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
      const failures: SQSBatchResponse['batchItemFailures'] = [];
      for (const record of event.Records) {
        deliveries.push({ at: Date.now(), record });
        const count = deliveries.filter((d) => d.record.messageId === record.messageId).length;
        if (fail(record, count)) failures.push({ itemIdentifier: record.messageId });
      }
      return { batchItemFailures: failures };
    };
    return { deliveries, handler };
  };

  beforeEach(async () => {
    stateDir = await mkdtemp(path.join(tmpdir(), 'gw-queue-'));
  });

  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop(50)));
    await rm(stateDir, { recursive: true, force: true });
  });

  it('delivers SQS-shaped records and deletes them on success', async () => {
    const queue = create();
    const { deliveries, handler } = recorder();
    queue.register('indexing', handler);
    await queue.send('indexing', envelope('a'));
    await queue.send('indexing', envelope('b'));
    queue.start();
    await queue.drain('indexing', 2_000);

    expect(deliveries.map((d) => JSON.parse(d.record.body).messageId).sort()).toEqual(['a', 'b']);
    const { record } = deliveries[0]!;
    expect(record).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:indexing',
      messageAttributes: {},
      md5OfBody: createHash('md5').update(record.body).digest('hex'),
      attributes: { ApproximateReceiveCount: '1' },
    });
    expect(Number(record.attributes.SentTimestamp)).toBeGreaterThan(0);
    expect(Number(record.attributes.ApproximateFirstReceiveTimestamp)).toBeGreaterThanOrEqual(
      Number(record.attributes.SentTimestamp),
    );
    expect(record.receiptHandle).toBeTruthy();
    expect(queue.stats('indexing')).toEqual({ visible: 0, inFlight: 0, delayed: 0, deadLetters: 0 });
    const onDisk = JSON.parse(await readFile(path.join(stateDir, 'indexing.json'), 'utf8'));
    expect(onDisk.messages).toEqual([]);
    // Nothing is delivered again once deleted.
    await sleep(300);
    expect(deliveries).toHaveLength(2);
  });

  it('redelivers a batchItemFailure after the visibility timeout, then dead-letters it after 3 receives', async () => {
    const queue = create();
    const letters: DeadLetter[] = [];
    queue.onDeadLetter((letter) => {
      letters.push(letter);
    });
    const { deliveries, handler } = recorder((record) => JSON.parse(record.body).messageId === 'bad');
    queue.register('indexing', handler);
    await queue.send('indexing', envelope('good'));
    await queue.send('indexing', envelope('bad'));
    queue.start();
    await queue.drain('indexing', 3_000);

    const bad = deliveries.filter((d) => JSON.parse(d.record.body).messageId === 'bad');
    const good = deliveries.filter((d) => JSON.parse(d.record.body).messageId === 'good');
    expect(good).toHaveLength(1);
    expect(bad.map((d) => d.record.attributes.ApproximateReceiveCount)).toEqual(['1', '2', '3']);
    expect(new Set(bad.map((d) => d.record.messageId)).size).toBe(1);
    expect(new Set(bad.map((d) => d.record.receiptHandle)).size).toBe(3);
    for (let i = 1; i < bad.length; i++) {
      expect(bad[i]!.at - bad[i - 1]!.at).toBeGreaterThanOrEqual(195);
    }
    // The first receive timestamp stays the first one.
    expect(bad[2]!.record.attributes.ApproximateFirstReceiveTimestamp).toBe(
      bad[0]!.record.attributes.ApproximateFirstReceiveTimestamp,
    );

    expect(queue.stats('indexing')).toEqual({ visible: 0, inFlight: 0, delayed: 0, deadLetters: 1 });
    const [letter] = queue.deadLetters('indexing');
    expect(letter).toMatchObject({ queue: 'indexing', messageId: bad[0]!.record.messageId, receiveCount: 3 });
    expect(JSON.parse(letter!.body)).toEqual(envelope('bad'));
    expect(letters).toEqual([letter]);
    await sleep(300);
    expect(bad).toHaveLength(3);
    expect(deliveries).toHaveLength(4);

    // Dead letters survive a restart and can be redriven with a fresh receive count.
    await queue.stop();
    const reopened = create();
    expect(reopened.deadLetters('indexing')).toEqual([letter]);
    const second = recorder();
    reopened.register('indexing', second.handler);
    reopened.start();
    expect(await reopened.redriveDeadLetters('indexing')).toBe(1);
    await reopened.drain('indexing', 2_000);
    expect(second.deliveries.map((d) => d.record.attributes.ApproximateReceiveCount)).toEqual(['1']);
    expect(reopened.stats('indexing').deadLetters).toBe(0);
  });

  it('retries every record of a batch whose handler throws', async () => {
    const queue = create();
    const batches: SQSEvent[] = [];
    queue.register('chat-events', async (event) => {
      batches.push(event);
      if (batches.length === 1) throw new Error('boom');
    });
    await queue.send('chat-events', envelope('x'));
    await queue.send('chat-events', envelope('y'));
    queue.start();
    await queue.drain('chat-events', 2_000);

    expect(batches).toHaveLength(2);
    expect(batches[0]!.Records.map((r) => r.messageId)).toEqual(batches[1]!.Records.map((r) => r.messageId));
    expect(batches[1]!.Records.map((r) => r.attributes.ApproximateReceiveCount)).toEqual(['2', '2']);
  });

  it('treats an itemIdentifier that names no record as a failure of the whole batch', async () => {
    const queue = create();
    const counts: string[] = [];
    queue.register('indexing', async (event) => {
      counts.push(...event.Records.map((r) => r.attributes.ApproximateReceiveCount));
      return counts.length === 1 ? { batchItemFailures: [{ itemIdentifier: 'not-in-batch' }] } : undefined;
    });
    await queue.send('indexing', envelope('z'));
    queue.start();
    await queue.drain('indexing', 2_000);
    expect(counts).toEqual(['1', '2']);
  });

  it('honours delaySeconds', async () => {
    const queue = create();
    const { deliveries, handler } = recorder();
    queue.register('indexing', handler);
    queue.start();
    const sentAt = Date.now();
    await queue.send('indexing', envelope('later'), { delaySeconds: 1 });
    expect(queue.stats('indexing')).toEqual({ visible: 0, inFlight: 0, delayed: 1, deadLetters: 0 });
    await sleep(600);
    expect(deliveries).toHaveLength(0);
    await waitFor(() => deliveries.length === 1, 2_000);
    expect(deliveries[0]!.at - sentAt).toBeGreaterThanOrEqual(1_000);
  });

  it('redelivers, with its receive count, a message in flight when the queue stopped', async () => {
    const first = create();
    const received: SQSRecord[] = [];
    first.register('indexing', async (event) => {
      received.push(...event.Records);
      await new Promise(() => undefined); // never settles: the process "dies" mid-batch
    });
    await first.send('indexing', envelope('stuck'));
    first.start();
    await waitFor(() => received.length === 1, 2_000);
    await first.stop(50);

    const second = create();
    expect(second.stats('indexing')).toEqual({ visible: 1, inFlight: 0, delayed: 0, deadLetters: 0 });
    const { deliveries, handler } = recorder();
    second.register('indexing', handler);
    second.start();
    await second.drain('indexing', 2_000);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.record.messageId).toBe(received[0]!.messageId);
    expect(deliveries[0]!.record.attributes.ApproximateReceiveCount).toBe('2');
    expect(JSON.parse(deliveries[0]!.record.body)).toEqual(envelope('stuck'));
  });

  it('keeps messages sent before start and not yet delivered across instances', async () => {
    const first = create();
    await first.send('chat-events', envelope('queued'));
    const raw = await first.sendRaw('indexing', '{"Records":[{"eventSource":"aws:s3"}]}');
    const second = create();
    expect(second.stats('chat-events').visible).toBe(1);
    const { deliveries, handler } = recorder();
    second.register('indexing', handler);
    second.start();
    await second.drain('indexing', 2_000);
    expect(deliveries.map((d) => [d.record.messageId, d.record.body])).toEqual([
      [raw, '{"Records":[{"eventSource":"aws:s3"}]}'],
    ]);
  });

  it('loses nothing when the process is killed while a message is in flight', async () => {
    const fixture = path.join(stateDir, 'crash-fixture.mts');
    const queueModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'embedded-queue.ts');
    const crashDir = path.join(stateDir, 'state');
    await writeFile(
      fixture,
      `import { EmbeddedQueue } from ${JSON.stringify(queueModule)};
const queue = new EmbeddedQueue({ stateDir: process.argv[2], visibilityTimeoutSeconds: 0.2, pollIntervalMs: 20 });
queue.register('indexing', async (event) => {
  console.log('RECEIVED ' + event.Records[0].messageId);
  await new Promise(() => undefined);
});
queue.start();
await queue.send('indexing', ${JSON.stringify(envelope('crash'))});
setInterval(() => undefined, 1000);
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, crashDir], {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const messageId = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fixture did not receive: ${output}`)), 15_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /RECEIVED (\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const survivor = create({ stateDir: crashDir });
    const { deliveries, handler } = recorder();
    survivor.register('indexing', handler);
    survivor.start();
    await survivor.drain('indexing', 2_000);
    expect(deliveries.map((d) => [d.record.messageId, d.record.attributes.ApproximateReceiveCount])).toEqual([
      [messageId, '2'],
    ]);
    expect(JSON.parse(deliveries[0]!.record.body)).toEqual(envelope('crash'));
  }, 20_000);

  it('rejects unknown queues and oversized messages', async () => {
    const queue = create();
    await expect(queue.send('nope' as 'indexing', envelope('q'))).rejects.toThrow(/Unknown queue/);
    await expect(queue.sendRaw('indexing', 'x'.repeat(1_048_577))).rejects.toThrow(/larger than/);
    await expect(queue.ping()).resolves.toBeUndefined();
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}
