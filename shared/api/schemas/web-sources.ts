import { z } from 'zod';
import { descriptionField, nameField } from '../../rules/fields';
import { isoDate, knowledgeBaseRefSchema } from './common';

/** Contract §13 texts. */
export const WEB_SOURCE_MESSAGES = {
  notFound: 'Web source not found',
  urlRequired: 'Website URL is required',
  urlInvalid: 'Website URL must be a valid URL',
  frequencyInvalid: 'Crawl frequency must be one of daily, weekly, monthly',
  depthInvalid: 'Crawl depth must be between 1 and 5',
  sitemapInvalid: 'Sitemap URL must be a valid URL',
  sourceTypeInvalid: 'source_type must be web_source',
  urlNotAllowed: 'URL is not allowed',
  created: 'Web source created successfully',
  updated: 'Web source updated successfully',
  syncStarted: 'Web source sync initiated',
  syncRunning: 'A sync is already in progress for this web source',
  inUse: (names: string) => `Cannot delete web source as it is used in: ${names}`,
  pageLimitReached: 'Indexed page limit reached',
} as const;

export const CRAWL_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type CrawlFrequency = (typeof CRAWL_FREQUENCIES)[number];
export const WEB_SOURCE_STATUSES = ['pending', 'crawling', 'ready', 'failed'] as const;
export type WebSourceStatus = (typeof WEB_SOURCE_STATUSES)[number];
export const CRAWL_DEPTH = { min: 1, max: 5, default: 2 } as const;
export const DEFAULT_CRAWL_FREQUENCY: CrawlFrequency = 'daily';
/** At most this many failed pages are kept in a crawl report; `failed` still counts them all. */
export const CRAWL_REPORT_FAILURES = 50;

export const webSourceConfigurationSchema = z.object({
  url: z.string(),
  crawl_frequency: z.enum(CRAWL_FREQUENCIES),
  sitemap_url: z.string().optional(),
  crawl_depth: z.number().int(),
});
export type WebSourceConfiguration = z.infer<typeof webSourceConfigurationSchema>;

/**
 * What the last crawl did (an addition to the contract, documented in docs/web-sources.md): the
 * edit page shows it, so an admin can see why a page is missing.
 */
export const crawlReportSchema = z.object({
  started_at: isoDate,
  finished_at: isoDate.nullable(),
  indexed: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.object({
    robots: z.number().int(),
    type: z.number().int(),
    host: z.number().int(),
    noindex: z.number().int(),
    duplicate: z.number().int(),
    depth: z.number().int(),
  }),
  failed_count: z.number().int(),
  failed: z.array(z.object({ url: z.string(), reason: z.string() })),
  stopped_by: z.enum(['page-cap', 'page-limit']).nullable(),
});
export type CrawlReport = z.infer<typeof crawlReportSchema>;

