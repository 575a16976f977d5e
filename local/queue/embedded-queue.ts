/**
 * An in-process queue with the SQS + Lambda event-source semantics the cloud workers rely on
 * (contract §23.1): batches of SQS-shaped records, partial batch failures, redelivery after the
 * visibility timeout, a dead-letter list after `maxReceives` receives, and delivery delays. The
 * registered handlers are the very Lambda handlers deployed to AWS.
 *
 * Durability: each queue is one JSON snapshot file in `stateDir`, replaced atomically (write a temp
 * file, then rename) after every change and before a send resolves or a batch is handed to a handler.
 * A crash therefore loses nothing: messages that were in flight come back on the next start() with
 * their receive counts. (No fsync: this protects against process crashes, not power loss.)
 *
 * One deliberate difference from SQS: a message is never redelivered while its handler is still
 * running in this process. In the cloud the visibility timeout is longer than the function timeout,
 * so the observable behaviour is the same.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { QUEUE_NAMES, type QueueMessage, type QueueName, type QueuePort } from '../../functions/contracts/ports/queue';

export type QueueHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

export interface EmbeddedQueueLogger {
  info(message: string, ...extra: unknown[]): void;
  warn(message: string, ...extra: unknown[]): void;
  error(message: string, ...extra: unknown[]): void;
}

export interface EmbeddedQueueOptions {
  stateDir: string;
  /** Seconds after a receive before a failed message is delivered again (default 30; fractions allowed). */
  visibilityTimeoutSeconds?: number;
  /** Receives after which a further failure moves the message to the dead letters (default 3, as the DLQ redrive policy). */
  maxReceives?: number;
  /** How often each queue looks for deliverable messages (default 250 ms); sends are delivered at once. */
  pollIntervalMs?: number;
  /** Records per handler invocation (default 10, the Lambda SQS default). */
  batchSize?: number;
  /** Batches of one queue handled at the same time (default 4), like concurrent Lambda invocations. */
  concurrency?: number;
  /** What `context.getRemainingTimeInMillis()` counts down from (default 15 minutes, the Lambda maximum). */
  functionTimeoutMs?: number;
  logger?: EmbeddedQueueLogger;
}

export interface DeadLetter {
  queue: QueueName;
  messageId: string;
  body: string;
  receiveCount: number;
  sentTimestamp: number;
  deadLetteredAt: number;
  lastError: string;
}

export interface QueueStats {
  /** Deliverable now. */
  visible: number;
  /** Received and neither deleted nor visible again (SQS's "not visible"), including failed ones waiting out the visibility timeout. */
  inFlight: number;
  /** Sent with a delay that has not passed. */
  delayed: number;
  deadLetters: number;
}

export type DeadLetterListener = (letter: DeadLetter) => void | Promise<void>;

interface StoredMessage {
  messageId: string;
  body: string;
  md5OfBody: string;
  sentTimestamp: number;
  receiveCount: number;
  firstReceiveTimestamp?: number;
  receivedAt?: number;
  /** Epoch ms from which the message may be received (the delay or the visibility timeout). */
  visibleAt: number;
  /** True while a handler holds the message; persisted so a crash shows what to redeliver. */
  inFlight: boolean;
}

interface QueueFile {
  version: 1;
  messages: StoredMessage[];
  deadLetters: DeadLetter[];
}

interface Batch {
  state: QueueState;
  messages: StoredMessage[];
  /** Set when stop() gave up waiting: the result, if it ever comes, no longer counts. */
  abandoned: boolean;
}

/** The SQS maximum message size. */
const MAX_BODY_BYTES = 1_048_576;
const MAX_DELAY_SECONDS = 900;

export class EmbeddedQueue implements QueuePort {
  readonly adapter = 'embedded' as const;

  private readonly stateDir: string;
  private readonly visibilityTimeoutMs: number;
  private readonly maxReceives: number;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly functionTimeoutMs: number;
  private readonly logger: EmbeddedQueueLogger;

  private readonly queues = new Map<QueueName, QueueState>();
  private readonly handlers = new Map<QueueName, QueueHandler>();
  private readonly deadLetterListeners = new Set<DeadLetterListener>();
  private readonly active = new Map<Batch, Promise<void>>();
  private pollTimer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(options: EmbeddedQueueOptions) {
    this.stateDir = options.stateDir;
    this.visibilityTimeoutMs = (options.visibilityTimeoutSeconds ?? 30) * 1000;
    this.maxReceives = options.maxReceives ?? 3;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.batchSize = options.batchSize ?? 10;
    this.concurrency = options.concurrency ?? 4;
    this.functionTimeoutMs = options.functionTimeoutMs ?? 900_000;
    this.logger = options.logger ?? { info: () => undefined, warn: console.warn, error: console.error };
    mkdirSync(this.stateDir, { recursive: true });
    for (const name of QUEUE_NAMES) {
      this.queues.set(name, new QueueState(name, path.join(this.stateDir, `${name}.json`), this.logger));
    }
  }

