import { describe, expect, it } from 'vitest';
import { fakeKnowledgeBase } from './__fixtures__/fake-kb-backend';
import { apiSourceRow, cloneName, dateLine, inUseMessage, loadedSourceProblems, pickerConfirmLabel, readDraft, sourceIconKind, statusLabel, summaryLine, toDraft } from './knowledge-base-rules';

describe('knowledge-base presentation rules', () => {
  it("appends ' (Clone)' once and carries the values in camelCase", () => {
    expect(cloneName('Docs')).toBe('Docs (Clone)');
    expect(cloneName('Docs (Clone)')).toBe('Docs (Clone)');
    const draft = toDraft(fakeKnowledgeBase('kb-1', 'Docs', { chunk_size: 800, overlap: 100, data_source_ids: ['a', 'b'] }));
    expect(draft).toEqual({ name: 'Docs (Clone)', description: 'Docs description', sourceType: 'files', chunkSize: 800, overlap: 100, embeddingModel: 'text-embedding-ada-002', dataSourceIds: ['a', 'b'] });
    expect(readDraft({ clone: draft })).toEqual(draft);
    expect(readDraft({ clone: { name: 1 } })).toBeUndefined();
    expect(readDraft(null)).toBeUndefined();
  });

  it("says 'Updated on' only when the dates differ", () => {
    expect(dateLine({ created_at: '2025-03-01T09:30:00.000Z', updated_at: '2025-03-01T09:30:00.000Z' })).toMatch(/^Created on /);
    expect(dateLine({ created_at: '2025-03-01T09:30:00.000Z', updated_at: '2025-03-02T09:30:00.000Z' })).toMatch(/^Updated on /);
  });

  it('labels statuses, icons and picker buttons', () => {
    expect(['draft', 'processing', 'ready', 'failed', 'queued', ''].map(statusLabel)).toEqual(['Draft', 'Processing', 'Ready', 'Failed', 'Queued', 'Unknown']);
    expect(['files', 'websites', 'apis', 'other'].map(sourceIconKind)).toEqual(['files', 'websites', 'apis', 'apis']);
    expect([pickerConfirmLabel('files', 2), pickerConfirmLabel('websites', 1), pickerConfirmLabel('apis', 0)]).toEqual(['Select (2) Files', 'Select (1) Website(s)', 'Select (0) Endpoint(s)']);
    expect(inUseMessage([{ name: 'A' }, { name: 'B' }])).toBe('Cannot delete - in use by: A, B');
  });

  it('summarises what a knowledge base is built from', () => {
    expect(summaryLine(fakeKnowledgeBase('k', 'K', { data_source_ids: ['a'] }))).toBe('1 file · OpenAI Ada 002 · chunk size 500, overlap 50');
    expect(summaryLine(fakeKnowledgeBase('k', 'K', { source_type: 'websites', data_source_ids: ['a', 'b'], embedding_model: 'gte-large', status: 'ready', document_count: 1, chunk_count: 3 }))).toBe(
      '2 websites · gte-large · chunk size 500, overlap 50 · 1 document, 3 chunks',
    );
  });

  it('reads API sources in both configuration shapes, GET by default', () => {
    expect(apiSourceRow({ id: 'a', name: 'A', configuration: JSON.stringify({ url: 'https://x.test', headers: { A: '1' } }) })).toEqual({ url: 'https://x.test', method: 'GET', headers: 'Yes' });
    expect(apiSourceRow({ id: 'a', name: 'A', configuration: { endpoint: 'https://y.test', method: 'post', headers: {} } })).toEqual({ url: 'https://y.test', method: 'POST', headers: 'No' });
    expect(apiSourceRow({ id: 'a', name: 'A', configuration: '{not json' })).toEqual({ url: '', method: 'GET', headers: 'No' });
  });

  it('checks loaded sources', () => {
    expect(
      loadedSourceProblems('websites', [
        { id: '', name: 'x' },
        { id: 'w-1', name: '', configuration: { url: 'https://a.test', crawl_depth: 2 } },
        { id: 'w-2', name: 'Blog', configuration: { crawl_depth: 9 } },
      ]),
    ).toEqual(['Invalid source ID', 'Missing name for source w-1', 'Missing URL for website Blog', 'Invalid crawl depth for website Blog']);
    expect(loadedSourceProblems('apis', [{ id: 'a-1', name: 'Orders' }])).toEqual([]);
  });
});
