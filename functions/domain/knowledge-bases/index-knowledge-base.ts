import { CHUNK_SIZE_RANGE, OVERLAP_RANGE } from '../../../shared/rules/chunking';
import { logger } from '../../observability/logger';
import { getPorts, type Ports } from '../../contracts/ports/ports';
import type { EmbeddingsPort } from '../../contracts/ports/embeddings';
import type { QueueMessage } from '../../contracts/ports/queue';
import { knowledgeBaseIndexName, searchableText, type IndexRecord } from '../../contracts/ports/vectors';
import { FileRepository } from '../files/file-repository';
import type { FileRecord } from '../files/file-record';
import { readExtraction } from '../ingestion/stored-extraction';
import { nowIso } from '../../contracts/keys/table-keys';
import { kbIndexMessage, type IndexCursor, type KbIndexPayload } from '../../contracts/messages/kb-index-message';
import { fileIndexRecords, webPageIndexRecords } from './index-records';
import { WebSourceRepository } from '../websites/web-source-repository';
import { apiRecordIndexRecords } from '../api-sources/api-record-documents';
import { ApiSourceRepository } from '../api-sources/api-source-repository';
import { ApiSourceReadError, readApiSourceRecords } from '../api-sources/read-api-source';
import { dropIndexVersions } from './index-versions';
import { INDEXING_ERRORS } from './knowledge-base-messages';
import type { KnowledgeBaseRecord } from './knowledge-base-record';
import { KnowledgeBaseRepository } from './knowledge-base-repository';

/** §23.1: a slice stops starting new work after 10 minutes, well inside the 15-minute invocation. */
export const INDEX_SLICE_MS = 10 * 60 * 1000;
/** §23.1: three receives, then the dead letters; the knowledge base counts its own attempts. */
export const MAX_INDEX_ATTEMPTS = 3;
/** Chunks embedded and written together: one embeddings request, one index write. */
export const INDEX_BATCH_SIZE = 32;
/**
 * An API source's calls may run this long past the slice's 10 minutes (retries of slow APIs add
 * up), and are cut there: the worker's 15 minutes are never reached.
 */
export const API_CALL_GRACE_MS = 3 * 60 * 1000;

export interface IndexDependencies {
  ports: () => Ports;
  sliceMs: number;
  now: () => number;
}

const DEFAULTS: IndexDependencies = { ports: getPorts, sliceMs: INDEX_SLICE_MS, now: Date.now };

/** A failure that retrying cannot fix: the knowledge base fails at once, with this message. */
export class IndexingError extends Error {}

type SliceOutcome = { kind: 'more'; cursor: IndexCursor } | { kind: 'done'; documents: number; chunks: number };

const START: IndexCursor = { source: 0, chunk: 0, documents: 0, chunks: 0, slice: 0 };

/**
 * The `kb.index` processor (§23.1). It fills a new index version from the stored extractions of
 * the knowledge base's active files (never parsing a file again), then swaps it in with one
 * conditional write and drops the version before; chat reads the previous version until then.
 *
 * - Slices: after `sliceMs` it hands on to a new message with a cursor (source, chunk, counts).
 *   `index_slice` on the item makes each hand-on happen once and a late duplicate do nothing.
 * - Superseded or deleted: a slice of a deployment that is no longer the item's drops its own
 *   version and stops; so does the swap, which is conditional on the deployment.
 * - Failures: an IndexingError fails the knowledge base at once; anything else is retried by the
 *   queue, and the third failed attempt of a slice sets `failed` before the message is dead-lettered.
 */
