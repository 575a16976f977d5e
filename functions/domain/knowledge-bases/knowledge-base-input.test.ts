import { describe, expect, it } from 'vitest';
import { changesLockedFields, isLocked, parseCreateInput, parseUpdateInput, type SourceLookup } from './knowledge-base-input';
import type { KnowledgeBaseRecord } from './knowledge-base-record';
import { knowledgeBaseRecord } from '../../../test/support/knowledge-base-records';

const existing = new Set(['fil_a', 'fil_b', 'web_a']);
const lookup: SourceLookup = async (_type, ids) => new Set(ids.filter((id) => existing.has(id)));
const messages = (parsed: { ok: boolean; details?: { message: string }[] }) => (parsed.ok ? [] : (parsed.details ?? []).map((detail) => detail.message));

const stored: KnowledgeBaseRecord = knowledgeBaseRecord('kb_1', { name: 'Handbook', description: '', embedding_model: 'gte-large', data_source_ids: ['fil_a', 'fil_gone'], created_by_name: 'Ada', created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' });

describe('parseCreateInput (§15.4)', () => {
  it('reports every problem of an empty body in the contract order', async () => {
    expect(messages(await parseCreateInput({}, lookup))).toEqual([
      'Name is required',
      'Source type is required',
      'Embedding model is required',
      'At least one file/website/API endpoint/data source must be selected',
    ]);
  });

  it('puts chunking, invalid ids and the embedding-model enum where §15.4 lists them', async () => {
    const parsed = await parseCreateInput({ name: ' x ', source_type: 'files', embedding_model: 'gpt-9', chunk_size: 50, overlap: 300, data_source_ids: ['fil_a', 'nope', 'web_x'] }, lookup);
    expect(messages(parsed)).toEqual([
      'Chunk size must be between 100 and 2000',
      'Overlap must be between 0 and 200',
      'Invalid source ID: nope',
      'Invalid source ID: web_x',
      'Embedding model must be one of text-embedding-ada-002, bge-large-en, gte-large, e5-large-v2',
    ]);
    expect(messages(await parseCreateInput({ name: 'x', source_type: 'files', embedding_model: 'gte-large', chunk_size: 200, overlap: 200, data_source_ids: ['fil_a'] }, lookup))).toEqual(['Overlap must be smaller than chunk size']);
  });

  it('defaults chunking, trims, dedupes ids, and stores null chunking for apis with the default model', async () => {
    const files = await parseCreateInput({ name: '  Handbook ', description: ' d ', source_type: 'files', embedding_model: 'bge-large-en', data_source_ids: ['fil_a', 'fil_a', 'fil_b'] }, lookup);
    expect(files).toEqual({ ok: true, value: { name: 'Handbook', description: 'd', source_type: 'files', chunk_size: 500, overlap: 50, embedding_model: 'bge-large-en', data_source_ids: ['fil_a', 'fil_b'] } });
    const apis = await parseCreateInput({ name: 'API', source_type: 'apis', chunk_size: 5, overlap: 9999, data_source_ids: ['web_a'] }, lookup);
    expect(apis).toMatchObject({ ok: true, value: { chunk_size: null, overlap: null, embedding_model: 'text-embedding-ada-002' } });
  });

  it('refuses an unknown source type, long names and descriptions, and more than 500 ids', async () => {
    const parsed = await parseCreateInput({ name: 'n'.repeat(256), description: 'd'.repeat(1001), source_type: 'drive', embedding_model: 'gte-large', data_source_ids: Array.from({ length: 501 }, (_, i) => `fil_${i}`) }, lookup);
    expect(messages(parsed)).toEqual([
      'Name must be at most 255 characters',
      'Description must be at most 1000 characters',
      'Source type must be one of files, websites, apis',
      'At most 500 data sources can be selected',
    ]);
  });
});

describe('parseUpdateInput (§15.5)', () => {
  it('checks only what is sent, and chunking against the stored values', async () => {
    expect(await parseUpdateInput({ name: 'New' }, stored, lookup)).toEqual({ ok: true, value: { name: 'New' } });
    expect(messages(await parseUpdateInput({ overlap: 499 }, stored, lookup))).toEqual(['Overlap must be between 0 and 200']);
    expect(messages(await parseUpdateInput({ chunk_size: 150, overlap: 150 }, stored, lookup))).toEqual(['Overlap must be smaller than chunk size']);
    expect(messages(await parseUpdateInput({ name: '', source_type: 'websites' }, stored, lookup))).toEqual(['Name is required', 'Source type cannot be changed']);
    expect(await parseUpdateInput({ source_type: 'files' }, stored, lookup)).toEqual({ ok: true, value: {} });
  });

  it('keeps orphaned ids but requires new ones to exist', async () => {
    expect(await parseUpdateInput({ data_source_ids: ['fil_gone', 'fil_b'] }, stored, lookup)).toEqual({ ok: true, value: { data_source_ids: ['fil_gone', 'fil_b'] } });
    expect(messages(await parseUpdateInput({ data_source_ids: ['fil_gone', 'fil_new'] }, stored, lookup))).toEqual(['Invalid source ID: fil_new']);
    expect(messages(await parseUpdateInput({ data_source_ids: [] }, stored, lookup))).toEqual(['At least one file/website/API endpoint/data source must be selected']);
  });

  it('locks everything but name and description once ready or processing, unless sent unchanged', () => {
    expect(isLocked({ status: 'ready' })).toBe(true);
    expect(isLocked({ status: 'processing' })).toBe(true);
    expect(isLocked({ status: 'failed' })).toBe(false);
    expect(changesLockedFields(stored, { name: 'x', chunk_size: 500, overlap: 50, embedding_model: 'gte-large', data_source_ids: ['fil_gone', 'fil_a'] })).toBe(false);
    expect(changesLockedFields(stored, { chunk_size: 600 })).toBe(true);
    expect(changesLockedFields(stored, { data_source_ids: ['fil_a'] })).toBe(true);
  });
});
