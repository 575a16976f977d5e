import type { KnowledgeBaseRecord } from '../../functions/domain/knowledge-bases/knowledge-base-record';

/** A stored knowledge base as unit tests need one: a draft of two files in `org_1`, with `extra` over it. */
export function knowledgeBaseRecord(id: string, extra: Partial<KnowledgeBaseRecord> = {}): KnowledgeBaseRecord {
  return {
    id,
    organization_id: 'org_1',
    name: `Knowledge base ${id}`,
    description: 'Company policies',
    source_type: 'files',
    chunk_size: 500,
    overlap: 50,
    embedding_model: 'text-embedding-ada-002',
    data_source_ids: ['ds_1', 'ds_2'],
    status: 'draft',
    error: null,
    document_count: 0,
    chunk_count: 0,
    last_indexed_at: null,
    created_by: 'usr_1',
    created_by_name: 'Ada Lovelace',
    created_at: '2025-03-01T09:30:00.000Z',
    updated_at: '2025-03-01T09:30:00.000Z',
    version: 1,
    ...extra,
  };
}
