import {
  ConflictException,
  CreateIndexCommand,
  DeleteIndexCommand,
  DeleteVectorsCommand,
  GetIndexCommand,
  GetVectorBucketCommand,
  ListVectorsCommand,
  NotFoundException,
  PutVectorsCommand,
  QueryVectorsCommand,
  S3VectorsClient,
} from '@aws-sdk/client-s3vectors';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { IndexRecord } from '../../contracts/ports/vectors';
import { createS3VectorsIndex, NON_FILTERABLE_KEYS, toStoredMetadata } from './s3-vectors-index';

const s3vectors = mockClient(S3VectorsClient);
const client = new S3VectorsClient({ region: 'eu-west-1' });
const vectorBucketName = 'groundwork-vectors';
const notFound = () => new NotFoundException({ message: 'no such index', $metadata: {} });

function record(n: number, extra: Partial<IndexRecord> = {}): IndexRecord {
  return {
    id: `chunk-${n}`,
    sourceId: `file_${n % 3}`,
    sourceType: 'file',
    text: `text ${n}`,
    vector: [n, 1, 0],
    metadata: { name: 'Handbook.pdf', page: 2, headings: ['Leave'], chunkIndex: n },
    ...extra,
  };
}

describe('createS3VectorsIndex', () => {
  beforeEach(() => {
    s3vectors.reset();
    s3vectors.on(GetIndexCommand).resolves({ index: { dimension: 3 } as never });
  });
  afterAll(() => s3vectors.restore());

  it('creates a float32 cosine index with text, headings, name and url kept out of the filterable metadata', async () => {
    s3vectors.on(GetIndexCommand).rejects(notFound());
    s3vectors.on(CreateIndexCommand).resolves({ indexArn: 'arn' });
    const index = createS3VectorsIndex({ vectorBucketName, client });
    expect(index).toMatchObject({ adapter: 's3vectors', supportsFullText: false });
    await index.ensureIndex('kb-kb-01hx-v1', 1024);
    expect(s3vectors.commandCalls(CreateIndexCommand)[0]!.args[0].input).toEqual({
      vectorBucketName,
      indexName: 'kb-kb-01hx-v1',
      dataType: 'float32',
      dimension: 1024,
      distanceMetric: 'cosine',
      metadataConfiguration: { nonFilterableMetadataKeys: [...NON_FILTERABLE_KEYS] },
    });
  });

  it('leaves an existing index alone, accepts losing a creation race, and refuses a different size', async () => {
    const index = createS3VectorsIndex({ vectorBucketName, client });
    await index.ensureIndex('kb-a-v1', 3);
    expect(s3vectors.commandCalls(CreateIndexCommand)).toHaveLength(0);
    await expect(index.ensureIndex('kb-a-v1', 4)).rejects.toThrow(/exists with 3 dimensions/);

    s3vectors.reset();
    s3vectors.on(GetIndexCommand).rejectsOnce(notFound()).resolves({ index: { dimension: 3 } as never });
    s3vectors.on(CreateIndexCommand).rejects(new ConflictException({ message: 'exists', $metadata: {} }));
    await createS3VectorsIndex({ vectorBucketName, client }).ensureIndex('kb-b-v1', 3);
  });

  it('refuses lexical-only indexes and names S3 Vectors would refuse', async () => {
    const index = createS3VectorsIndex({ vectorBucketName, client });
    await expect(index.ensureIndex('kb-a-v1', null)).rejects.toThrow(/embedded index/);
    await expect(index.ensureIndex('kb_A', 3)).rejects.toThrow(/Invalid index name/);
    await expect(index.ensureIndex('kb-a-v1', 5000)).rejects.toThrow(/4096/);
  });

  it('puts vectors in batches of 500 with their metadata', async () => {
    s3vectors.on(PutVectorsCommand).resolves({});
    const index = createS3VectorsIndex({ vectorBucketName, client });
    await index.upsert('kb-a-v1', Array.from({ length: 1201 }, (_, n) => record(n)));
    const calls = s3vectors.commandCalls(PutVectorsCommand);
    expect(calls.map((call) => call.args[0].input.vectors!.length)).toEqual([500, 500, 201]);
    expect(calls[0]!.args[0].input.vectors![1]).toEqual({
      key: 'chunk-1',
      data: { float32: [1, 1, 0] },
      metadata: { sourceId: 'file_1', sourceType: 'file', chunkIndex: 1, page: 2, text: 'text 1', name: 'Handbook.pdf', headings: ['Leave'] },
    });
  });

  it('also splits a batch before it outgrows the request size', async () => {
    s3vectors.on(GetIndexCommand).resolves({ index: { dimension: 4096 } as never });
    s3vectors.on(PutVectorsCommand).resolves({});
    const wide = Array.from({ length: 500 }, (_, n) => record(n, { vector: Array.from({ length: 4096 }, () => 0.123456789012345) }));
    await createS3VectorsIndex({ vectorBucketName, client }).upsert('kb-a-v1', wide);
    const sizes = s3vectors.commandCalls(PutVectorsCommand).map((call) => call.args[0].input.vectors!.length);
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(500);
  });

  it('refuses records whose metadata S3 Vectors would reject, or with a missing or wrong vector, before any write', async () => {
    const index = createS3VectorsIndex({ vectorBucketName, client });
    const bigSheet = record(1, { metadata: { name: 'x.xlsx', sheet: 's'.repeat(2100), chunkIndex: 0 } });
    await expect(index.upsert('kb-a-v1', [record(0), bigSheet])).rejects.toThrow(/filterable metadata exceeds/);
    await expect(index.upsert('kb-a-v1', [record(0, { text: 'x'.repeat(41_000) })])).rejects.toThrow(/metadata exceeds/);
    await expect(index.upsert('kb-a-v1', [record(0, { vector: undefined })])).rejects.toThrow(/needs a vector of 3/);
    await expect(index.upsert('kb-a-v1', [record(0, { vector: [1, 2] })])).rejects.toThrow(/needs a vector of 3/);
    expect(s3vectors.commandCalls(PutVectorsCommand)).toHaveLength(0);
    // A long name, URL or following text is fine: none is filterable.
    expect(() => toStoredMetadata(record(0, { metadata: { name: 'n'.repeat(3000), url: `https://x/${'p'.repeat(3000)}`, following: 'f'.repeat(1000), chunkIndex: 0 } }))).not.toThrow();
    expect(NON_FILTERABLE_KEYS).toContain('following');
    expect(NON_FILTERABLE_KEYS).toContain('opening');
  });

  it('queries with topK at most 100 and a sourceId filter, scoring 1 - cosine distance', async () => {
    s3vectors.on(QueryVectorsCommand).resolves({
      distanceMetric: 'cosine',
      vectors: [
        { key: 'chunk-1', distance: 0.25, metadata: { sourceId: 'file_1', sourceType: 'file', chunkIndex: 1, page: 2, text: 'text 1', name: 'Handbook.pdf', headings: ['Leave'] } },
        { key: 'chunk-4', distance: 1.4, metadata: { sourceId: 'file_1', sourceType: 'web', chunkIndex: 4, text: 'text 4', following: ' and on', opening: '::\n\n', name: 'Page', url: 'https://x/' } },
      ],
    });
    const index = createS3VectorsIndex({ vectorBucketName, client });
    const hits = await index.query('kb-a-v1', { vector: [1, 0, 0], topK: 500, sourceIds: ['file_1', 'file_2'] });
    expect(s3vectors.commandCalls(QueryVectorsCommand)[0]!.args[0].input).toEqual({
      vectorBucketName,
      indexName: 'kb-a-v1',
      queryVector: { float32: [1, 0, 0] },
      topK: 100,
      filter: { sourceId: { $in: ['file_1', 'file_2'] } },
      returnMetadata: true,
      returnDistance: true,
    });
    expect(hits).toEqual([
      { id: 'chunk-1', sourceId: 'file_1', sourceType: 'file', text: 'text 1', score: 0.75, metadata: { name: 'Handbook.pdf', page: 2, headings: ['Leave'], chunkIndex: 1 } },
      { id: 'chunk-4', sourceId: 'file_1', sourceType: 'web', text: 'text 4', score: 0, metadata: { name: 'Page', url: 'https://x/', following: ' and on', opening: '::\n\n', chunkIndex: 4 } },
    ]);
  });

  it('answers no hits for an empty source filter, and refuses a text-only query', async () => {
    const index = createS3VectorsIndex({ vectorBucketName, client });
    expect(await index.query('kb-a-v1', { vector: [1, 0, 0], topK: 5, sourceIds: [] })).toEqual([]);
    await expect(index.query('kb-a-v1', { text: 'leave', topK: 5 })).rejects.toThrow(/vector only/);
    expect(s3vectors.commandCalls(QueryVectorsCommand)).toHaveLength(0);
  });

  it('deletes a source by listing every page and deleting its keys 500 at a time', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, n) => ({ key: `chunk-${from + n}`, metadata: { sourceId: (from + n) % 2 === 0 ? 'file_a' : 'file_b' } }));
    s3vectors
      .on(ListVectorsCommand)
      .resolvesOnce({ vectors: page(0, 1000), nextToken: 't1' })
      .resolvesOnce({ vectors: page(1000, 200) });
    s3vectors.on(DeleteVectorsCommand).resolves({});
    const deleted = await createS3VectorsIndex({ vectorBucketName, client }).deleteBySource('kb-a-v1', 'file_a');
    expect(deleted).toBe(600);
    const lists = s3vectors.commandCalls(ListVectorsCommand).map((call) => call.args[0].input);
    expect(lists).toEqual([
      { vectorBucketName, indexName: 'kb-a-v1', maxResults: 1000, returnMetadata: true, nextToken: undefined },
      { vectorBucketName, indexName: 'kb-a-v1', maxResults: 1000, returnMetadata: true, nextToken: 't1' },
    ]);
    const deletes = s3vectors.commandCalls(DeleteVectorsCommand).map((call) => call.args[0].input.keys!);
    expect(deletes.map((keys) => keys.length)).toEqual([500, 100]);
    expect(deletes.flat().every((key) => Number(key.slice('chunk-'.length)) % 2 === 0)).toBe(true);
  });

  it('drops an index idempotently and pings the bucket', async () => {
    s3vectors.on(DeleteIndexCommand).rejectsOnce(notFound()).resolves({});
    s3vectors.on(GetVectorBucketCommand).resolves({ vectorBucket: { vectorBucketName } as never });
    const index = createS3VectorsIndex({ vectorBucketName, client });
    await index.dropIndex('kb-a-v1');
    await index.dropIndex('kb-a-v1');
    await index.ping();
    expect(s3vectors.commandCalls(GetVectorBucketCommand)[0]!.args[0].input).toEqual({ vectorBucketName });
  });
});
