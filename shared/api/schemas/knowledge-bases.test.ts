import { describe, expect, it } from 'vitest';
import { createKnowledgeBaseRequestSchema, updateKnowledgeBaseRequestSchema, type SourceLookup, type StoredKnowledgeBase } from './knowledge-bases';

const existing = new Set(['fil_a', 'fil_b', 'web_a']);
const existingSources: SourceLookup = async (_type, ids) => new Set(ids.filter((id) => existing.has(id)));

const stored: StoredKnowledgeBase = { source_type: 'files', chunk_size: 500, overlap: 50, data_source_ids: ['fil_a', 'fil_gone'] };

const create = (body: unknown) => createKnowledgeBaseRequestSchema({ existingSources }).safeParseAsync(body);
const update = (body: unknown, current: StoredKnowledgeBase = stored) => updateKnowledgeBaseRequestSchema({ stored: current, existingSources }).safeParseAsync(body);

/** The messages as the API joins them, in order (§1.4). */
const messages = (parsed: { success: boolean; error?: { issues: { message: string }[] } }) => (parsed.success ? [] : (parsed.error?.issues ?? []).map((issue) => issue.message));
const fields = (parsed: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (parsed.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('createKnowledgeBaseRequestSchema (§15.4)', () => {
  it('reports every problem of an empty body in the contract order', async () => {
    const parsed = await create({});
    expect(messages(parsed)).toEqual([
      'Name is required',
      'Source type is required',
      'Embedding model is required',
      'At least one file/website/API endpoint/data source must be selected',
    ]);
    expect(fields(parsed)).toEqual(['name', 'source_type', 'embedding_model', 'data_source_ids']);
  });

  it('reads null, blank and non-string values as missing', async () => {
    expect(messages(await create({ name: '   ', source_type: ' ', embedding_model: null, data_source_ids: null }))).toEqual([
      'Name is required',
      'Source type is required',
      'Embedding model is required',
      'At least one file/website/API endpoint/data source must be selected',
    ]);
    expect(messages(await create({ name: 42, source_type: 'files', embedding_model: 'gte-large', data_source_ids: ['fil_a'] }))).toEqual(['Name is required']);
  });

  it('puts chunking, invalid ids and the embedding-model enum where §15.4 lists them', async () => {
    const parsed = await create({ name: ' x ', source_type: 'files', embedding_model: 'gpt-9', chunk_size: 50, overlap: 300, data_source_ids: ['fil_a', 'nope', 'web_x'] });
    expect(messages(parsed)).toEqual([
      'Chunk size must be between 100 and 2000',
      'Overlap must be between 0 and 200',
      'Invalid source ID: nope',
      'Invalid source ID: web_x',
      'Embedding model must be one of text-embedding-ada-002, bge-large-en, gte-large, e5-large-v2',
    ]);
    expect(fields(parsed)).toEqual(['chunk_size', 'overlap', 'data_source_ids', 'data_source_ids', 'embedding_model']);
    expect(messages(await create({ name: 'x', source_type: 'files', embedding_model: 'gte-large', chunk_size: 200, overlap: 200, data_source_ids: ['fil_a'] }))).toEqual(['Overlap must be smaller than chunk size']);
    expect(messages(await create({ name: 'x', source_type: 'files', embedding_model: 'gte-large', chunk_size: 150.5, overlap: '10', data_source_ids: ['fil_a'] }))).toEqual([
      'Chunk size must be between 100 and 2000',
      'Overlap must be between 0 and 200',
    ]);
  });

  it('keeps the whole order when every rule is broken at once', async () => {
    expect(messages(await create({ name: '', description: 'd'.repeat(1001), source_type: 'drive', embedding_model: 'gpt-9', chunk_size: 5, data_source_ids: [] }))).toEqual([
      'Name is required',
      'Description must be at most 1000 characters',
      'Source type must be one of files, websites, apis',
      'Chunk size must be between 100 and 2000',
      'At least one file/website/API endpoint/data source must be selected',
      'Embedding model must be one of text-embedding-ada-002, bge-large-en, gte-large, e5-large-v2',
    ]);
  });

  it('reports malformed ids, and looks nothing up without a valid source type', async () => {
    const asked: string[][] = [];
    const lookup: SourceLookup = async (_type, ids) => {
      asked.push(ids);
      return new Set();
    };
    const schema = createKnowledgeBaseRequestSchema({ existingSources: lookup });
    expect(messages(await schema.safeParseAsync({ name: 'x', source_type: 'drive', embedding_model: 'gte-large', data_source_ids: ['fil_a', 7, ' '] }))).toEqual([
      'Source type must be one of files, websites, apis',
      'Invalid source ID: 7',
      'Invalid source ID:  ',
    ]);
    expect(asked).toEqual([]);
  });

  it('defaults chunking, trims, dedupes ids, and stores null chunking for apis with the default model', async () => {
    const files = await create({ name: '  Handbook ', description: ' d ', source_type: 'files', embedding_model: 'bge-large-en', data_source_ids: ['fil_a', 'fil_a', ' fil_b '] });
    expect(files).toEqual({
      success: true,
      data: { name: 'Handbook', description: 'd', source_type: 'files', chunk_size: 500, overlap: 50, embedding_model: 'bge-large-en', data_source_ids: ['fil_a', 'fil_b'] },
    });
    const apis = await create({ name: 'API', description: null, source_type: 'apis', chunk_size: 5, overlap: 9999, data_source_ids: ['web_a'] });
    expect(apis).toMatchObject({ success: true, data: { description: '', chunk_size: null, overlap: null, embedding_model: 'text-embedding-ada-002' } });
    expect(messages(await create({ name: 'API', source_type: 'apis', embedding_model: 'gpt-9', data_source_ids: ['web_a'] }))).toEqual([
      'Embedding model must be one of text-embedding-ada-002, bge-large-en, gte-large, e5-large-v2',
    ]);
  });

  it('refuses an unknown source type, long names and descriptions, and more than 500 ids', async () => {
    const parsed = await create({ name: 'n'.repeat(256), description: 'd'.repeat(1001), source_type: 'drive', embedding_model: 'gte-large', data_source_ids: Array.from({ length: 501 }, (_, i) => `fil_${i}`) });
    expect(messages(parsed)).toEqual([
      'Name must be at most 255 characters',
      'Description must be at most 1000 characters',
      'Source type must be one of files, websites, apis',
      'At most 500 data sources can be selected',
    ]);
    // A description is measured trimmed; one that is not a string reads as too long.
    expect(messages(await create({ name: 'x', description: ` ${'d'.repeat(1000)} `, source_type: 'files', embedding_model: 'gte-large', data_source_ids: ['fil_a'] }))).toEqual([]);
    expect(messages(await create({ name: 'x', description: 5, source_type: 'files', embedding_model: 'gte-large', data_source_ids: ['fil_a'] }))).toEqual(['Description must be at most 1000 characters']);
  });

  it('checks shapes only without a context, for the OpenAPI document', async () => {
    const parsed = await createKnowledgeBaseRequestSchema().safeParseAsync({ name: 'x', source_type: 'files', embedding_model: 'gte-large', data_source_ids: ['anything'] });
    expect(parsed.success).toBe(true);
  });
});

describe('updateKnowledgeBaseRequestSchema (§15.5)', () => {
  it('checks only what is sent, and chunking against the stored values', async () => {
    expect(await update({ name: 'New' })).toEqual({ success: true, data: { name: 'New' } });
    expect(await update({})).toEqual({ success: true, data: {} });
    expect(messages(await update({ overlap: 499 }))).toEqual(['Overlap must be between 0 and 200']);
    expect(messages(await update({ overlap: 100 }, { ...stored, chunk_size: 100 }))).toEqual(['Overlap must be smaller than chunk size']);
    expect(messages(await update({ chunk_size: 150, overlap: 150 }))).toEqual(['Overlap must be smaller than chunk size']);
    expect(messages(await update({ chunk_size: null }))).toEqual(['Chunk size must be between 100 and 2000']);
    expect(await update({ chunk_size: 800 })).toEqual({ success: true, data: { chunk_size: 800 } });
    expect(messages(await update({ name: '', source_type: 'websites' }))).toEqual(['Name is required', 'Source type cannot be changed']);
    expect(messages(await update({ name: null }))).toEqual(['Name is required']);
    expect(await update({ source_type: 'files' })).toEqual({ success: true, data: {} });
    expect(await update({ description: null })).toEqual({ success: true, data: { description: '' } });
  });

  it('asks for the embedding model only where create does, and keeps its enum last', async () => {
    expect(messages(await update({ embedding_model: '' }))).toEqual(['Embedding model is required']);
    expect(await update({ embedding_model: null }, { ...stored, source_type: 'apis', chunk_size: null, overlap: null })).toEqual({
      success: true,
      data: { embedding_model: 'text-embedding-ada-002' },
    });
    expect(messages(await update({ embedding_model: 'gpt-9', chunk_size: 5, data_source_ids: ['fil_new'] }))).toEqual([
      'Chunk size must be between 100 and 2000',
      'Invalid source ID: fil_new',
      'Embedding model must be one of text-embedding-ada-002, bge-large-en, gte-large, e5-large-v2',
    ]);
  });

  it('ignores chunking for apis', async () => {
    expect(await update({ chunk_size: 5, overlap: 9999 }, { ...stored, source_type: 'apis', chunk_size: null, overlap: null })).toEqual({ success: true, data: {} });
  });

  it('keeps orphaned ids but requires new ones to exist', async () => {
    expect(await update({ data_source_ids: ['fil_gone', 'fil_b'] })).toEqual({ success: true, data: { data_source_ids: ['fil_gone', 'fil_b'] } });
    expect(messages(await update({ data_source_ids: ['fil_gone', 'fil_new'] }))).toEqual(['Invalid source ID: fil_new']);
    expect(messages(await update({ data_source_ids: [] }))).toEqual(['At least one file/website/API endpoint/data source must be selected']);
  });
});
