import {
  CRAWL_DEPTH,
  createWebSourceRequestSchema,
  DEFAULT_CRAWL_FREQUENCY,
  WEB_SOURCE_MESSAGES,
  type CrawlFrequency,
  type CrawlReport,
  type CreateWebSourceRequest,
  type WebSource,
  type WebSourceStatus,
} from '../../../../shared/api/schemas/web-sources';

/**
 * The web-source screens' texts and rules (spec 02 Websites list, New/Edit Web Source, §5 "Web source
 * form", §8, §9) as pure functions, so the pages and their tests share one copy. The request rules are
 * the server's own schema (shared/api/schemas/web-sources.ts); only its host check is the server's alone.
 */

export const WEB_SOURCES_LIST_PATH = '/data-sources/web';
export const WEB_SOURCES_CREATE_PATH = '/data-sources/web/create';
export const webSourceEditPath = (id: string) => `/data-sources/web/${encodeURIComponent(id)}/edit`;

/** Spec 02 §9: the list's page size. */
export const WEB_SOURCE_PAGE_SIZE = 10;
/** How often the list and the edit page re-read while a crawl is pending or running. */
export const CRAWL_POLL_MS = 3000;

export const WEB_TEXTS = {
  title: 'Websites',
  searchPlaceholder: 'Search websites...',
  add: 'Add Website',
  empty: 'No web sources found.',
  loggedOut: 'Please log in to view web sources.',
  resourceType: 'Web Source',
  newTitle: 'New Web Source',
  editTitle: 'Edit Web Source',
  createButton: 'Create Web Source',
  saveButton: 'Save',
  // Spec 02 §8, web sources.
  fetchListFailed: 'Failed to fetch websites',
  createFailed: 'Failed to add website',
  updateFailed: 'Failed to update web source',
  syncFailed: 'Failed to sync web source',
  deleteFailed: 'Failed to delete web source',
  fetchOneFailed: 'Failed to fetch web source',
  genericFailure: 'An error occurred',
  created: WEB_SOURCE_MESSAGES.created,
  updated: WEB_SOURCE_MESSAGES.updated,
  deleted: 'Web source deleted successfully',
  syncStarted: WEB_SOURCE_MESSAGES.syncStarted,
  syncRunning: WEB_SOURCE_MESSAGES.syncRunning,
} as const;

/** The delete confirmation's question. */
export const deleteQuestion = (name: string) => `Are you sure you want to delete "${name}"? Its crawled pages are removed as well.`;

/** Spec 02 list row: 'Crawls {frequency}'. */
export const crawlsLine = (frequency: string) => `Crawls ${frequency}`;
/** Spec 02 list row: 'Depth: {n}'. */
export const depthLine = (depth: number) => `Depth: ${depth}`;


/** Contract §13.6: the server refuses to delete a source in use; the Delete buttons say so beforehand. */
export const inUseHint = (usedBy: ReadonlyArray<{ name: string }>) => WEB_SOURCE_MESSAGES.inUse(usedBy.map((kb) => kb.name).join(', '));

/** Contract §13.7: a sync is refused while a crawl is queued or running. */
export const isCrawling = (status: WebSourceStatus | string | undefined) => status === 'pending' || status === 'crawling';

export const STATUS_LABELS: Record<WebSourceStatus, string> = { pending: 'Pending', crawling: 'Crawling', ready: 'Ready', failed: 'Failed' };
export function statusLabel(status: string): string {
  return (STATUS_LABELS as Record<string, string | undefined>)[status] ?? (status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown');
}
export function statusColor(status: string): 'success' | 'info' | 'error' | 'default' {
  return status === 'ready' ? 'success' : isCrawling(status) ? 'info' : status === 'failed' ? 'error' : 'default';
}

/** A date with its time, for crawl moments; missing or unreadable ones show a dash. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

// ---------------------------------------------------------------------------------------------------
// The shared create/edit form.

export type WebSourceField = 'name' | 'description' | 'url' | 'crawl_frequency' | 'crawl_depth' | 'sitemap_url';

export interface WebSourceFormValues {
  name: string;
  url: string;
  description: string;
  crawl_frequency: CrawlFrequency;
  /** As typed, so a cleared field stays empty. */
  crawl_depth: string;
  sitemap_url: string;
}

