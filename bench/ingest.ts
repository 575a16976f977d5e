/**
 * Ingest benchmark: every document of ../shared/fixtures/documents through the public API exactly
 * as the browser uploads it (upload-url, PUT to the presigned URL with the signed Content-Type,
 * upload-complete), a few at a time, on a fresh embedded platform; then waits until no item is
 * pending and writes bench/results/ingest.json. See bench/README.md.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inBatches } from './in-batches';
import type { Json } from '../test/support/json';


const HERE = dirname(fileURLToPath(import.meta.url));
const FIXTURES = resolve(HERE, '../../shared/fixtures/documents');
const RESULTS = join(HERE, 'results', 'ingest.json');
const UPLOAD_CONCURRENCY = 4;
const SETTLE_TIMEOUT_MS = 300_000;
const TARGET_SECONDS = 60;

/** What a browser puts in `file.type` for these extensions; anything else arrives as "". */
const BROWSER_TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.html': 'text/html',
  '.eml': 'message/rfc822',
};


interface Document {
  path: string;
  relativePath: string;
  folder: string;
  size: number;
  type: string;
}

interface Outcome {
  document: Document;
  id?: string;
  refused?: { status: number; message: string };
  failedUpload?: string;
}

function documentsUnder(root: string): Document[] {
  const found: Document[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !(directory === root && entry.name === 'README.md')) {
        const relativePath = relative(root, path);
        found.push({ path, relativePath, folder: dirname(relativePath), size: statSync(path).size, type: extname(entry.name).toLowerCase() || '(none)' });
      }
    }
  };
  walk(root);
  return found;
}