export async function indexKnowledgeBase(message: QueueMessage, dependencies: IndexDependencies = DEFAULTS): Promise<void> {
  const ports = dependencies.ports();
  const payload = message.payload as unknown as KbIndexPayload;
  const organizationId = message.organizationId;
  const context = { knowledgeBaseId: payload.knowledgeBaseId, deploymentId: payload.deploymentId, slice: payload.cursor?.slice ?? 0 };
  const repository = new KnowledgeBaseRepository(ports.database);

  const record = await repository.get(organizationId, payload.knowledgeBaseId);
  if (!record || record.deployment_id !== payload.deploymentId) {
    if (record?.active_index_version !== payload.indexVersion) await dropIndexVersions(ports.vectors, payload.knowledgeBaseId, [payload.indexVersion]);
    logger.info('Indexing skipped: the knowledge base is gone or has a newer deployment', context);
    return;
  }
  if (record.status !== 'processing' || (record.index_slice ?? 0) !== context.slice) {
    logger.info('Indexing skipped: this slice already ran', { ...context, status: record.status });
    return;
  }

  try {
    const outcome = await runSlice(ports, dependencies, organizationId, payload);
    if (outcome.kind === 'more') await handOn(ports, message, payload, outcome.cursor);
    else await swapIn(ports, record, payload, outcome);
  } catch (error) {
    if (error instanceof IndexingError) return fail(ports, record, payload, error.message);
    const failures = (record.index_failures ?? 0) + 1;
    logger.warn('Indexing attempt failed', { ...context, attempt: failures, error: (error as Error).message });
    if (failures >= MAX_INDEX_ATTEMPTS) await fail(ports, record, payload, INDEXING_ERRORS.failed);
    else await repository.updateForDeployment(organizationId, record.id, payload.deploymentId, { index_failures: failures });
    throw error;
  }
}

async function runSlice(ports: Ports, dependencies: IndexDependencies, organizationId: string, payload: KbIndexPayload): Promise<SliceOutcome> {
  const deadline = dependencies.now() + dependencies.sliceMs;
  const cursor = payload.cursor ?? START;
  const target = knowledgeBaseIndexName(payload.knowledgeBaseId, payload.indexVersion);

  const embedder: EmbeddingsPort | undefined = ports.embeddings.adapter !== 'none' ? ports.embeddings : undefined;
  if (!embedder && !ports.vectors.supportsFullText) throw new IndexingError(INDEXING_ERRORS.noEmbeddings);
  // The first slice starts from an empty version, also when it runs again after a failure.
  if (!payload.cursor) await ports.vectors.dropIndex(target);
  let ensured = false;
  const ensure = async (dimensions: number | null) => {
    if (!ensured) await ports.vectors.ensureIndex(target, dimensions);
    ensured = true;
  };
  if (!embedder) await ensure(null);
  else if (embedder.dimensions !== null) await ensure(embedder.dimensions);

  const files = payload.sourceType === 'files' ? new Map((await new FileRepository(ports.database).getMany(organizationId, payload.dataSourceIds)).map((file) => [file.id, file])) : new Map<string, FileRecord>();
  const recordsOfSource = (sourceId: string) =>
    payload.sourceType === 'websites'
      ? webSourceIndexRecords(ports, organizationId, sourceId, options)
      : payload.sourceType === 'apis'
        ? apiSourceIndexRecords(ports, organizationId, sourceId, options, Date.now() + (deadline - dependencies.now()) + API_CALL_GRACE_MS)
        : recordsOf(ports, files.get(sourceId), options);
  const options = { chunkSize: payload.chunkSize ?? CHUNK_SIZE_RANGE.default, overlap: payload.overlap ?? OVERLAP_RANGE.default };
  let { documents, chunks } = cursor;
  let progressed = false;

  for (let source = cursor.source; source < payload.dataSourceIds.length; source++) {
    const { records, documents: sourceDocuments } = await recordsOfSource(payload.dataSourceIds[source] as string);
    for (let from = source === cursor.source ? cursor.chunk : 0; from < records.length; from += INDEX_BATCH_SIZE) {
      // At least one batch per slice, so even a zero budget moves forward.
      if (progressed && dependencies.now() >= deadline) return { kind: 'more', cursor: { source, chunk: from, documents, chunks, slice: cursor.slice + 1 } };
      let batch = records.slice(from, from + INDEX_BATCH_SIZE);
      if (embedder) {
        const vectors = await embedder.embed(batch.map(searchableText), 'document');
        await ensure(vectors[0]?.length ?? null);
        batch = batch.map((record, position) => ({ ...record, vector: vectors[position] }));
      }
      await ports.vectors.upsert(target, batch);
      chunks += batch.length;
      progressed = true;
    }
    // Counted when the source is done, so a source cut between slices counts once, in the slice that ends it.
    documents += sourceDocuments;
  }
  if (chunks === 0) throw new IndexingError(INDEXING_ERRORS.nothingIndexed);
  return { kind: 'done', documents, chunks };
}

