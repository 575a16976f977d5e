import { describe, expect, it } from 'vitest';
import { changesLockedFields, isLocked } from './knowledge-base-lock';
import type { KnowledgeBaseRecord } from './knowledge-base-record';
import { knowledgeBaseRecord } from '../../../test/support/knowledge-base-records';

const stored: KnowledgeBaseRecord = knowledgeBaseRecord('kb_1', { name: 'Handbook', description: '', embedding_model: 'gte-large', data_source_ids: ['fil_a', 'fil_gone'] });

describe('the §15.5 lock', () => {
  it('locks everything but name and description once ready or processing, unless sent unchanged', () => {
    expect(isLocked({ status: 'ready' })).toBe(true);
    expect(isLocked({ status: 'processing' })).toBe(true);
    expect(isLocked({ status: 'failed' })).toBe(false);
    expect(isLocked({ status: 'draft' })).toBe(false);
    expect(changesLockedFields(stored, { name: 'x', description: 'y', chunk_size: 500, overlap: 50, embedding_model: 'gte-large', data_source_ids: ['fil_gone', 'fil_a'] })).toBe(false);
    expect(changesLockedFields(stored, { chunk_size: 600 })).toBe(true);
    expect(changesLockedFields(stored, { overlap: 60 })).toBe(true);
    expect(changesLockedFields(stored, { embedding_model: 'bge-large-en' })).toBe(true);
    expect(changesLockedFields(stored, { data_source_ids: ['fil_a'] })).toBe(true);
  });
});
