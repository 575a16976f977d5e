import type { ApiSource } from '../../../shared/api/schemas/api-sources';
import type { KnowledgeBaseRef } from '../knowledge-bases/source-usage';
import { splitSecrets, storedConfiguration } from './api-source-configuration';
import type { ApiSourceRecord } from './api-source-record';

/** Only the contract's fields; every secret reads as the mask (§2), however the item was written. */
export function toApiSourceEntity(record: ApiSourceRecord, usedBy: KnowledgeBaseRef[]): ApiSource {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    source_type: 'api_query',
    status: record.status,
    last_fetched_at: record.last_fetched_at ?? null,
    last_error: record.last_error ?? null,
    configuration: splitSecrets(storedConfiguration(record.configuration)).masked,
    used_by_kbs: usedBy,
    created_by: record.created_by,
    created_by_name: record.created_by_name,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