async function main(): Promise<void> {
  if (!existsSync(FIXTURES)) {
    console.log(`bench:ingest: ${FIXTURES} is not there (the shared fixtures are not checked out next to this project); nothing to measure.`);
    return;
  }
  // Before the platform's modules load: their logger reads the level once.
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const { startLocalPlatform } = await import('../local/platform/local-platform');

  const documents = documentsUnder(FIXTURES);
  const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-bench-ingest-'));
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const platform = await startLocalPlatform({ port: 0, dataDir, schedules: false, frontendDir: join(dataDir, 'no-frontend') });

  try {
    const api = async (method: string, path: string, token: string | undefined, body?: unknown): Promise<{ status: number; body: Json }> => {
      const response = await fetch(`${platform.url}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
    };
    const login = await api('POST', '/api/auth/login', undefined, platform.credentials.ADMIN);
    if (login.status !== 200) throw new Error(`Demo admin could not sign in: ${JSON.stringify(login.body)}`);
    const token = login.body.token as string;

    // The fixture tree becomes the folder tree, as someone would organise it.
    const folderIds = new Map<string, string | null>([['.', null]]);
    for (const folder of [...new Set(documents.map((document) => document.folder))].sort()) {
      let parent: string | null = null;
      let path = '.';
      for (const part of folder === '.' ? [] : folder.split('/')) {
        path = path === '.' ? part : `${path}/${part}`;
        if (!folderIds.has(path)) {
          const created = await api('POST', '/api/folders', token, { name: part, parent_id: parent });
          if (created.status !== 201) throw new Error(`Folder ${path}: ${JSON.stringify(created.body)}`);
          folderIds.set(path, created.body.id as string);
        }
        parent = folderIds.get(path) ?? null;
      }
    }

    const startedAt = Date.now();
    const outcomes = await inBatches(documents, UPLOAD_CONCURRENCY, async (document): Promise<Outcome> => {
      const name = basename(document.path);
      const mimeType = BROWSER_TYPES[document.type] ?? '';
      const ticket = await api('POST', '/api/data-sources/upload-url', token, { filename: name, folderId: folderIds.get(document.folder), size: document.size, mimeType });
      if (ticket.status !== 201) return { document, refused: { status: ticket.status, message: String(ticket.body.message) } };
      const put = await fetch(ticket.body.uploadUrl as string, { method: 'PUT', headers: ticket.body.headers as Record<string, string>, body: readFileSync(document.path) });
      if (put.status !== 200) return { document, id: ticket.body.dataSourceId, failedUpload: `PUT ${put.status}` };
      const complete = await api('POST', '/api/data-sources/upload-complete', token, {
        dataSourceId: ticket.body.dataSourceId,
        objectName: ticket.body.objectName,
        size: document.size,
        mimeType: ticket.body.headers['Content-Type'],
      });
      if (complete.status !== 200) return { document, id: ticket.body.dataSourceId, failedUpload: `upload-complete ${complete.status}: ${complete.body.message}` };
      return { document, id: ticket.body.dataSourceId as string };
    });
    const uploadedAt = Date.now();

    const ids = new Set(outcomes.flatMap((outcome) => (outcome.id && !outcome.failedUpload ? [outcome.id] : [])));
    let items: Json[] = [];
    let settledAt: number | undefined;
    while (Date.now() - startedAt < SETTLE_TIMEOUT_MS) {
      const listed = await api('GET', '/api/data-sources?source=file_upload&recursive=true&all=true', token);
      items = (listed.body.dataSources as Json[]).filter((item) => ids.has(item.id));
      if (items.length === ids.size && items.every((item) => item.status !== 'pending')) {
        settledAt = Date.now();
        break;
      }
      await new Promise((done) => setTimeout(done, 200));
    }
    const endedAt = settledAt ?? Date.now();
    const byId = new Map(items.map((item) => [item.id as string, item]));

    const perType: Record<string, { documents: number; bytes: number; active: number; failed: number; pending: number; refusedAtUpload: number; failures: Record<string, string[]> }> = {};
    for (const outcome of outcomes) {
      const row = (perType[outcome.document.type] ??= { documents: 0, bytes: 0, active: 0, failed: 0, pending: 0, refusedAtUpload: 0, failures: {} });
      row.documents += 1;
      row.bytes += outcome.document.size;
      if (outcome.refused) {
        row.refusedAtUpload += 1;
        (row.failures[`refused ${outcome.refused.status}: ${outcome.refused.message}`] ??= []).push(outcome.document.relativePath);
        continue;
      }
      if (outcome.failedUpload) {
        row.failed += 1;
        (row.failures[outcome.failedUpload] ??= []).push(outcome.document.relativePath);
        continue;
      }
      const item = byId.get(outcome.id as string);
      const status = (item?.status as string | undefined) ?? 'pending';
      if (status === 'active') row.active += 1;
      else if (status === 'failed') {
        row.failed += 1;
        (row.failures[String(item?.metadata?.error)] ??= []).push(outcome.document.relativePath);
      } else row.pending += 1;
    }

    const accepted = outcomes.filter((outcome) => !outcome.refused);
    const acceptedBytes = accepted.reduce((sum, outcome) => sum + outcome.document.size, 0);
    const seconds = (endedAt - startedAt) / 1000;
    const pendingLeft = Object.values(perType).reduce((sum, row) => sum + row.pending, 0);
    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: availableParallelism(), node: process.version },
      fixtures: relative(resolve(HERE, '..'), FIXTURES),
      uploadConcurrency: UPLOAD_CONCURRENCY,
      documents: documents.length,
      bytes: documents.reduce((sum, document) => sum + document.size, 0),
      accepted: accepted.length,
      refusedAtUpload: outcomes.length - accepted.length,
      active: Object.values(perType).reduce((sum, row) => sum + row.active, 0),
      failed: Object.values(perType).reduce((sum, row) => sum + row.failed, 0),
      pendingLeft,
      allSettled: settledAt !== undefined,
      uploadsSeconds: (uploadedAt - startedAt) / 1000,
      secondsUntilNoPending: settledAt === undefined ? null : seconds,
      targetSeconds: TARGET_SECONDS,
      documentsPerSecond: Number((accepted.length / seconds).toFixed(2)),
      megabytesPerSecond: Number((acceptedBytes / 1024 / 1024 / seconds).toFixed(2)),
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      rssCovers: 'this process: API handlers, the queue and the ingest workers with their extraction worker threads; not DynamoDB Local (a Java process)',
      perType,
    };
    mkdirSync(dirname(RESULTS), { recursive: true });
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);

    console.log(`Uploaded ${accepted.length} of ${documents.length} documents (${results.refusedAtUpload} refused at upload-url) in ${results.uploadsSeconds.toFixed(1)} s.`);
    console.log(
      settledAt === undefined
        ? `NOT SETTLED: ${pendingLeft} item(s) still pending after ${SETTLE_TIMEOUT_MS / 1000} s.`
        : `Every item left pending after ${seconds.toFixed(1)} s (target ${TARGET_SECONDS} s): ${results.active} active, ${results.failed} failed.`,
    );
    console.log(`${results.documentsPerSecond} documents/s, ${results.megabytesPerSecond} MB/s, peak RSS ${results.peakRssMb} MB.`);
    for (const [type, row] of Object.entries(perType).sort()) {
      console.log(`  ${type.padEnd(6)} ${String(row.documents).padStart(3)} docs: ${row.active} active, ${row.failed} failed, ${row.refusedAtUpload} refused${row.pending ? `, ${row.pending} PENDING` : ''}`);
    }
    console.log(`Written to ${relative(process.cwd(), RESULTS)}.`);
    if (pendingLeft > 0) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
