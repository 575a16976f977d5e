import { createHash } from 'node:crypto';
import type { ExtractedDocument } from '../../extraction/extracted-document';
import { isExtractionError } from '../../extraction/extraction-error';
import { extractDocumentIsolated } from '../../extraction/isolated-extraction';
import { URL_NOT_ALLOWED } from '../../outbound/url-guard';
import { copyReport, emptyReport, pagesCounted, recordFailure, recordSkip, type SkipReason } from './crawl-report';
import {
  MAX_PAGES_PER_CRAWL,
  PAGE_TIMEOUT_MS,
  type CrawlConfig,
  type CrawlCursor,
  type CrawledPage,
  type CrawlReport,
  type CrawlSliceInput,
  type CrawlSliceResult,
  type FrontierEntry,
  type PdfExtractor,
  type PreviousPage,
} from './crawl-types';
import { readHtmlPage } from './html-page';
import { fetchOnce, type FetchRequest, type FetchResult } from './page-fetch';
import { Politeness, realClock, type Clock } from './politeness';
import { ALLOW_ALL, robotsRules, robotsUrlOf, ROBOTS_MAX_BYTES, type RobotsRules } from './robots';
import { MAX_SITEMAP_DOCUMENTS, parseSitemap, SITEMAP_MAX_BYTES } from './sitemap';
import { cleanUrl, neverAPage, pageKey, sameOrigin } from './url-normalisation';

/** Redirects followed per page (§13.8, as guardedFetch's own default). */
const MAX_REDIRECTS = 5;
/** HTML is read up to this size; PDFs up to MAX_BODY_BYTES. */
const MAX_HTML_BYTES = 10 * 1024 * 1024;
const MAX_BODY_BYTES = 50 * 1024 * 1024;
/** Pages waiting at once: more than a 500-page crawl can use, few enough to keep the cursor small (further links are dropped). */
const MAX_FRONTIER = 10 * MAX_PAGES_PER_CRAWL;
const MAX_DEPTH = 5;

export type { CrawlSliceInput, PdfExtractor };

const defaultExtractPdf: PdfExtractor = (input, timeoutMs) => extractDocumentIsolated(input, { timeoutMs });

/**
 * One slice of a crawl (contract §13.8): from the cursor (or the start URL and sitemap), pages are
 * fetched breadth first, one request at a time, until the frontier is empty, the page cap or the
 * organization's limit is reached (done), or the deadline is near (a cursor to continue from).
 *
 * Every page handed to the sink is in the cursor returned after it, and nothing is in a cursor that
 * the sink has not been given: a slice redelivered with the same cursor after a crash fetches again
 * what the lost slice fetched, and save is idempotent per URL, so no page is lost or doubled.
 * A sink that throws ends the slice with its error; the slice can be run again from the same cursor.
 * Nothing else throws but a config whose URL is not an absolute http(s) URL: pages that cannot be
 * read are the report's `failed`, and a crawl whose start page failed ends done with nothing kept.
 */
export async function crawlSlice(input: CrawlSliceInput): Promise<CrawlSliceResult> {
  return new Crawl(input).run();
}

/** A new crawl's cursor, as crawlSlice starts from when it is given none. */
export function initialCursor(config: CrawlConfig): CrawlCursor {
  const start = startUrlOf(config);
  const report = emptyReport();
  const sitemaps: string[] = [];
  if (config.sitemapUrl) {
    const sitemap = cleanUrl(config.sitemapUrl, start);
    if (sitemap) sitemaps.push(sitemap.href);
    else recordFailure(report, config.sitemapUrl, 'Not a valid URL');
  }
  return { version: 1, sitemaps, sitemapsRead: 0, frontier: [{ url: start.href, depth: 1 }], seen: [pageKey(start)], kept: [], report, lastRequestAt: {} };
}

function startUrlOf(config: CrawlConfig): URL {
  const start = cleanUrl(config.url);
  if (!start) throw new TypeError(`The crawl's URL is not an absolute http(s) URL: ${config.url}`);
  return start;
}

type Step = 'done' | 'paused';

