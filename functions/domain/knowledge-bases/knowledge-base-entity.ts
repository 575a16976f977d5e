import type { KnowledgeBase } from '../../../shared/api/schemas/knowledge-bases';
import type { KnowledgeBaseRecord } from './knowledge-base-record';

export type { KnowledgeBase };

/** Only the contract's fields: the indexer's bookkeeping stays on the server. */
export function toKnowledgeBaseEntity(record: KnowledgeBaseRecord): KnowledgeBase {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    source_type: record.source_type,
    chunk_size: record.chunk_size,
    overlap: record.overlap,
    embedding_model: record.embedding_model,
    data_source_ids: [...record.data_source_ids],
    status: record.status,
    error: record.error ?? null,
    document_count: record.document_count,
    chunk_count: record.chunk_count,
    last_indexed_at: record.last_indexed_at ?? null,
    created_by: record.created_by,
    created_by_name: record.created_by_name,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