  register(queue: QueueName, handler: QueueHandler): void {
    this.state(queue);
    this.handlers.set(queue, handler);
    this.kick(queue);
  }

  /** Called after a message is moved to the dead letters, so the platform can mark its resource failed. */
  onDeadLetter(listener: DeadLetterListener): () => void {
    this.deadLetterListeners.add(listener);
    return () => this.deadLetterListeners.delete(listener);
  }

  async send(queue: QueueName, message: QueueMessage, options?: { delaySeconds?: number }): Promise<void> {
    await this.enqueue(queue, JSON.stringify(message), options?.delaySeconds);
  }

  /** Enqueues a body as is, the way S3 event notifications arrive on SQS. Resolves with the messageId. */
  sendRaw(queue: QueueName, body: string, options?: { delaySeconds?: number }): Promise<string> {
    return this.enqueue(queue, body, options?.delaySeconds);
  }

  async ping(): Promise<void> {}

  start(): void {
    if (this.running) return;
    this.running = true;
    const now = Date.now();
    const held = new Set([...this.active.keys()].flatMap((batch) => batch.messages));
    for (const state of this.queues.values()) {
      // Abandoned by an earlier stop(): nobody is working on them any more.
      let released = false;
      for (const message of state.messages.values()) {
        if (message.inFlight && !held.has(message)) {
          message.inFlight = false;
          message.visibleAt = now;
          released = true;
        }
      }
      if (released) void state.persist();
    }
    this.pollTimer = setInterval(() => {
      for (const queue of this.handlers.keys()) this.deliver(queue);
    }, this.pollIntervalMs);
    this.pollTimer.unref();
    for (const queue of this.handlers.keys()) this.kick(queue);
  }

  /** Stops delivering and waits up to `timeoutMs` for running handlers; messages they still hold stay in flight on disk. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.running = false;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
    if (this.active.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.allSettled([...this.active.values()]), timeout]);
      clearTimeout(timer);
    }
    for (const batch of this.active.keys()) {
      batch.abandoned = true;
      batch.state.activeBatches--;
      this.logger.warn(`Queue stopped with ${batch.messages.length} message(s) still being handled; they will be redelivered`);
    }
    this.active.clear();
    await Promise.all([...this.queues.values()].map((state) => state.flush()));
  }

  stats(queue: QueueName): QueueStats {
    const state = this.state(queue);
    const now = Date.now();
    const stats: QueueStats = { visible: 0, inFlight: 0, delayed: 0, deadLetters: state.deadLetters.length };
    for (const message of state.messages.values()) {
      if (message.inFlight) stats.inFlight++;
      else if (message.visibleAt <= now) stats.visible++;
      else if (message.receiveCount > 0) stats.inFlight++;
      else stats.delayed++;
    }
    return stats;
  }

  deadLetters(queue: QueueName): DeadLetter[] {
    return this.state(queue).deadLetters.map((letter) => ({ ...letter }));
  }

  /** Moves every dead letter back onto its queue with a fresh receive count; resolves with how many. */
  async redriveDeadLetters(queue: QueueName): Promise<number> {
    const state = this.state(queue);
    const letters = state.deadLetters.splice(0);
    const now = Date.now();
    for (const letter of letters) {
      state.messages.set(letter.messageId, {
        messageId: letter.messageId,
        body: letter.body,
        md5OfBody: md5(letter.body),
        sentTimestamp: now,
        receiveCount: 0,
        visibleAt: now,
        inFlight: false,
      });
    }
    await state.persist();
    this.kick(queue);
    return letters.length;
  }