/** The WebSource entity (contract §2). */
export const webSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  source_type: z.literal('web_source'),
  status: z.enum(WEB_SOURCE_STATUSES),
  configuration: webSourceConfigurationSchema,
  used_by_kbs: z.array(knowledgeBaseRefSchema),
  page_count: z.number().int(),
  last_crawled_at: isoDate.nullable(),
  next_crawl_at: isoDate.nullable(),
  last_error: z.string().nullable(),
  crawl_report: crawlReportSchema.nullable(),
  created_by: z.string(),
  created_by_name: z.string(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type WebSource = z.infer<typeof webSourceSchema>;

/** §13.1 */
export const webSourceListSchema = z.object({
  webSources: z.array(webSourceSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type WebSourceList = z.infer<typeof webSourceListSchema>;

export const webSourceAnswerSchema = z.object({ webSource: webSourceSchema });
export const webSourceSavedSchema = z.object({ webSource: webSourceSchema, message: z.string() });
/** §13.3 */
export const webSourceUsageSchema = z.object({ knowledgeBases: z.array(knowledgeBaseRefSchema) });

/** What only the server knows: whether a URL's host may be fetched (§1.10). */
export interface WebSourceRequestContext {
  urlAllowed(url: string): Promise<boolean>;
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : trimmed(value));

function isHttpUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An absolute http(s) URL of at most 2048 characters (§1.10) with the field's own wording. */
function urlField(invalid: string) {
  return z.string({ error: invalid }).refine(isHttpUrl, invalid);
}

/** A whole number in 1–5 (numeric strings are accepted: HTML forms send them). */
const crawlDepth = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number({ error: WEB_SOURCE_MESSAGES.depthInvalid }).int(WEB_SOURCE_MESSAGES.depthInvalid).min(CRAWL_DEPTH.min, WEB_SOURCE_MESSAGES.depthInvalid).max(CRAWL_DEPTH.max, WEB_SOURCE_MESSAGES.depthInvalid),
);
const frequency = z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.enum(CRAWL_FREQUENCIES, { error: WEB_SOURCE_MESSAGES.frequencyInvalid }));

function configurationFields(partial: boolean) {
  const url = z.preprocess(blankToUndefined, urlField(WEB_SOURCE_MESSAGES.urlInvalid).optional());
  return z.object({
    url: partial ? url : z.preprocess(blankToUndefined, z.string({ error: WEB_SOURCE_MESSAGES.urlRequired }).refine(isHttpUrl, WEB_SOURCE_MESSAGES.urlInvalid)),
    crawl_frequency: z.preprocess(blankToUndefined, frequency.optional()),
    crawl_depth: z.preprocess(blankToUndefined, crawlDepth.optional()),
    // Sent empty, the sitemap is removed (null); left out, it stays.
    sitemap_url: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : trimmed(value)), urlField(WEB_SOURCE_MESSAGES.sitemapInvalid).nullable().optional()),
  });
}

/**
 * §13.4 and §13.5 in the contract's message order: name, URL, frequency, depth, sitemap, source
 * type, then "URL is not allowed" (the host check runs only on URLs that are otherwise valid).
 * Without a context (the OpenAPI document) the host is not checked.
 */
function webSourceRequestSchema(partial: boolean, context?: WebSourceRequestContext) {
  const configuration = configurationFields(partial);
  const shape = z.object({
    name: partial ? nameField().optional() : z.preprocess((value) => value ?? '', nameField()),
    description: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), descriptionField().nullable().optional()),
    configuration: partial ? configuration.optional() : z.preprocess((value) => value ?? {}, configuration),
    source_type: z.literal('web_source', { error: WEB_SOURCE_MESSAGES.sourceTypeInvalid }).optional(),
  });
  // The host check is asynchronous, so only the server's schema has it: the OpenAPI generator parses synchronously.
  if (!context) return shape;
  return shape.superRefine(async (body, ctx) => {
    for (const field of ['url', 'sitemap_url'] as const) {
      const value = body.configuration?.[field];
      if (typeof value === 'string' && !(await context.urlAllowed(value))) {
        ctx.addIssue({ code: 'custom', path: ['configuration', field], message: WEB_SOURCE_MESSAGES.urlNotAllowed });
        return;
      }
    }
  });
}

/** §13.4 */
export const createWebSourceRequestSchema = (context?: WebSourceRequestContext) => webSourceRequestSchema(false, context) as unknown as z.ZodType<CreateWebSourceRequest>;
/** §13.5: any subset of §13.4's fields. */
export const updateWebSourceRequestSchema = (context?: WebSourceRequestContext) => webSourceRequestSchema(true, context) as unknown as z.ZodType<UpdateWebSourceRequest>;

/** What the schemas hand on (stated here: the preprocessing steps hide it from inference). */
export interface CreateWebSourceRequest {
  name: string;
  description?: string | null;
  configuration: { url: string; crawl_frequency?: CrawlFrequency; crawl_depth?: number; sitemap_url?: string | null };
  source_type?: 'web_source';
}
export interface UpdateWebSourceRequest {
  name?: string;
  description?: string | null;
  configuration?: Partial<CreateWebSourceRequest['configuration']>;
  source_type?: 'web_source';
}