/**
 * The chunks of one referenced file, or none: a file deleted since (an orphaned id), no longer
 * active (a new version being ingested) or without its stored extraction is left out.
 */
async function recordsOf(ports: Ports, file: FileRecord | undefined, options: { chunkSize: number; overlap: number }): Promise<SourceRecords> {
  if (!file || file.status !== 'active' || !file.metadata.extraction_key) return NO_RECORDS;
  const extraction = await readExtraction(ports.objects, file.metadata.extraction_key);
  if (!extraction) {
    logger.warn('Indexing left out a file whose extraction is missing', { dataSourceId: file.id, key: file.metadata.extraction_key });
    return NO_RECORDS;
  }
  const records = fileIndexRecords(file, extraction, options);
  return { records, documents: records.length > 0 ? 1 : 0 };
}

/**
 * The chunks of every page a web source keeps, in URL order (a slice's cursor counts chunks into
 * it); a deleted source (an orphaned id) has none. Each page is a document of its own.
 */
async function webSourceIndexRecords(ports: Ports, organizationId: string, sourceId: string, options: { chunkSize: number; overlap: number }): Promise<SourceRecords> {
  const pages = (await new WebSourceRepository(ports.database).pages(organizationId, sourceId)).sort((a, b) => a.url.localeCompare(b.url));
  const records: IndexRecord[] = [];
  let documents = 0;
  for (const page of pages) {
    const extraction = await readExtraction(ports.objects, page.extraction_key);
    if (!extraction) continue;
    const pageRecords = webPageIndexRecords(sourceId, page, extraction, options);
    records.push(...pageRecords);
    if (pageRecords.length > 0) documents += 1;
  }
  return { records, documents };
}

/**
 * The chunks of every mapped record an API source answers now (§14 "Indexing"): the API is called
 * at each deployment, so a re-deployment or a re-index refreshes them. Each record is a document
 * of its own. A source that cannot be read (after its retries) fails the deployment with the
 * reason; the previous index version stays in use. A slice that continues inside a source calls
 * it again. A deleted source (an orphaned id) has no records.
 */
async function apiSourceIndexRecords(ports: Ports, organizationId: string, sourceId: string, options: { chunkSize: number; overlap: number }, until: number): Promise<SourceRecords> {
  const source = await new ApiSourceRepository(ports.database).get(organizationId, sourceId);
  if (!source) return NO_RECORDS;
  let rows;
  try {
    rows = await readApiSourceRecords(ports, source, { until });
  } catch (error) {
    if (error instanceof ApiSourceReadError) throw new IndexingError(error.message);
    throw error;
  }
  const records: IndexRecord[] = [];
  let documents = 0;
  rows.forEach((row, index) => {
    const rowRecords = apiRecordIndexRecords(source, row, index, options);
    records.push(...rowRecords);
    if (rowRecords.length > 0) documents += 1;
  });
  return { records, documents };
}

interface SourceRecords {
  records: IndexRecord[];
  documents: number;
}
const NO_RECORDS: SourceRecords = { records: [], documents: 0 };

