import { describe, expect, it } from 'vitest';
import {
  canDeployStatus,
  isLockedStatus,
  KNOWLEDGE_BASE_FORM_MESSAGES as M,
  KNOWLEDGE_BASE_STATUSES,
  knowledgeBaseFormProblems,
  MAX_DATA_SOURCE_IDS,
  type KnowledgeBaseFormValues,
} from './knowledge-base-form';

const valid: KnowledgeBaseFormValues = { name: 'Handbook', description: '', sourceType: 'files', embeddingModel: 'text-embedding-ada-002', chunkSize: 500, overlap: 50, dataSourceIds: ['d-1'] };
const messages = (values: Partial<KnowledgeBaseFormValues>) => knowledgeBaseFormProblems({ ...valid, ...values }).map((problem) => problem.message);

describe('knowledge-base form rules', () => {
  it('accepts a complete form', () => {
    expect(knowledgeBaseFormProblems(valid)).toEqual([]);
  });

  it("reports every problem in the contract's order", () => {
    expect(messages({ name: '  ', sourceType: '', embeddingModel: '', chunkSize: 99, overlap: 201, dataSourceIds: [] })).toEqual([
      'Name is required',
      'Source type is required',
      'Embedding model is required',
      'Chunk size must be between 100 and 2000',
      'Overlap must be between 0 and 200',
      'At least one file/website/API endpoint/data source must be selected',
    ]);
  });

  it('asks no chunking or model of an API knowledge base', () => {
    expect(messages({ sourceType: 'apis', embeddingModel: '', chunkSize: Number.NaN, overlap: undefined })).toEqual([]);
  });

  it('keeps the overlap below the chunk size and the bounds inclusive', () => {
    expect(messages({ chunkSize: 100, overlap: 100 })).toEqual(['Overlap must be smaller than chunk size']);
    expect(messages({ chunkSize: 2000, overlap: 200 })).toEqual([]);
    expect(messages({ chunkSize: 2001 })).toEqual(['Chunk size must be between 100 and 2000']);
    expect(messages({ dataSourceIds: Array.from({ length: MAX_DATA_SOURCE_IDS + 1 }, (_, i) => `d-${i}`) })).toEqual([M.tooManySources]);
  });

  it('locks and deploys by status', () => {
    expect(KNOWLEDGE_BASE_STATUSES.filter(isLockedStatus)).toEqual(['processing', 'ready']);
    expect(KNOWLEDGE_BASE_STATUSES.filter(canDeployStatus)).toEqual(['draft', 'failed']);
  });
});
