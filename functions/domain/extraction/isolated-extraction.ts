import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, parentPort, Worker, type WorkerOptions, workerData } from 'node:worker_threads';
import type { ExtractedDocument } from './extracted-document';
import { asExtractionError, extractDocument, type ExtractionInput } from './extract-document';
import { EXTRACTION_MESSAGES, type ExtractionFailure, ExtractionError } from './extraction-error';

export interface IsolationOptions {
  /**
   * Wall-clock limit for one file, counted from the moment a worker that has started takes it: time
   * spent queued for a worker, or waiting for one to start, is not counted. Default 120 000 ms.
   */
  timeoutMs?: number;
  /** V8 old-generation heap limit of the worker that extracts the file. Default 1536 MiB. */
  maxOldGenerationSizeMb?: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_OLD_GENERATION_MB = 1536;
const WORKER_FLAG = 'groundworkExtractionWorker';

/**
 * Workers alive at once: one per core, at most two. Each may grow to its heap cap (1.5 GB by
 * default) and the indexing Lambda has 3 GB and about two cores, so two is what memory allows
 * there; locally, more than two would take cores from the main thread's own work (API, queue,
 * chunking, embeddings). The cap is on workers, not calls: further extractions queue, first come
 * first served. Workers start on demand, so a process that extracts one file at a time (the Lambda,
 * batch size 1) only ever starts one.
 */
export const EXTRACTION_POOL_SIZE = Math.max(1, Math.min(2, availableParallelism()));
/** A worker is replaced after this many files, whatever its heap says: what parsers cache stays bounded. */
const MAX_EXTRACTIONS_PER_WORKER = 50;
/** ...and sooner when its heap, measured after a file, holds more than this share of its cap. */
const RECYCLE_HEAP_SHARE = 0.5;
/** A worker that has not loaded the extractor by then is stuck; the file it was started for fails (not the file's fault). */
const WORKER_START_TIMEOUT_MS = 60_000;

type WorkerRequest = { id: number; input: ExtractionInput };
type WorkerReply =
  | { ready: true }
  | { id: number; heapUsedBytes: number; ok: true; document: ExtractedDocument }
  | { id: number; heapUsedBytes: number; ok: false; failure: ExtractionFailure; message: string };

interface Job {
  id: number;
  input: ExtractionInput;
  /** The copy that travels to the worker (transferred, not cloned). */
  transfer: ArrayBuffer;
  heapMb: number;
  timeoutMs: number;
  timer?: NodeJS.Timeout;
  resolve(document: ExtractedDocument): void;
  reject(error: unknown): void;
}

interface PoolWorker {
  worker: Worker;
  heapMb: number;
  /** starting: loading the extractor; idle/busy: serving; retiring: terminated or dead, gone at 'exit'. */
  state: 'starting' | 'idle' | 'busy' | 'retiring';
  job?: Job;
  extractions: number;
  startTimer?: NodeJS.Timeout;
}

const workers = new Set<PoolWorker>();
const queue: Job[] = [];
let nextJobId = 1;
const counters = { workersStarted: 0, workersReplaced: 0, extractions: 0 };

/**
 * extractDocument in a worker thread, so that a pathological file (a decompression bomb, a PDF whose
 * content streams never end, a spreadsheet of a million formulas) costs that worker and not the
 * process serving everyone else: its heap is capped by resourceLimits, a heap exhausted is "too
 * large", a file still running at the deadline is "timeout", and either way that worker is
 * terminated and a fresh one takes its place for the files that follow. Refusals of the file itself
 * come back as the same ExtractionError as in-process. A worker that dies before it has loaded the
 * extractor rejects the file it was started for with its own error, since that says nothing about
 * the file (the caller should retry); one that dies while reading a file (a parser's asynchronous
 * exception that escaped every catch) has met a file it cannot parse.
 *
 * The workers are a small pool (EXTRACTION_POOL_SIZE) of long-lived threads, each reading one file
 * at a time, because starting one costs a third to half a second (the extractor's modules loaded
 * again, under tsx compiled again) and most files take less than that. Calls beyond the pool wait in
 * one FIFO queue; the clock of `timeoutMs` starts when a worker takes the file. A worker's heap cap
 * is fixed when it starts, so a call asking for another cap is served by a worker started with that
 * cap (an idle worker of another cap is retired to make room). Bounded memory: a worker is replaced
 * after MAX_EXTRACTIONS_PER_WORKER files, or when its heap after a file exceeds half its cap, and
 * after any timeout, heap exhaustion or crash. Idle workers are unref'd: they never keep the process
 * alive; `shutdownExtractionPool()` ends them (and fails what is queued) for a clean stop. The one
 * thing reuse gives up: an exception a parser leaves behind after answering (a stray timer of an
 * earlier file) would surface during the worker's next file and fail it as malformed; each file
 * still gets a heap of its own cap, since what earlier files left is garbage V8 collects first.
 *
 * The caller keeps its bytes: they are copied once into a buffer of their own, which is transferred
 * (not cloned again) to the worker.
 *
 * How the worker gets this code: it re-executes this very module (`import.meta.url`), and the
 * module's last statement, seeing the flag in workerData, starts answering requests.
 *  - In the Lambda bundle (esbuild, one ESM file) `import.meta.url` is the bundle itself
 *    (file:///var/task/index.mjs) and the worker simply starts it: the whole bundle loads, its
 *    module-level code only defines functions and clients, and this module's last statement takes
 *    over. No second entry point or file is needed; the cost is parsing the bundle once more per
 *    worker (about a tenth of a second for a few megabytes), and the worker outlives the invocation
 *    in a warm container.
 *  - From source (tsx for npm start and scripts, vitest for tests) `import.meta.url` is this .ts
 *    file, which Node cannot load by itself. Node 20 does not apply a loader given to a worker with
 *    `--import` (tsx's own, inherited through execArgv, included) to the worker's entry module, so
 *    the worker starts from a small JavaScript bootstrap that registers tsx's ESM hooks through its
 *    API and then imports this module.
 */
export function extractDocumentIsolated(input: ExtractionInput, options: IsolationOptions = {}): Promise<ExtractedDocument> {
  // One copy, taken now (what the caller does with its bytes afterwards does not matter), into an
  // ArrayBuffer of exactly the file's size that is then moved to the worker rather than serialised.
  const copy = new Uint8Array(input.bytes.byteLength);
  copy.set(input.bytes);
  return new Promise<ExtractedDocument>((resolve, reject) => {
    queue.push({
      id: nextJobId++,
      input: { bytes: copy, fileName: input.fileName, mimeType: input.mimeType },
      transfer: copy.buffer,
      heapMb: options.maxOldGenerationSizeMb ?? DEFAULT_MAX_OLD_GENERATION_MB,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      resolve,
      reject,
    });
    pump();
  });
}

export interface ExtractionPoolStats {
  poolSize: number;
  /** Workers started since the process began (replacements included). */
  workersStarted: number;
  /** Workers ended because of a timeout, heap exhaustion, crash, age or heap growth. */
  workersReplaced: number;
  /** Files answered by a worker (extracted or refused) since the process began. */
  extractions: number;
  live: number;
  starting: number;
  idle: number;
  busy: number;
  queued: number;
}

/** A snapshot of the pool, for tests and diagnostics. */
export function extractionPoolStats(): ExtractionPoolStats {
  const inState = (state: PoolWorker['state']) => [...workers].filter((entry) => entry.state === state).length;
  return {
    poolSize: EXTRACTION_POOL_SIZE,
    ...counters,
    live: workers.size,
    starting: inState('starting'),
    idle: inState('idle'),
    busy: inState('busy'),
    queued: queue.length,
  };
}

/**
 * Terminates every worker and rejects what is queued or in progress (with a plain Error: the files
 * are not at fault). Resolves when the threads are gone. The pool is not closed for good: a later
 * call starts workers again.
 */
export async function shutdownExtractionPool(): Promise<void> {
  const stopped = new Error('The extraction pool was shut down');
  for (const job of queue.splice(0)) job.reject(stopped);
  const exits: Array<Promise<unknown>> = [];
  for (const entry of [...workers]) {
    clearTimeout(entry.startTimer);
    if (entry.job) settle(entry, () => entry.job!.reject(stopped));
    entry.state = 'retiring';
    workers.delete(entry);
    exits.push(entry.worker.terminate().catch(() => undefined));
  }
  await Promise.all(exits);
}

/**
 * Hands queued files to workers, first come first served: each file goes to an idle worker of its
 * heap cap, or waits for one that is starting, or has one started if the pool has room (retiring an
 * idle worker of another cap when that is what stands in the way).
 */
function pump(): void {
  const startingFor = new Map<number, number>();
  for (const entry of workers) if (entry.state === 'starting') startingFor.set(entry.heapMb, (startingFor.get(entry.heapMb) ?? 0) + 1);
  for (let index = 0; index < queue.length; ) {
    const job = queue[index]!;
    const idle = [...workers].find((entry) => entry.state === 'idle' && entry.heapMb === job.heapMb);
    if (idle) {
      queue.splice(index, 1);
      dispatch(idle, job);
      continue;
    }
    index += 1;
    const starting = startingFor.get(job.heapMb) ?? 0;
    if (starting > 0) {
      startingFor.set(job.heapMb, starting - 1);
      continue;
    }
    if (workers.size < EXTRACTION_POOL_SIZE) {
      startPoolWorker(job.heapMb);
      continue;
    }
    const misfit = [...workers].find((entry) => entry.state === 'idle');
    if (misfit) retire(misfit, false);
    // The pool is full: later files wait their turn (one of another cap may still find an idle worker above).
  }
}

function startPoolWorker(heapMb: number): void {
  const worker = startWorker({ workerData: { [WORKER_FLAG]: true }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  const entry: PoolWorker = { worker, heapMb, state: 'starting', extractions: 0 };
  workers.add(entry);
  counters.workersStarted += 1;
  entry.startTimer = setTimeout(() => {
    failStart(entry, new Error(`The extraction worker did not start within ${WORKER_START_TIMEOUT_MS / 1000} s`));
    retire(entry, true);
  }, WORKER_START_TIMEOUT_MS);
  entry.startTimer.unref();

  worker.on('message', (reply: WorkerReply) => {
    if ('ready' in reply) {
      if (entry.state !== 'starting') return;
      clearTimeout(entry.startTimer);
      entry.state = 'idle';
      worker.unref();
      pump();
      return;
    }
    const job = entry.job;
    if (!job || job.id !== reply.id) return;
    counters.extractions += 1;
    entry.extractions += 1;
    settle(entry, () => (reply.ok ? job.resolve(reply.document) : job.reject(new ExtractionError(reply.failure, reply.message))));
    if (entry.extractions >= MAX_EXTRACTIONS_PER_WORKER || reply.heapUsedBytes > RECYCLE_HEAP_SHARE * entry.heapMb * 1024 * 1024) {
      retire(entry, true);
    } else {
      entry.state = 'idle';
      worker.unref();
    }
    pump();
  });
  // Always listened to: a worker's uncaught exception must never become the process's.
  worker.on('error', (error: Error & { code?: string }) => {
    if (entry.state === 'starting') failStart(entry, error);
    const job = entry.job;
    if (job) {
      const refusal =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ExtractionError('too_large', EXTRACTION_MESSAGES.too_large, { cause: error })
          : new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed, { cause: error });
      settle(entry, () => job.reject(refusal));
    }
    retire(entry, true);
  });
  worker.once('exit', (code) => {
    if (entry.state === 'starting') failStart(entry, new Error(`The extraction worker exited (code ${code}) before it started`));
    const job = entry.job;
    if (job) settle(entry, () => job.reject(new Error(`The extraction worker exited (code ${code}) without an answer`)));
    if (entry.state !== 'retiring') counters.workersReplaced += 1;
    entry.state = 'retiring';
    clearTimeout(entry.startTimer);
    workers.delete(entry);
    pump();
  });
}

function dispatch(entry: PoolWorker, job: Job): void {
  entry.state = 'busy';
  entry.job = job;
  // Busy, the worker keeps the process alive until it answers (an idle one does not).
  entry.worker.ref();
  job.timer = setTimeout(() => {
    settle(entry, () => job.reject(new ExtractionError('timeout', EXTRACTION_MESSAGES.timeout)));
    retire(entry, true);
    pump();
  }, job.timeoutMs);
  try {
    entry.worker.postMessage({ id: job.id, input: job.input } satisfies WorkerRequest, [job.transfer]);
  } catch (error) {
    // Nothing reached the worker (the request could not be serialised): it is still fit to serve.
    settle(entry, () => job.reject(error));
    entry.state = 'idle';
    entry.worker.unref();
  }
}

/** Ends the worker's current job (once), whichever of answer, crash, timeout or shutdown comes first. */
function settle(entry: PoolWorker, answer: () => void): void {
  const job = entry.job;
  if (!job) return;
  entry.job = undefined;
  clearTimeout(job.timer);
  answer();
}

/** The queued file a worker was started for (the first of its cap) hears why it could not start. */
function failStart(entry: PoolWorker, error: unknown): void {
  entry.state = 'retiring';
  clearTimeout(entry.startTimer);
  const index = queue.findIndex((job) => job.heapMb === entry.heapMb);
  if (index >= 0) queue.splice(index, 1)[0]!.reject(error);
}

/**
 * Terminates the worker; its 'exit' removes it from the pool and lets the queue move on. `replaced`:
 * it is ended for what happened in it or its age (counted), not to make room for another heap cap.
 */
function retire(entry: PoolWorker, replaced: boolean): void {
  if (entry.state !== 'retiring' && replaced) counters.workersReplaced += 1;
  entry.state = 'retiring';
  // Until it has exited it still holds its memory and its place in the pool, and the process waits for it.
  entry.worker.ref();
  entry.worker.terminate().catch(() => undefined);
}

function startWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(import.meta.url), options);
  // Resolved from here, so that it does not depend on the working directory; the specifier is a
  // variable so that a bundler never tries to include tsx (the bundle never takes this branch).
  const tsxPackage = 'tsx/package.json';
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve(tsxPackage).replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); });`;
  return new Worker(bootstrap, { ...options, eval: true, execArgv: process.execArgv.filter((argument, index, all) => !mentionsTsx(argument) && !mentionsTsx(all[index + 1])) });
}

// tsx's own flags (inherited from a tsx-started process) would register its hooks a second time.
function mentionsTsx(argument: string | undefined): boolean {
  return argument !== undefined && /[\\/]tsx[\\/]|^tsx$/.test(argument);
}

async function answerAsWorker({ id, input }: WorkerRequest): Promise<void> {
  let reply: WorkerReply;
  try {
    reply = { id, heapUsedBytes: 0, ok: true, document: await extractDocument(input) };
  } catch (error) {
    const refusal = asExtractionError(error);
    reply = { id, heapUsedBytes: 0, ok: false, failure: refusal.failure, message: refusal.message };
  }
  reply.heapUsedBytes = getHeapStatistics().used_heap_size;
  parentPort!.postMessage(reply);
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[WORKER_FLAG] === true) {
  parentPort!.on('message', (request: WorkerRequest) => void answerAsWorker(request));
  parentPort!.postMessage({ ready: true } satisfies WorkerReply);
}
