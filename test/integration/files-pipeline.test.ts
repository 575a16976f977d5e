import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStorageCounters } from '../../functions/domain/cloud-resources/storage-counters';
import { chunkDocument } from '../../functions/domain/chunking/chunk-document';
import { EXTRACTION_FORMAT_VERSION } from '../../functions/domain/extraction/extracted-document';
import type { FileRecord } from '../../functions/domain/files/file-record';
import { FileRepository } from '../../functions/domain/files/file-repository';
import { normalizeEtag } from '../../functions/contracts/keys/object-keys';
import { failDeadLetteredIndexing } from '../../functions/domain/ingestion/dead-letters';
import { fileIngestMessage, sourcePurgeMessage } from '../../functions/contracts/messages/ingest-and-purge-messages';
import { ingestFile } from '../../functions/domain/ingestion/ingest-file';
import { kbIndexMessage, type KbIndexPayload } from '../../functions/contracts/messages/kb-index-message';
import { KnowledgeBaseRepository } from '../../functions/domain/knowledge-bases/knowledge-base-repository';
import { readExtraction, type StoredExtraction } from '../../functions/domain/ingestion/stored-extraction';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { getPorts } from '../../functions/contracts/ports/ports';
import { knowledgeBaseIndexName } from '../../functions/contracts/ports/vectors';
import { PROCESSORS } from '../../functions/workers/indexing/processors';
import { notificationBody } from '../../local/objects/object-store';
import { createLanceDbIndex } from '../../local/vectors/lancedb-index';
import { subscribe } from '../support/knowledge-flows';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import type { Json } from '../support/json';

/**
 * The file pipeline end to end on the embedded platform: the browser's three upload steps, the S3
 * notification and upload-complete both asking for the same ingest, the extraction stored once,
 * redelivery after a worker dies mid-ingest, the final failure, and the stored text feeding a
 * knowledge-base index.
 */

type Body = Json;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let dataDir: string;
let token: string;
let demo: OrganizationRecord;

const TEXT = [
  'Field notes from the northern station.',
  'The aurora over Tromso danced in green ribbons for most of the night, and the instruments logged a strong geomagnetic storm.',
  'Supplies arrive by boat every second Tuesday; the harbour freezes in February.',
].join('\n\n');

function call(method: string, path: string, body?: unknown): Promise<JsonAnswer<Body>> {
  return callApi<Body>(platform.url, method, path, { token, body });
}

async function browserUpload(filename: string, content: string): Promise<{ id: string; ticket: Body; complete: JsonAnswer<Body> }> {
  const ticket = await call('POST', '/api/data-sources/upload-url', { filename, size: Buffer.byteLength(content) });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  const put = await fetch(ticket.body.uploadUrl, { method: 'PUT', headers: ticket.body.headers, body: content });
  expect(put.status).toBe(200);
  const completion = { dataSourceId: ticket.body.dataSourceId, objectName: ticket.body.objectName, size: Buffer.byteLength(content), mimeType: ticket.body.headers['Content-Type'] };
  const complete = await call('POST', '/api/data-sources/upload-complete', completion);
  return { id: ticket.body.dataSourceId, ticket: ticket.body, complete };
}

async function status(id: string): Promise<string> {
  return (await call('GET', `/api/data-sources/${id}`)).body.status;
}

async function rawItem(id: string): Promise<FileRecord> {
  return (await new FileRepository(platform.ports.database).get(demo.id, id)) as FileRecord;
}

async function extractionKeys(id: string): Promise<string[]> {
  const listed = await platform.ports.objects.client.send(new ListObjectsV2Command({ Bucket: platform.ports.objects.bucket, Prefix: `org/${demo.id}/extracted/${id}/` }));
  return (listed.Contents ?? []).map((object) => object.Key as string);
}

async function objectEtag(key: string): Promise<string> {
  const head = await platform.ports.objects.client.send(new HeadObjectCommand({ Bucket: platform.ports.objects.bucket, Key: key }));
  return normalizeEtag(head.ETag ?? '');
}

beforeAll(async () => {
  platform = await startTestPlatform({ trustProxy: true });
  dataDir = platform.dataDir;
  const login = await callApi<Body>(platform.url, 'POST', '/api/auth/login', { body: platform.credentials.ADMIN });
  token = login.body.token;
  demo = (await new OrganizationRepository(platform.ports.database).findByDomain('demo.example.com')) as OrganizationRecord;
});