class Crawl {
  private origin: URL;
  private readonly start: URL;
  private readonly maxDepth: number;
  private readonly limit: number;
  private readonly limitReason: 'page-cap' | 'page-limit';
  private readonly clock: Clock;
  private readonly pageTimeoutMs: number;
  private readonly extractPdf: PdfExtractor;
  private readonly politeness: Politeness;

  private readonly sitemaps: string[];
  private sitemapsRead: number;
  private readonly frontier: FrontierEntry[];
  private head = 0;
  private readonly seen: Set<string>;
  private readonly kept: string[];
  private readonly keptSet: Set<string>;
  private readonly report: CrawlReport;
  private robots: RobotsRules | undefined;

  constructor(private readonly input: CrawlSliceInput) {
    const { config } = input;
    this.start = startUrlOf(config);
    this.maxDepth = Math.min(MAX_DEPTH, Math.max(1, Math.floor(config.depth) || 1));
    const cap = Math.min(MAX_PAGES_PER_CRAWL, Math.max(0, config.maxPages ?? MAX_PAGES_PER_CRAWL));
    const pageLimit = config.pageLimit === undefined ? Infinity : Math.max(0, config.pageLimit);
    this.limit = Math.min(cap, pageLimit);
    this.limitReason = pageLimit <= cap ? 'page-limit' : 'page-cap';
    this.clock = { now: input.now ?? realClock.now, sleep: input.sleep ?? realClock.sleep };
    this.pageTimeoutMs = input.pageTimeoutMs ?? PAGE_TIMEOUT_MS;
    this.extractPdf = input.extractPdf ?? defaultExtractPdf;

    const cursor = input.cursor ?? initialCursor(config);
    this.origin = new URL(cursor.origin ?? this.start.origin);
    this.sitemaps = [...cursor.sitemaps];
    this.sitemapsRead = cursor.sitemapsRead;
    this.frontier = cursor.frontier.map((entry) => ({ ...entry }));
    this.seen = new Set(cursor.seen);
    this.kept = [...cursor.kept];
    this.keptSet = new Set(cursor.kept);
    this.report = copyReport(cursor.report);
    this.politeness = new Politeness(this.clock, cursor.lastRequestAt);
  }

  async run(): Promise<CrawlSliceResult> {
    while (this.sitemaps.length > 0) {
      if ((await this.readSitemap(this.sitemaps[0]!)) === 'paused') return this.pause();
      this.sitemaps.shift();
      this.sitemapsRead += 1;
    }
    while (this.head < this.frontier.length) {
      if (pagesCounted(this.report) >= this.limit) {
        this.report.stoppedBy = this.limitReason;
        break;
      }
      if (!this.robots && (await this.loadRobots()) === 'paused') return this.pause();
      if ((await this.crawlPage(this.frontier[this.head]!)) === 'paused') return this.pause();
      this.head += 1;
    }
    return { done: true, report: this.report, keptUrls: [...this.kept] };
  }

  private pause(): CrawlSliceResult {
    return {
      done: false,
      cursor: {
        version: 1,
        sitemaps: [...this.sitemaps],
        sitemapsRead: this.sitemapsRead,
        frontier: this.frontier.slice(this.head),
        seen: [...this.seen],
        kept: [...this.kept],
        report: copyReport(this.report),
        lastRequestAt: this.politeness.snapshot(),
        ...(this.origin.origin !== this.start.origin ? { origin: this.origin.origin } : {}),
      },
    };
  }

  /** Whether a request to `host` that may take `reserveMs` still ends before the deadline. */
  private hasTime(host: string, reserveMs: number): boolean {
    return this.clock.now() + this.politeness.delay(host) + reserveMs < this.input.deadline;
  }

  private async request(url: URL, options: Omit<FetchRequest, 'url' | 'policy' | 'timeoutMs'>): Promise<FetchResult> {
    await this.politeness.wait(url.host);
    return fetchOnce({ url, policy: this.input.policy, timeoutMs: this.pageTimeoutMs, ...options });
  }

