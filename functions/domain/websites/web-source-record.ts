import type { CrawlFrequency, CrawlReport, WebSourceConfiguration, WebSourceStatus } from '../../../shared/api/schemas/web-sources';
import { keys } from '../../contracts/keys/table-keys';

/** The stored web source (docs/data-model.md "Web sources"): the entity's fields less `used_by_kbs`. */
export interface WebSourceRecord {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  status: WebSourceStatus;
  configuration: WebSourceConfiguration;
  page_count: number;
  last_crawled_at: string | null;
  next_crawl_at: string | null;
  last_error: string | null;
  crawl_report: CrawlReport | null;
  /** The crawl in progress (or last run); slices of any other crawl stop at once. */
  crawl_id: string | null;
  /** Which slice of that crawl runs next (0 for the first). */
  crawl_slice?: number;
  created_by: string;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  /** Bumped by every write, so a write decided on an older read is refused. */
  version: number;
}

export const WEB_SOURCE_SK_PREFIX = 'WEBSOURCE#';
export const WEB_PAGE_SK_PREFIX = 'WEBPAGE#';
/** The cross-organization listing of sources by when their next scheduled crawl is due (`schedule.crawl`). */
export const CRAWL_SCHEDULE_PARTITION = 'CRAWL_DUE';

export const webSourceKeys = {
  source: (organizationId: string, sourceId: string) => ({ PK: keys.organization(organizationId).PK, SK: `${WEB_SOURCE_SK_PREFIX}${sourceId}` }),
  page: (organizationId: string, sourceId: string, pageId: string) => ({ PK: keys.organization(organizationId).PK, SK: `${WEB_PAGE_SK_PREFIX}${sourceId}#${pageId}` }),
  pagesOf: (sourceId: string) => `${WEB_PAGE_SK_PREFIX}${sourceId}#`,
};

/** The item: the record, its keys, and the schedule listing while a next crawl is planned. */
export function webSourceItem(record: WebSourceRecord): Record<string, unknown> {
  return {
    ...webSourceKeys.source(record.organization_id, record.id),
    entity: 'web_source',
    ...record,
    ...(record.next_crawl_at ? { GSI1PK: CRAWL_SCHEDULE_PARTITION, GSI1SK: `${record.next_crawl_at}#${record.organization_id}#${record.id}` } : {}),
  };
}

/** `next_crawl_at` = completion + 1 day, 7 days or 1 calendar month (§13.8). */
export function nextCrawlAt(completedAt: Date, frequency: CrawlFrequency): string {
  const next = new Date(completedAt.getTime());
  if (frequency === 'daily') next.setUTCDate(next.getUTCDate() + 1);
  else if (frequency === 'weekly') next.setUTCDate(next.getUTCDate() + 7);
  else {
    // A calendar month; the 31st of January is followed by the last day of February.
    const day = next.getUTCDate();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    next.setUTCDate(Math.min(day, lastDay));
  }
  return next.toISOString();
}

/** One crawled page kept for a web source: where its text is stored and what a re-crawl compares. */
export interface WebPageRecord {
  source_id: string;
  /** sha-256 of the normalised URL, hex, 32 characters. */
  page_id: string;
  url: string;
  title: string;
  content_type: string;
  etag?: string;
  last_modified?: string;
  content_hash: string;
  /** The links read from the page, followed again when a re-crawl gets 304 for it. */
  links?: string[];
  extraction_key: string;
  /** The crawl that last saw the page; pages of older crawls are gone from the site. */
  crawl_id: string;
  crawled_at: string;
}
