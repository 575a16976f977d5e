import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, type WorkerOptions, workerData } from 'node:worker_threads';
import type { ExtractedDocument } from './extracted-document';
import { asExtractionError, extractDocument, type ExtractionInput } from './extract-document';
import { EXTRACTION_MESSAGES, type ExtractionFailure, ExtractionError } from './extraction-error';

export interface IsolationOptions {
  /** Wall-clock limit for one file, worker start included. Default 120 000 ms. */
  timeoutMs?: number;
  /** V8 old-generation heap limit of the worker. Default 1536 MiB. */
  maxOldGenerationSizeMb?: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_OLD_GENERATION_MB = 1536;
const WORKER_FLAG = 'groundworkExtractionWorker';

type WorkerReply =
  | { ready: true }
  | { ok: true; document: ExtractedDocument }
  | { ok: false; failure: ExtractionFailure; message: string };

/**
 * extractDocument in a worker thread of its own, so that a pathological file (a decompression bomb,
 * a PDF whose content streams never end, a spreadsheet of a million formulas) costs that worker and
 * not the process serving everyone else: its heap is capped by resourceLimits, a heap exhausted is
 * "too large", a file still running at the deadline is "timeout", and the worker is terminated
 * whatever happens. Refusals of the file itself come back as the same ExtractionError as in-process.
 * A worker that dies before it has loaded the extractor rejects with its own error, since that says
 * nothing about the file (the caller should retry); one that dies while reading the file (a parser's
 * asynchronous exception that escaped every catch) has met a file it cannot parse.
 *
 * How the worker gets this code: it re-executes this very module (`import.meta.url`), and the
 * module's last statement, seeing the flag in workerData, runs the extraction.
 *  - In the Lambda bundle (esbuild, one ESM file) `import.meta.url` is the bundle itself
 *    (file:///var/task/index.mjs) and the worker simply starts it: the whole bundle loads, its
 *    module-level code only defines functions and clients, and this module's last statement takes
 *    over. No second entry point or file is needed; the cost is parsing the bundle once more per
 *    file (about a tenth of a second for a few megabytes).
 *  - From source (tsx for npm start and scripts, vitest for tests) `import.meta.url` is this .ts
 *    file, which Node cannot load by itself. Node 20 does not apply a loader given to a worker with
 *    `--import` (tsx's own, inherited through execArgv, included) to the worker's entry module, so
 *    the worker starts from a small JavaScript bootstrap that registers tsx's ESM hooks through its
 *    API and then imports this module.
 */
export async function extractDocumentIsolated(input: ExtractionInput, options: IsolationOptions = {}): Promise<ExtractedDocument> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const worker = startWorker({
    // workerData is a structured clone: the worker gets its own copy of the bytes and the caller keeps theirs.
    workerData: { [WORKER_FLAG]: true, input: { bytes: input.bytes, fileName: input.fileName, mimeType: input.mimeType } },
    resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? DEFAULT_MAX_OLD_GENERATION_MB },
  });

  let timer: NodeJS.Timeout | undefined;
  let reading = false;
  try {
    return await new Promise<ExtractedDocument>((resolve, reject) => {
      timer = setTimeout(() => reject(new ExtractionError('timeout', EXTRACTION_MESSAGES.timeout)), timeoutMs);
      worker.on('message', (reply: WorkerReply) => {
        if ('ready' in reply) reading = true;
        else if (reply.ok) resolve(reply.document);
        else reject(new ExtractionError(reply.failure, reply.message));
      });
      worker.once('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') reject(new ExtractionError('too_large', EXTRACTION_MESSAGES.too_large, { cause: error }));
        else if (reading) reject(new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed, { cause: error }));
        else reject(error);
      });
      worker.once('exit', (code) => reject(new Error(`The extraction worker exited (code ${code}) without an answer`)));
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
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

async function answerAsWorker(input: ExtractionInput): Promise<void> {
  parentPort!.postMessage({ ready: true } satisfies WorkerReply);
  let reply: WorkerReply;
  try {
    reply = { ok: true, document: await extractDocument(input) };
  } catch (error) {
    const refusal = asExtractionError(error);
    reply = { ok: false, failure: refusal.failure, message: refusal.message };
  }
  parentPort!.postMessage(reply);
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[WORKER_FLAG] === true) {
  void answerAsWorker((workerData as { input: ExtractionInput }).input);
}