  /** robots.txt or a sitemap: redirects followed wherever the guard lets them go. */
  private async fetchFollowing(start: URL, maxBytes: number): Promise<FetchResult | 'paused'> {
    let url = start;
    for (let hop = 0; ; hop += 1) {
      if (!this.hasTime(url.host, this.pageTimeoutMs)) return 'paused';
      const result = await this.request(url, { maxBytes });
      if (result.kind !== 'redirect' || hop >= MAX_REDIRECTS) return result;
      const next = result.location ? cleanUrl(result.location, url) : undefined;
      if (!next) return { kind: 'failed', reason: 'Redirect without a valid location' };
      url = next;
    }
  }

  private async loadRobots(): Promise<Step> {
    const robotsUrl = robotsUrlOf(this.origin);
    const result = await this.fetchFollowing(new URL(robotsUrl), ROBOTS_MAX_BYTES);
    if (result === 'paused') return 'paused';
    switch (result.kind) {
      case 'body':
        this.robots = robotsRules(robotsUrl, { status: result.status, text: new TextDecoder('utf-8').decode(result.bytes) });
        break;
      case 'status':
        this.robots = robotsRules(robotsUrl, { status: result.status, text: '' });
        break;
      case 'failed':
        // A host the guard refuses is refused for every page too, and each page says so ("URL is not allowed").
        this.robots = result.reason === URL_NOT_ALLOWED ? ALLOW_ALL : robotsRules(robotsUrl, { unreachable: true });
        break;
      default:
        // Redirects without end, or a 304 to a request that asked for none: no rules to read.
        this.robots = ALLOW_ALL;
    }
    if (this.robots.crawlDelayMs) this.politeness.slowDown(this.origin.host, this.robots.crawlDelayMs);
    return 'done';
  }

  private async readSitemap(sitemapUrl: string): Promise<Step> {
    const result = await this.fetchFollowing(new URL(sitemapUrl), SITEMAP_MAX_BYTES);
    if (result === 'paused') return 'paused';
    if (result.kind !== 'body') {
      recordFailure(this.report, sitemapUrl, failureReason(result));
      return 'done';
    }
    let content: ReturnType<typeof parseSitemap>;
    try {
      content = parseSitemap(result.bytes);
    } catch {
      recordFailure(this.report, sitemapUrl, 'Sitemap could not be read');
      return 'done';
    }
    if (content.pages.length === 0 && content.sitemaps.length === 0) recordFailure(this.report, sitemapUrl, 'Sitemap lists no pages');
    // §13.8: root-relative locations resolve against the crawl's URL.
    for (const location of content.pages) {
      const url = cleanUrl(location, this.input.config.url);
      if (url) this.discover(url, 1);
    }
    for (const location of content.sitemaps) {
      const url = cleanUrl(location, sitemapUrl);
      if (url && !this.sitemaps.includes(url.href) && this.sitemapsRead + this.sitemaps.length < MAX_SITEMAP_DOCUMENTS) this.sitemaps.push(url.href);
    }
    return 'done';
  }

  /** A URL found in a sitemap (depth 1) or on a page (its depth + 1): queued, or counted as skipped, once. */
  private discover(url: URL, depth: number): void {
    if (!sameOrigin(url, this.origin)) {
      if (this.markSeen(url.href)) recordSkip(this.report, 'host');
      return;
    }
    if (!this.markSeen(pageKey(url))) return;
    if (neverAPage(url)) recordSkip(this.report, 'type');
    else if (depth > this.maxDepth) recordSkip(this.report, 'depth');
    else if (this.frontier.length - this.head < MAX_FRONTIER) this.frontier.push({ url: url.href, depth });
  }

  private markSeen(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }

