import type { ExtractedDocument } from '../../extraction/extracted-document';
import type { ExtractionInput } from '../../extraction/extract-document';
import type { OutboundPolicy } from '../../outbound/url-guard';

/**
 * The crawler's interface (contract §13.8), as the `web.crawl` worker calls it: crawlSlice
 * (crawl-slice.ts) crawls until its deadline and hands back either a cursor to continue from or the
 * finished crawl. Everything here is plain JSON, so a cursor can travel in a queue message or be
 * stored between slices.
 *
 * Beyond the shape first agreed for issue 18: CrawledPage and PreviousPage carry the page's
 * `links`, because a page answered 304 has no body to read them from (a sink that does not keep
 * them still works: the crawler then asks conditionally only for pages at the last depth);
 * CrawlSliceInput takes an optional `extractPdf`; the cursor's `report` is the progress so far.
 */

/** The User-Agent sent with every request, and the name robots.txt rules are matched against. */
export const CRAWLER_USER_AGENT = 'GroundworkCrawler/1.0';
/** §13.8: at most this many pages per crawl, whatever maxPages asks. */
export const MAX_PAGES_PER_CRAWL = 500;
/** §13.8: 30 s per page. */
export const PAGE_TIMEOUT_MS = 30_000;
/** §13.8: at most 2 requests per second per host. */
export const REQUEST_INTERVAL_MS = 500;
/** §13.8's `last_error` for a crawl that ended at the organization's indexed pages limit (stoppedBy 'page-limit'). */
export const INDEXED_PAGE_LIMIT_REACHED = 'Indexed page limit reached';

export interface CrawlConfig {
  /** The start page: its scheme, host and port are the crawl's origin (or where the start page itself redirects on the same host name: CrawlCursor.origin). */
  url: string;
  /** Its page entries on the crawl's origin start at depth 1; sitemap indexes are followed. */
  sitemapUrl?: string;
  /** 1 = the start page (and sitemap entries) only; n adds pages n−1 links away. Clamped to 1–5. */
  depth: number;
  /** Pages per crawl; default and maximum 500. */
  maxPages?: number;
  /**
   * The organization's remaining indexed pages: the crawl ends with stoppedBy 'page-limit' once it
   * has that many pages (saved or kept, as maxPages counts them) and more are waiting.
   */
  pageLimit?: number;
}

/** What the sink remembers of a page from an earlier crawl. */
export interface PreviousPage {
  etag?: string;
  lastModified?: string;
  contentHash: string;
  /**
   * The page's `links` as saved. A page answered 304 has no body to read links from: with these the
   * crawl still follows them. Without them the crawler sends no conditional request for a page
   * whose links it still needs (one above the last depth), so the crawl never loses the pages
   * behind an unchanged one.
   */
  links?: string[];
}

export interface CrawledPage {
  /** The normalised URL (url-normalisation.ts pageKey): the page's identity across crawls. */
  url: string;
  title: string;
  contentType: 'text/html' | 'application/pdf';
  document: ExtractedDocument;
  etag?: string;
  lastModified?: string;
  /** SHA-256 (hex) of the title, text and links: a page whose hash is unchanged is kept, not saved. */
  contentHash: string;
  /** Same-origin links the crawler may follow from this page (absolute, fragment and tracking removed). Empty for PDFs and nofollow pages. */
  links: string[];
}

export interface CrawlReport {
  /** Pages saved (new or changed). */
  indexed: number;
  /** Pages unchanged since the last crawl (304, or the same contentHash): kept. */
  unchanged: number;
  /**
   * Each URL counts once: robots (disallowed by robots.txt), type (neither HTML nor PDF, by
   * Content-Type, or a media/asset file extension that is never a page), host (another scheme,
   * host or port, links and redirects alike), noindex (pages that ask not to be indexed),
   * duplicate (a redirect or canonical leading to a page already in the crawl), depth (pages found
   * one link beyond the crawl depth).
   */
  skipped: { robots: number; type: number; host: number; noindex: number; duplicate: number; depth: number };
  /** Pages (and sitemaps) that could not be read, with why: "HTTP 404", "Timed out after 30 s", "URL is not allowed", … At most 200 listed. */
  failed: Array<{ url: string; reason: string }>;
  /** Why the crawl ended before its frontier was empty: the 500-page cap or the organization's limit. */
  stoppedBy?: 'page-cap' | 'page-limit';
}

/** A page still to fetch: the URL as found (cleaned) and its depth (the start page is 1). */
export interface FrontierEntry {
  url: string;
  depth: number;
}

/**
 * Where a crawl stands between slices. Opaque to the worker except `report` (the progress so far,
 * e.g. for the edit page while crawling). Its size grows with the site: every URL discovered is in
 * `seen`, so a 500-page crawl's cursor can be a few hundred KB; store it rather than inline it in a
 * small queue message. robots.txt is fetched again by every slice.
 */
export interface CrawlCursor {
  version: 1;
  /** Sitemap documents still to read (sitemap indexes add theirs), and how many were read. */
  sitemaps: string[];
  sitemapsRead: number;
  /** Pages still to fetch, in breadth-first order. */
  frontier: FrontierEntry[];
  /** Normalised URLs already queued, fetched or skipped: each is handled once. */
  seen: string[];
  /** Normalised URLs saved or kept so far: the crawl's page set. */
  kept: string[];
  report: CrawlReport;
  /** Per host (host:port), the epoch ms of its last request: the next slice keeps the 2/s pace. */
  lastRequestAt: Record<string, number>;
  /**
   * The crawl's origin when it is not the start URL's: the start page redirected to its https or
   * www. twin (http://example.com/ -> https://www.example.com/), and the crawl follows the site there.
   */
  origin?: string;
}

export interface PageSink {
  /** The page as the last crawl left it, for conditional requests (If-None-Match / If-Modified-Since). */
  previous(url: string): Promise<PreviousPage | undefined>;
  /** A new or changed page. Idempotent per normalised url: a redelivered slice may save a page again. */
  save(page: CrawledPage): Promise<void>;
  /** A page unchanged since the last crawl (304 or same contentHash): still part of this crawl. */
  keep(url: string): Promise<void>;
}

export type CrawlSliceResult = { done: false; cursor: CrawlCursor } | { done: true; report: CrawlReport; keptUrls: string[] };

/** PDFs are extracted in a worker thread with the page's own time limit (isolated-extraction.ts). */
export type PdfExtractor = (input: ExtractionInput, timeoutMs: number) => Promise<ExtractedDocument>;

export interface CrawlSliceInput {
  config: CrawlConfig;
  /** Where the last slice stopped; none for a new crawl. Never changed by the slice. */
  cursor?: CrawlCursor;
  sink: PageSink;
  /** The SSRF guard's policy for every request (§1.10); allowPrivate is the local and test override. */
  policy: OutboundPolicy;
  /**
   * Epoch ms: the slice returns a cursor before it. A request starts only while the time it may take
   * (30 s, twice for a page: fetch and extraction) still fits before the deadline.
   */
  deadline: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Per request; default 30 000 (§13.8). */
  pageTimeoutMs?: number;
  /** How PDFs become documents; default extractDocumentIsolated. */
  extractPdf?: PdfExtractor;
}