/** Spec 02 §3: crawl_frequency 'daily' and crawl_depth 2 by default. */
export const EMPTY_WEB_SOURCE: WebSourceFormValues = {
  name: '',
  url: '',
  description: '',
  crawl_frequency: DEFAULT_CRAWL_FREQUENCY,
  crawl_depth: String(CRAWL_DEPTH.default),
  sitemap_url: '',
};

export function valuesOf(source: WebSource): WebSourceFormValues {
  return {
    name: source.name,
    url: source.configuration.url,
    description: source.description,
    crawl_frequency: source.configuration.crawl_frequency,
    crawl_depth: String(source.configuration.crawl_depth),
    sitemap_url: source.configuration.sitemap_url ?? '',
  };
}

/** Spec 02 §3 save payload: name, description, source_type 'web_source', configuration. */
function payloadOf(values: WebSourceFormValues) {
  const depth = values.crawl_depth.trim();
  return {
    name: values.name,
    description: values.description,
    source_type: 'web_source' as const,
    configuration: {
      url: values.url,
      crawl_frequency: values.crawl_frequency,
      // An empty depth is not "the default": the form shows 2 until it is cleared, so a cleared one is a mistake.
      crawl_depth: depth === '' ? Number.NaN : Number(depth),
      sitemap_url: values.sitemap_url,
    },
  };
}

/** Where a contract field path (the issue path, or a 400's `details[].field`) shows in the form. */
export function formFieldOf(path: string): WebSourceField | undefined {
  const field = path.replace(/^configuration\./, '');
  return (['name', 'description', 'url', 'crawl_frequency', 'crawl_depth', 'sitemap_url'] as const).find((candidate) => candidate === field);
}

export type WebSourceFormErrors = Partial<Record<WebSourceField, string>>;

/**
 * Spec 02 §5 "Web source form" through the contract's own schema (§13.4): the same messages the server
 * answers, per field. The host check ("URL is not allowed") is the server's alone.
 */
export function validateWebSource(values: WebSourceFormValues): { body: CreateWebSourceRequest; errors?: undefined } | { body?: undefined; errors: WebSourceFormErrors } {
  const result = createWebSourceRequestSchema().safeParse(payloadOf(values));
  if (result.success) return { body: result.data };
  const errors: WebSourceFormErrors = {};
  for (const issue of result.error.issues) {
    const field = formFieldOf(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** A 400's `details` (contract §1.4) as the form's field errors. */
export function serverFieldErrors(details: Record<string, string>): WebSourceFormErrors {
  const errors: WebSourceFormErrors = {};
  for (const [path, message] of Object.entries(details)) {
    const field = formFieldOf(path);
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------------
// The crawl report (an addition to the contract: docs/web-sources.md).

export const SKIP_LABELS: Record<keyof CrawlReport['skipped'], string> = {
  robots: 'Disallowed by robots.txt',
  type: 'Not HTML or PDF',
  host: 'On another host',
  noindex: 'Marked noindex',
  duplicate: 'Duplicates',
  depth: 'Beyond the crawl depth',
};

export const STOPPED_BY_TEXT: Record<NonNullable<CrawlReport['stopped_by']>, string> = {
  'page-cap': 'Stopped at the limit of 500 pages per crawl.',
  'page-limit': "Stopped at the plan's indexed page limit.",
};

export const CRAWL_TEXTS = {
  heading: 'Last crawl',
  noReport: 'No crawl has finished yet.',
  waiting: 'The crawl is queued and starts shortly.',
  running: 'Crawling... the figures below grow as pages are fetched.',
  failedPages: 'Failed pages',
};

/** 'Showing the first 50 of 73 failed pages' when the report keeps fewer than it counted. */
export function failedListNote(report: Pick<CrawlReport, 'failed' | 'failed_count'>): string | undefined {
  return report.failed_count > report.failed.length ? `Showing the first ${report.failed.length} of ${report.failed_count} failed pages.` : undefined;
}

export const skippedTotal = (report: Pick<CrawlReport, 'skipped'>) => Object.values(report.skipped).reduce((sum, count) => sum + count, 0);