  /**
   * One frontier entry: its redirects followed (each target checked for origin, loops, robots and
   * the seen set), then the page kept, saved or skipped. A pause before a redirect's next hop undoes
   * what the entry marked as seen, so that the next slice starts it afresh.
   */
  private async crawlPage(entry: FrontierEntry): Promise<Step> {
    let url = new URL(entry.url);
    let key = pageKey(url);
    if (this.keptSet.has(key)) return this.skip('duplicate');
    const chain = [url.href];
    const marked: string[] = [];
    for (let hop = 0; ; hop += 1) {
      if (!this.robots!.isAllowed(url)) return this.skip('robots');
      const previous = await this.input.sink.previous(key);
      // A 304 has no body to read links from: ask conditionally only when the links are known or not needed.
      const conditional = previous && (previous.links !== undefined || entry.depth >= this.maxDepth) ? conditionalHeaders(previous) : {};
      if (!this.hasTime(url.host, 2 * this.pageTimeoutMs)) {
        for (const each of marked) this.seen.delete(each);
        return 'paused';
      }
      const result = await this.request(url, { maxBytes: MAX_BODY_BYTES, headers: conditional, wantBody: (type) => pageKind(type) !== 'other' });
      switch (result.kind) {
        case 'redirect': {
          const target = result.location ? cleanUrl(result.location, url) : undefined;
          if (!target) return this.fail(url, 'Redirect without a valid location');
          if (!sameOrigin(target, this.origin)) {
            if (!this.mayMoveTo(entry, target)) return this.skip('host');
            // The site itself says where it lives (http://example.com/ -> https://www.example.com/): it is crawled there.
            this.origin = new URL(target.origin);
            this.robots = undefined;
            const loaded = await this.loadRobots();
            if (loaded === 'paused') {
              for (const each of marked) this.seen.delete(each);
              return 'paused';
            }
          }
          if (chain.includes(target.href)) return this.fail(new URL(entry.url), 'Redirect loop');
          if (hop >= MAX_REDIRECTS) return this.fail(new URL(entry.url), 'Too many redirects');
          const targetKey = pageKey(target);
          if (targetKey !== key) {
            if (this.keptSet.has(targetKey) || this.seen.has(targetKey)) return this.skip('duplicate');
            this.seen.add(targetKey);
            marked.push(targetKey);
          }
          url = target;
          key = targetKey;
          chain.push(target.href);
          continue;
        }
        case 'not-modified':
          if (!previous) return this.fail(url, 'HTTP 304 to a request that was not conditional');
          await this.input.sink.keep(key);
          this.addKept(key, 'unchanged');
          for (const link of previous.links ?? []) this.follow(link, entry.depth);
          return 'done';
        case 'unwanted-type':
          return this.skip('type');
        case 'body':
          return await this.readPage(entry, url, key, previous, result);
        default:
          return this.fail(url, failureReason(result));
      }
    }
  }

  /**
   * Whether a redirect of the start page itself to another origin moves the crawl there: only before
   * any page is kept, and only to the same host name or its www. twin (a scheme upgrade, a new port,
   * the canonical host). Any other origin is another site, skipped as "host".
   */
  private mayMoveTo(entry: FrontierEntry, target: URL): boolean {
    if (entry.url !== this.start.href || this.kept.length > 0 || this.origin.origin !== this.start.origin) return false;
    const bare = (host: string) => host.replace(/^www\./, '');
    return bare(target.hostname) === bare(this.start.hostname);
  }

  private follow(link: string, depth: number): void {
    const url = cleanUrl(link);
    if (url) this.discover(url, depth + 1);
  }