afterAll(async () => {
  await platform?.stop();
  if (dataDir) removeDataDir(dataDir);
});

describe('file pipeline', () => {
  let uploaded: { id: string; ticket: Body };
  let extraction: StoredExtraction;

  it('uploads as the browser does, becomes active, and stores the extraction once as JSON', async () => {
    const result = await browserUpload('field-notes.txt', TEXT);
    expect(result.complete.status).toBe(200);
    expect(result.complete.body.status).toBe('pending');
    uploaded = result;
    await expect.poll(() => status(result.id), { timeout: 30_000, interval: 100 }).toBe('active');

    const etag = await objectEtag(result.ticket.objectName);
    const key = `org/${demo.id}/extracted/${result.id}/${etag}.json`;
    expect(await extractionKeys(result.id)).toEqual([key]);
    extraction = (await readExtraction(platform.ports.objects, key)) as StoredExtraction;
    expect(extraction).toMatchObject({ formatVersion: EXTRACTION_FORMAT_VERSION, dataSourceId: result.id, etag, kind: 'txt' });
    expect(extraction.text).toContain('The aurora over Tromso danced in green ribbons');
    expect(extraction.sections.length).toBeGreaterThan(0);
    expect(extraction.metadata.characters).toBeGreaterThan(100);
    const item = await rawItem(result.id);
    expect(item.metadata).toMatchObject({ ingested_etag: etag, extraction_key: key, ingest_attempts: 1 });
    expect(item.metadata.ingest_claim).toBeUndefined();
  });

  it('does nothing more for a duplicate S3 notification and a repeated upload-complete', async () => {
    const before = { item: await rawItem(uploaded.id), counters: await readStorageCounters(platform.ports.database, demo.id), listed: (await call('GET', '/api/data-sources?all=true')).body.total };
    const etag = await objectEtag(uploaded.ticket.objectName);
    const event = notificationBody(
      { Records: [{ eventName: 'ObjectCreated:Put', s3: { bucket: { name: platform.ports.objects.bucket }, object: { key: uploaded.ticket.objectName, size: Buffer.byteLength(TEXT), eTag: etag } } }] },
      'local',
    ) as string;
    await platform.queue.sendRaw('indexing', event);
    await platform.queue.sendRaw('indexing', event);
    const completion = { dataSourceId: uploaded.id, objectName: uploaded.ticket.objectName, size: Buffer.byteLength(TEXT), mimeType: 'text/plain' };
    const repeats = await Promise.all([call('POST', '/api/data-sources/upload-complete', completion), call('POST', '/api/data-sources/upload-complete', completion)]);
    for (const repeat of repeats) expect(repeat.body).toMatchObject({ id: uploaded.id, status: 'active' });
    await platform.queue.drain('indexing', 20_000);

    const after = await rawItem(uploaded.id);
    expect(after.version).toBe(before.item.version);
    expect(after.updated_at).toBe(before.item.updated_at);
    expect(await extractionKeys(uploaded.id)).toHaveLength(1);
    expect(await readStorageCounters(platform.ports.database, demo.id)).toEqual(before.counters);
    expect((await call('GET', '/api/data-sources?all=true')).body.total).toBe(before.listed);
    expect(platform.queue.deadLetters('indexing')).toEqual([]);
  });

  it('makes the stored extraction searchable through the vector index port', async () => {
    const index = createLanceDbIndex({ dataDir: mkdtempSync(join(tmpdir(), 'groundwork-files-lance-')) });
    try {
      const name = 'kb-files-pipeline-v1';
      await index.ensureIndex(name, null);
      const chunks = chunkDocument(extraction, { chunkSize: 200, overlap: 20 });
      expect(chunks.length).toBeGreaterThan(1);
      await index.upsert(name, [
        ...chunks.map((chunk) => ({ id: `${uploaded.id}#${chunk.index}`, sourceId: uploaded.id, sourceType: 'file' as const, text: chunk.text, metadata: { name: 'field-notes.txt', chunkIndex: chunk.index } })),
        { id: 'other#0', sourceId: 'fil_other', sourceType: 'file' as const, text: 'Quarterly revenue grew in the southern region.', metadata: { name: 'other.txt', chunkIndex: 0 } },
      ]);
      const hits = await index.query(name, { text: 'green aurora ribbons', topK: 3 });
      expect(hits[0]).toMatchObject({ sourceId: uploaded.id, metadata: { name: 'field-notes.txt' } });
      expect(hits[0]!.text).toContain('aurora');
    } finally {
      await index.close();
    }
  });

  it('ends active after the worker dies mid-ingest and the message is redelivered', async () => {
    const original = PROCESSORS['file.ingest'];
    let started!: () => void;
    const hanging = new Promise<void>((resolve) => (started = resolve));
    let kill!: (error: Error) => void;
    // The first delivery takes the claim and then never finishes, as a worker that was killed.
    PROCESSORS['file.ingest'] = (message) =>
      ingestFile(message, {
        ports: getPorts,
        extract: () => {
          started();
          return new Promise((_, reject) => (kill = reject));
        },
      });
    let id: string;
    try {
      const result = await browserUpload('crash-test.txt', TEXT.replace('Field notes', 'Crash notes'));
      expect(result.complete.status).toBe(200);
      id = result.id;
      await hanging;
      expect((await rawItem(id)).metadata.ingest_claim).toMatchObject({ attempts: 1 });
      expect(await status(id)).toBe('pending');
      const port = Number(new URL(platform.url).port);
      await platform.stop();
      kill(new Error('worker killed'));
      PROCESSORS['file.ingest'] = original;
      platform = await startTestPlatform({ dataDir, port, trustProxy: true });
    } finally {
      PROCESSORS['file.ingest'] = original;
    }
    await expect.poll(() => status(id), { timeout: 30_000, interval: 100 }).toBe('active');
    const item = await rawItem(id);
    expect(item.metadata.ingest_attempts).toBe(2);
    expect(await extractionKeys(id)).toHaveLength(1);
  });

  it('never leaves an item pending: the last failed attempt marks it failed', async () => {
    const original = PROCESSORS['file.ingest'];
    PROCESSORS['file.ingest'] = (message) => ingestFile(message, { ports: getPorts, extract: async () => Promise.reject(new Error('parser process crashed')) });
    try {
      const result = await browserUpload('always-crashes.txt', 'Some text that the broken parser never reads.');
      await expect.poll(() => status(result.id), { timeout: 30_000, interval: 100 }).toBe('failed');
      const item = (await call('GET', `/api/data-sources/${result.id}`)).body;
      expect(item.metadata.error).toBe('File could not be processed');
      expect((await rawItem(result.id)).metadata.ingest_attempts).toBe(3);
      await platform.queue.drain('indexing', 20_000);
      expect(platform.queue.deadLetters('indexing').some((letter) => letter.body.includes(result.id))).toBe(true);
      expect(await extractionKeys(result.id)).toEqual([]);
    } finally {
      PROCESSORS['file.ingest'] = original;
    }
  });

  it('fails a still-pending item whose ingest message reached the dead letters (the onDeadLetter hook)', async () => {
    const ticket = (await call('POST', '/api/data-sources/upload-url', { filename: 'lost.txt', size: 4 })).body;
    const letter = fileIngestMessage(demo.id, 'system', { dataSourceId: ticket.dataSourceId, objectName: ticket.objectName, trigger: 'upload-complete' });
    await failDeadLetteredIndexing(platform.ports, JSON.stringify(letter));
    expect((await call('GET', `/api/data-sources/${ticket.dataSourceId}`)).body).toMatchObject({ status: 'failed', metadata: { error: 'File could not be processed' } });
    // An item that already settled is left as it is.
    await failDeadLetteredIndexing(platform.ports, JSON.stringify({ ...letter, payload: { ...letter.payload, dataSourceId: uploaded.id } }));
    expect(await status(uploaded.id)).toBe('active');
  });

  it('takes a deleted file out of every knowledge-base index it was in, keeping its id there', async () => {
    const file = await browserUpload('indexed-notes.txt', 'The lighthouse keeper logged every passing trawler in a leather notebook.');
    await expect.poll(() => status(file.id), { timeout: 30_000, interval: 100 }).toBe('active');
    const created = await call('POST', '/api/knowledge-bases', { name: 'Pipeline KB', source_type: 'files', data_source_ids: [file.id], embedding_model: 'text-embedding-ada-002', chunk_size: 500, overlap: 50 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const knowledgeBaseId = created.body.id as string;
    expect((await call('POST', `/api/knowledge-bases/${knowledgeBaseId}/deploy`)).status).toBe(202);
    await expect.poll(async () => (await call('GET', `/api/knowledge-bases/${knowledgeBaseId}`)).body.status, { timeout: 30_000, interval: 200 }).toBe('ready');
    const details = (await call('GET', `/api/data-sources/${file.id}`)).body;
    expect(details.knowledge_bases).toEqual([{ id: knowledgeBaseId, name: 'Pipeline KB' }]);
    expect(details.shared_with_groups.map((group: Body) => group.name)).toContain('Administrators');

    const record = await new KnowledgeBaseRepository(platform.ports.database).get(demo.id, knowledgeBaseId);
    const indexName = knowledgeBaseIndexName(knowledgeBaseId, record?.active_index_version as number);
    const hitsOf = async () => (await platform.ports.vectors.query(indexName, { text: 'lighthouse keeper trawler', topK: 5 })).filter((hit) => hit.sourceId === file.id);
    expect((await hitsOf()).length).toBeGreaterThan(0);

    expect((await call('DELETE', `/api/data-sources/${file.id}`)).status).toBe(204);
    await platform.queue.drain('indexing', 20_000);
    expect(await hitsOf()).toEqual([]);
    expect((await call('GET', `/api/knowledge-bases/${knowledgeBaseId}`)).body.data_source_ids).toEqual([file.id]);
  });

  it('fails a deployment whose kb.index message reached the dead letters, unless a newer one took over', async () => {
    await subscribe(platform, demo.id, 'starter'); // room for a second knowledge base
    const file = await browserUpload('stuck-notes.txt', 'The night ferry waits for the last tram before it leaves the harbour.');
    await expect.poll(() => status(file.id), { timeout: 30_000, interval: 100 }).toBe('active');
    const created = await call('POST', '/api/knowledge-bases', { name: 'Stuck KB', source_type: 'files', data_source_ids: [file.id], embedding_model: 'text-embedding-ada-002' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const knowledgeBaseId = created.body.id as string;
    expect((await call('POST', `/api/knowledge-bases/${knowledgeBaseId}/deploy`)).status).toBe(202);
    await expect.poll(async () => (await call('GET', `/api/knowledge-bases/${knowledgeBaseId}`)).body.status, { timeout: 30_000, interval: 200 }).toBe('ready');
    // As if the worker had died on every delivery of this deployment: still processing, message dead-lettered.
    const repository = new KnowledgeBaseRepository(platform.ports.database);
    const record = (await repository.get(demo.id, knowledgeBaseId))!;
    expect(await repository.updateForDeployment(demo.id, knowledgeBaseId, record.deployment_id as string, { status: 'processing' })).toBe(true);
    const payload: KbIndexPayload = { knowledgeBaseId, deploymentId: record.deployment_id as string, trigger: 'deploy', sourceType: 'files', dataSourceIds: [file.id], embeddingModel: 'text-embedding-ada-002', indexVersion: 99 };

    await failDeadLetteredIndexing(platform.ports, JSON.stringify(kbIndexMessage(demo.id, 'system', { ...payload, deploymentId: 'an-older-deployment' })));
    expect((await call('GET', `/api/knowledge-bases/${knowledgeBaseId}`)).body.status).toBe('processing');
    await failDeadLetteredIndexing(platform.ports, JSON.stringify(kbIndexMessage(demo.id, 'system', payload)));
    expect((await call('GET', `/api/knowledge-bases/${knowledgeBaseId}`)).body).toMatchObject({ status: 'failed', error: 'Knowledge base could not be indexed' });
    // The version chat reads is kept: a failed re-deploy does not take answers away.
    expect((await repository.get(demo.id, knowledgeBaseId))?.active_index_version).toBe(record.active_index_version);
  });

  it('purges a user without dead letters', async () => {
    const before = platform.queue.deadLetters('indexing').length;
    await platform.queue.send('indexing', sourcePurgeMessage(demo.id, 'system', { sourceKind: 'user', sourceId: 'usr_gone', knowledgeBaseIds: [] }));
    await platform.queue.drain('indexing', 10_000);
    expect(platform.queue.deadLetters('indexing')).toHaveLength(before);
  });
});