  /**
   * For tests: resolves once no message of the queue(s) is visible or in flight and no batch is still
   * being settled (dead-letter listeners included). Delayed messages do not count.
   */
  async drain(queue?: QueueName, timeoutMs = 10_000): Promise<void> {
    const queues = queue ? [queue] : [...QUEUE_NAMES];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const busy = queues.filter((name) => {
        const { visible, inFlight } = this.stats(name);
        return visible + inFlight > 0 || this.state(name).activeBatches > 0;
      });
      if (busy.length === 0) return;
      if (Date.now() > deadline) {
        const detail = busy.map((name) => `${name} ${JSON.stringify(this.stats(name))}`).join(', ');
        throw new Error(`Queue not drained after ${timeoutMs} ms: ${detail}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async enqueue(queue: QueueName, body: string, delaySeconds: number | undefined): Promise<string> {
    const state = this.state(queue);
    if (Buffer.byteLength(body) > MAX_BODY_BYTES) {
      throw new Error(`Message for queue "${queue}" is larger than the SQS limit of ${MAX_BODY_BYTES} bytes`);
    }
    const now = Date.now();
    const delayMs = Math.min(MAX_DELAY_SECONDS, Math.max(0, delaySeconds ?? 0)) * 1000;
    const message: StoredMessage = {
      messageId: randomUUID(),
      body,
      md5OfBody: md5(body),
      sentTimestamp: now,
      receiveCount: 0,
      visibleAt: now + delayMs,
      inFlight: false,
    };
    state.messages.set(message.messageId, message);
    try {
      await state.persist();
    } catch (error) {
      // The caller is told the send failed, so the message must not be delivered behind its back.
      state.messages.delete(message.messageId);
      throw error;
    }
    if (delayMs === 0) this.kick(queue);
    return message.messageId;
  }

  private state(queue: QueueName): QueueState {
    const state = this.queues.get(queue);
    if (!state) throw new Error(`Unknown queue "${queue}"; known queues: ${QUEUE_NAMES.join(', ')}`);
    return state;
  }

  /** Delivers soon, without waiting for the next poll. */
  private kick(queue: QueueName): void {
    if (this.running) setImmediate(() => this.deliver(queue));
  }

  private deliver(queue: QueueName): void {
    const handler = this.handlers.get(queue);
    const state = this.queues.get(queue);
    if (!this.running || !handler || !state) return;
    while (state.activeBatches < this.concurrency) {
      const messages = this.receive(state);
      if (messages.length === 0) return;
      const batch: Batch = { state, messages, abandoned: false };
      state.activeBatches++;
      const done = this.invoke(queue, handler, batch).finally(() => {
        if (batch.abandoned) return;
        state.activeBatches--;
        this.active.delete(batch);
        this.kick(queue);
      });
      this.active.set(batch, done);
    }
  }

  /** Takes up to batchSize visible messages and marks them received (synchronously, so no other batch takes them). */
  private receive(state: QueueState): StoredMessage[] {
    const now = Date.now();
    const taken: StoredMessage[] = [];
    for (const message of state.messages.values()) {
      if (taken.length >= this.batchSize) break;
      if (message.inFlight || message.visibleAt > now) continue;
      message.inFlight = true;
      message.receiveCount++;
      message.receivedAt = now;
      message.firstReceiveTimestamp ??= now;
      taken.push(message);
    }
    return taken;
  }

  private async invoke(queue: QueueName, handler: QueueHandler, batch: Batch): Promise<void> {
    // The receive counts reach disk before the handler runs, so a crash mid-batch still counts the
    // receive. A failed write is already logged; delivering anyway beats stalling the queue.
    await batch.state.persist().catch(() => undefined);
    // The visibility clock starts when the handler gets the batch, not when the write above began.
    const handedAt = Date.now();
    for (const message of batch.messages) message.receivedAt = handedAt;
    const event: SQSEvent = { Records: batch.messages.map((message) => toRecord(queue, message)) };
    let failedIds: Set<string>;
    let error = 'reported in batchItemFailures';
    try {
      const response = await handler(event, this.context(queue));
      failedIds = this.failedIds(queue, batch, response);
    } catch (thrown) {
      error = thrown instanceof Error ? thrown.message : String(thrown);
      this.logger.warn(`Handler of queue "${queue}" failed; the whole batch will be retried`, thrown);
      failedIds = new Set(batch.messages.map((message) => message.messageId));
    }
    if (batch.abandoned) return;
    await this.settle(queue, batch, failedIds, error);
  }

  private failedIds(queue: QueueName, batch: Batch, response: SQSBatchResponse | void): Set<string> {
    const ids = new Set(batch.messages.map((message) => message.messageId));
    const failures = response?.batchItemFailures ?? [];
    const failed = new Set(failures.map((failure) => failure.itemIdentifier));
    // Lambda treats an identifier that names no record of the batch as a failure of the whole batch.
    if ([...failed].some((id) => !ids.has(id))) {
      this.logger.warn(`Handler of queue "${queue}" returned an unknown itemIdentifier; the whole batch will be retried`);
      return ids;
    }
    return failed;
  }

  private async settle(queue: QueueName, batch: Batch, failedIds: Set<string>, error: string): Promise<void> {
    const { state } = batch;
    const now = Date.now();
    const deadLettered: DeadLetter[] = [];
    for (const message of batch.messages) {
      if (!failedIds.has(message.messageId)) {
        state.messages.delete(message.messageId);
      } else if (message.receiveCount >= this.maxReceives) {
        state.messages.delete(message.messageId);
        const letter: DeadLetter = {
          queue,
          messageId: message.messageId,
          body: message.body,
          receiveCount: message.receiveCount,
          sentTimestamp: message.sentTimestamp,
          deadLetteredAt: now,
          lastError: error,
        };
        state.deadLetters.push(letter);
        deadLettered.push(letter);
      } else {
        message.inFlight = false;
        message.visibleAt = (message.receivedAt ?? now) + this.visibilityTimeoutMs;
      }
    }
    await state.persist().catch(() => undefined);
    for (const letter of deadLettered) {
      this.logger.error(`Message ${letter.messageId} of queue "${queue}" moved to the dead letters after ${letter.receiveCount} receives`);
      for (const listener of this.deadLetterListeners) {
        try {
          await listener({ ...letter });
        } catch (listenerError) {
          this.logger.error('Dead-letter listener failed', listenerError);
        }
      }
    }
  }

  private context(queue: QueueName): Context {
    const startedAt = Date.now();
    const functionName = `groundwork-local-${queue}-worker`;
    const unsupported = (): never => {
      throw new Error('Callback-style Lambda completion is not supported; return a promise');
    };
    return {
      callbackWaitsForEmptyEventLoop: false,
      functionName,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
      memoryLimitInMB: '1024',
      awsRequestId: randomUUID(),
      logGroupName: `/aws/lambda/${functionName}`,
      logStreamName: 'local',
      getRemainingTimeInMillis: () => Math.max(0, startedAt + this.functionTimeoutMs - Date.now()),
      done: unsupported,
      fail: unsupported,
      succeed: unsupported,
    };
  }
}

/** One queue's messages and dead letters, and the serialised writing of its snapshot file. */
class QueueState {
  readonly messages = new Map<string, StoredMessage>();
  readonly deadLetters: DeadLetter[] = [];
  activeBatches = 0;

  private writing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;

  constructor(
    readonly name: QueueName,
    private readonly file: string,
    private readonly logger: EmbeddedQueueLogger,
  ) {
    const loaded = this.load();
    const now = Date.now();
    for (const message of loaded.messages) {
      // Whatever was in flight when the last process ended is redelivered, its receive count kept.
      if (message.inFlight) {
        message.inFlight = false;
        message.visibleAt = now;
      }
      this.messages.set(message.messageId, message);
    }
    this.deadLetters.push(...loaded.deadLetters);
  }

  /**
   * Resolves once a snapshot taken after this call is on disk. Calls made while a write runs share
   * the next write, so a burst of changes costs two writes, not one each.
   */
  persist(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.writing.then(() => {
      this.queued = undefined;
      return this.write();
    });
    this.queued = next;
    this.writing = next.catch((error: unknown) => {
      this.logger.error(`Could not save queue "${this.name}" to ${this.file}`, error);
    });
    return next;
  }

  /** Waits for pending writes, never rejecting. */
  flush(): Promise<void> {
    return this.queued ? this.queued.catch(() => undefined) : this.writing;
  }

  private async write(): Promise<void> {
    const snapshot: QueueFile = { version: 1, messages: [...this.messages.values()], deadLetters: this.deadLetters };
    const text = JSON.stringify(snapshot);
    const temporary = `${this.file}.tmp`;
    await writeFile(temporary, text);
    await rename(temporary, this.file);
  }

  private load(): QueueFile {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, messages: [], deadLetters: [] };
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as Partial<QueueFile>;
      return { version: 1, messages: parsed.messages ?? [], deadLetters: parsed.deadLetters ?? [] };
    } catch (error) {
      // Renames are atomic, so this means outside damage: keep the file for inspection and start empty.
      const aside = `${this.file}.corrupt-${Date.now()}`;
      renameSync(this.file, aside);
      this.logger.error(`Queue file ${this.file} is not valid JSON; moved it to ${aside} and started empty`, error);
      return { version: 1, messages: [], deadLetters: [] };
    }
  }
}

function toRecord(queue: QueueName, message: StoredMessage): SQSRecord {
  return {
    messageId: message.messageId,
    // A fresh handle per receive, as SQS gives.
    receiptHandle: `${message.messageId}#${message.receiveCount}#${randomUUID()}`,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: String(message.sentTimestamp),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(message.firstReceiveTimestamp ?? message.receivedAt ?? Date.now()),
    },
    messageAttributes: {},
    md5OfBody: message.md5OfBody,
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:local:000000000000:${queue}`,
    awsRegion: 'local',
  };
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}