  private async readPage(entry: FrontierEntry, fetched: URL, fetchedKey: string, previous: PreviousPage | undefined, result: Extract<FetchResult, { kind: 'body' }>): Promise<Step> {
    const kind = pageKind(result.contentType, result.bytes);
    if (kind === 'other') return this.skip('type');
    let key = fetchedKey;
    let document: ExtractedDocument;
    let links: string[] = [];
    if (kind === 'html') {
      if (result.bytes.byteLength > MAX_HTML_BYTES) return this.fail(fetched, `Larger than ${MAX_HTML_BYTES / (1024 * 1024)} MB`);
      const page = readHtmlPage(result.bytes, fetched, { ...(result.charset ? { charset: result.charset } : {}), ...(result.robotsTag ? { robotsTag: result.robotsTag } : {}) });
      if (!page.nofollow) {
        links = page.links.filter((link) => sameOrigin(link, this.origin)).map((link) => link.href);
        for (const link of page.links) this.discover(link, entry.depth + 1);
      }
      if (page.noindex) return this.skip('noindex');
      // A same-origin canonical URL is the page's identity: the page is stored once, under it.
      if (page.canonical && sameOrigin(page.canonical, this.origin) && this.robots!.isAllowed(page.canonical)) {
        const canonicalKey = pageKey(page.canonical);
        if (canonicalKey !== key) {
          if (this.keptSet.has(canonicalKey)) return this.skip('duplicate');
          this.seen.add(canonicalKey);
          key = canonicalKey;
        }
      }
      try {
        document = page.extract();
      } catch (error) {
        return this.fail(fetched, extractionReason(error, 'html'));
      }
    } else {
      if (robotsTagSaysNoindex(result.robotsTag)) return this.skip('noindex');
      try {
        document = await this.extractPdf({ bytes: result.bytes, fileName: fileNameOf(fetched) || 'page.pdf', mimeType: 'application/pdf' }, this.pageTimeoutMs);
      } catch (error) {
        return this.fail(fetched, extractionReason(error, 'pdf'));
      }
    }

    const title = document.metadata.title?.trim() || fileNameOf(fetched) || key;
    const contentHash = createHash('sha256').update(JSON.stringify([title, document.text, links])).digest('hex');
    const earlier = key === fetchedKey ? previous : await this.input.sink.previous(key);
    if (earlier?.contentHash === contentHash) {
      await this.input.sink.keep(key);
      this.addKept(key, 'unchanged');
      return 'done';
    }
    const page: CrawledPage = {
      url: key,
      title,
      contentType: kind === 'html' ? 'text/html' : 'application/pdf',
      document,
      contentHash,
      links,
      ...(result.etag ? { etag: result.etag } : {}),
      ...(result.lastModified ? { lastModified: result.lastModified } : {}),
    };
    await this.input.sink.save(page);
    this.addKept(key, 'indexed');
    return 'done';
  }

  private addKept(key: string, as: 'indexed' | 'unchanged'): void {
    this.seen.add(key);
    if (this.keptSet.has(key)) return;
    this.keptSet.add(key);
    this.kept.push(key);
    this.report[as] += 1;
  }

  private skip(reason: SkipReason): Step {
    recordSkip(this.report, reason);
    return 'done';
  }

  private fail(url: URL, reason: string): Step {
    recordFailure(this.report, url.href, reason);
    return 'done';
  }
}

function conditionalHeaders(previous: PreviousPage): Record<string, string> {
  return {
    ...(previous.etag ? { 'If-None-Match': previous.etag } : {}),
    ...(previous.lastModified ? { 'If-Modified-Since': previous.lastModified } : {}),
  };
}

/** HTML and PDF only (§13.8), by Content-Type; a body sent without one (or as octet-stream) is sniffed. */
function pageKind(contentType: string, bytes?: Uint8Array): 'html' | 'pdf' | 'other' {
  if (contentType === 'text/html' || contentType === 'application/xhtml+xml') return 'html';
  if (contentType === 'application/pdf' || contentType === 'application/x-pdf') return 'pdf';
  if (contentType !== '' && contentType !== 'application/octet-stream') return 'other';
  if (!bytes) return 'html';
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (head.startsWith('%PDF-')) return 'pdf';
  return /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(head.replace(/^\uFEFF|^ï»¿/, '')) ? 'html' : 'other';
}

function robotsTagSaysNoindex(robotsTag: string | undefined): boolean {
  if (!robotsTag) return false;
  return robotsTag
    .split(/,|\n/)
    .map((part) => part.trim().toLowerCase())
    .some((part) => part === 'noindex' || part === 'none' || part === 'groundworkcrawler: noindex' || part === 'groundworkcrawler: none');
}

function failureReason(result: FetchResult): string {
  switch (result.kind) {
    case 'failed':
      return result.reason;
    case 'status':
      return `HTTP ${result.status}`;
    case 'redirect':
      return 'Too many redirects';
    case 'not-modified':
      return 'HTTP 304 to a request that was not conditional';
    case 'unwanted-type':
      return `Not HTML or PDF (${result.contentType})`;
    case 'body':
      return 'Could not be read';
  }
}

function extractionReason(error: unknown, kind: 'html' | 'pdf'): string {
  if (isExtractionError(error)) {
    if (kind === 'html' && (error.failure === 'empty' || error.failure === 'no_text')) return 'No text on the page';
    return error.message;
  }
  return 'Could not be read';
}

function fileNameOf(url: URL): string {
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