async function handOn(ports: Ports, message: QueueMessage, payload: KbIndexPayload, cursor: IndexCursor): Promise<void> {
  const repository = new KnowledgeBaseRepository(ports.database);
  const moveSlice = (from: number, to: number, failures: Record<string, number>) =>
    repository.updateForDeployment(message.organizationId, payload.knowledgeBaseId, payload.deploymentId, { index_slice: to, ...failures }, {
      expression: '#slice = :slice',
      names: { '#slice': 'index_slice' },
      values: { ':slice': from },
    });
  if (!(await moveSlice(cursor.slice - 1, cursor.slice, { index_failures: 0 }))) return;
  try {
    await ports.queue.send('indexing', kbIndexMessage(message.organizationId, message.requestedBy, { ...payload, cursor }));
  } catch (error) {
    // Back to this slice, so the queue's retry of this message is not taken for a late duplicate.
    await moveSlice(cursor.slice, cursor.slice - 1, {});
    throw error;
  }
  logger.info('Indexing continues in another slice', { knowledgeBaseId: payload.knowledgeBaseId, deploymentId: payload.deploymentId, slice: cursor.slice });
}

/** The swap: one conditional write, then the version chat read until now is dropped. */
async function swapIn(ports: Ports, record: KnowledgeBaseRecord, payload: KbIndexPayload, outcome: { documents: number; chunks: number }): Promise<void> {
  // The first questions after the swap are answered from a complete full-text index.
  await ports.vectors.refresh(knowledgeBaseIndexName(record.id, payload.indexVersion));
  const now = nowIso();
  const swapped = await new KnowledgeBaseRepository(ports.database).updateForDeployment(
    record.organization_id,
    record.id,
    payload.deploymentId,
    {
      status: 'ready',
      error: null,
      active_index_version: payload.indexVersion,
      document_count: outcome.documents,
      chunk_count: outcome.chunks,
      last_indexed_at: now,
      updated_at: now,
      index_failures: 0,
    },
    { expression: '#status = :processing AND #slice = :slice', names: { '#status': 'status', '#slice': 'index_slice' }, values: { ':processing': 'processing', ':slice': payload.cursor?.slice ?? 0 } },
  );
  if (!swapped) {
    await dropIndexVersions(ports.vectors, record.id, [payload.indexVersion]);
    logger.info('Indexing finished for a deployment that is no longer current; its version was dropped', { knowledgeBaseId: record.id, deploymentId: payload.deploymentId });
    return;
  }
  if (record.active_index_version !== undefined && record.active_index_version !== payload.indexVersion) {
    await dropIndexVersions(ports.vectors, record.id, [record.active_index_version]);
  }
  logger.info('Knowledge base indexed', { knowledgeBaseId: record.id, indexVersion: payload.indexVersion, ...outcome });
}

/**
 * §23.1 for a `kb.index` message that reached the dead letters: its processor never got to run its
 * own last-attempt rule (the process died mid-slice three times), so the deployment is still
 * `processing`. It becomes failed, unless a newer deployment has taken over since.
 */
export async function failDeadLetteredIndex(ports: Ports, message: QueueMessage): Promise<void> {
  const payload = message.payload as unknown as KbIndexPayload;
  const record = await new KnowledgeBaseRepository(ports.database).get(message.organizationId, payload.knowledgeBaseId);
  if (!record || record.deployment_id !== payload.deploymentId || record.status !== 'processing') return;
  await fail(ports, record, payload, INDEXING_ERRORS.failed);
}

/** `failed` with the reason people are shown; the partial version goes, the active one stays. */
async function fail(ports: Ports, record: KnowledgeBaseRecord, payload: KbIndexPayload, error: string): Promise<void> {
  await new KnowledgeBaseRepository(ports.database).updateForDeployment(
    record.organization_id,
    record.id,
    payload.deploymentId,
    { status: 'failed', error, updated_at: nowIso() },
    { expression: '#status = :processing', names: { '#status': 'status' }, values: { ':processing': 'processing' } },
  );
  if (record.active_index_version !== payload.indexVersion) await dropIndexVersions(ports.vectors, record.id, [payload.indexVersion]);
  logger.warn('Knowledge base indexing failed', { knowledgeBaseId: record.id, deploymentId: payload.deploymentId, error });
}
