import type { WebSource } from '../../../shared/api/schemas/web-sources';
import type { KnowledgeBaseRef } from '../knowledge-bases/source-usage';
import type { WebSourceRecord } from './web-source-record';

/** Only the contract's fields (and the crawl report, an addition): the crawl's bookkeeping stays on the server. */
export function toWebSourceEntity(record: WebSourceRecord, usedBy: KnowledgeBaseRef[]): WebSource {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    source_type: 'web_source',
    status: record.status,
    configuration: { ...record.configuration },
    used_by_kbs: usedBy,
    page_count: record.page_count,
    last_crawled_at: record.last_crawled_at,
    next_crawl_at: record.next_crawl_at,
    last_error: record.last_error,
    crawl_report: record.crawl_report,
    created_by: record.created_by,
    created_by_name: record.created_by_name,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
