import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { CRAWL_REPORT_FAILURES, type CrawlReport as ReportEntity } from '../../../shared/api/schemas/web-sources';
import { crawlCursorKey, webPageKey, webSourcePrefix } from '../../contracts/keys/object-keys';
import { nowIso } from '../../contracts/keys/table-keys';
import { getPorts, type Ports } from '../../contracts/ports/ports';
import type { QueueMessage } from '../../contracts/ports/queue';
import { logger } from '../../observability/logger';
import { deleteObject, deletePrefix, platformStore } from '../files/file-store';
import { toStoredExtraction, writeExtraction } from '../ingestion/stored-extraction';
import { reindexKnowledgeBase } from '../knowledge-bases/deploy-knowledge-base';
import { KnowledgeBaseRepository } from '../knowledge-bases/knowledge-base-repository';
import { planInForce } from '../plans/organization-plan';
import { OrganizationRepository } from '../organizations/organization-repository';
import { counted, readCountersItem } from '../usage/counters-store';
import { indexedPageCounterWrite } from '../usage/data-source-quota';
import { INDEXED_PAGE_COUNTER } from '../usage/usage-report';
import { crawlSlice } from './crawl/crawl-slice';
import { INDEXED_PAGE_LIMIT_REACHED, type CrawlCursor, type CrawlReport, type PageSink } from './crawl/crawl-types';
import { webCrawlMessage, type WebCrawlPayload } from '../../contracts/messages/web-crawl-message';
import { nextCrawlAt, type WebPageRecord, type WebSourceRecord } from './web-source-record';
import { StaleWebSourceError, WebSourceRepository } from './web-source-repository';

/** §23.1: a slice stops starting new pages after 10 minutes, well inside the 15-minute invocation. */
export const CRAWL_SLICE_MS = 10 * 60 * 1000;

export interface CrawlDependencies {
  ports: () => Ports;
  sliceMs: number;
  now: () => number;
}

const DEFAULTS: CrawlDependencies = { ports: getPorts, sliceMs: CRAWL_SLICE_MS, now: Date.now };

/** A page's id: the normalised URL hashed, so any URL makes a short, safe key. */
export const pageIdOf = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 32);

/**
 * The `web.crawl` processor (§13.8, §23.1). Each slice crawls until its deadline, stores the pages
 * it found (their text in the platform bucket, an item per page) and hands on to the next slice
 * with the cursor stored beside them. The last slice removes the pages the site no longer has,
 * counts the kept ones, marks the source `ready` and re-indexes the ready knowledge bases using it.
 *
 * A slice whose source has gone, or started another crawl, or already moved past it (a late
 * duplicate) does nothing; a slice redelivered after a crash runs again from the same cursor,
 * and pages are stored by their id, so nothing is lost or doubled.
 */
export async function crawlWebSource(message: QueueMessage, dependencies: CrawlDependencies = DEFAULTS): Promise<void> {
  const ports = dependencies.ports();
  const payload = message.payload as unknown as WebCrawlPayload;
  const organizationId = message.organizationId;
  const repository = new WebSourceRepository(ports.database);
  const slice = payload.slice ?? 0;
  const context = { webSourceId: payload.webSourceId, crawlId: payload.crawlId, slice };

  let source = await repository.get(organizationId, payload.webSourceId);
  if (!source || source.crawl_id !== payload.crawlId || (source.crawl_slice ?? 0) !== slice || source.status === 'ready' || source.status === 'failed') {
    logger.info('Crawl slice skipped: the source is gone, crawling again, or past this slice', context);
    return;
  }
  // The report starts with the crawl, so the edit page shows progress (and when it began) from the first slice.
  if (source.status !== 'crawling' || !source.crawl_report) {
    source = await repository.replace(source, { ...source, status: 'crawling', crawl_report: source.crawl_report ?? reportEntity(NOTHING_YET, nowIso(), null), updated_at: nowIso() });
  }

  const cursor = payload.cursorKey ? await readCursor(ports, payload.cursorKey) : undefined;
  const pageLimit = await remainingPages(ports, source);
  const result = await crawlSlice({
    config: { url: source.configuration.url, sitemapUrl: source.configuration.sitemap_url, depth: source.configuration.crawl_depth, pageLimit },
    cursor,
    sink: pageSink(ports, source),
    policy: {},
    deadline: dependencies.now() + dependencies.sliceMs,
  });

  if (!result.done) {
    const next = slice + 1;
    const cursorKey = crawlCursorKey(organizationId, source.id, payload.crawlId, next);
    await writeCursor(ports, cursorKey, result.cursor);
    // The slice moves on once, so a duplicate of this message finds itself behind and stops.
    await repository.replace(source, { ...source, crawl_slice: next, crawl_report: reportEntity(result.cursor.report, source.crawl_report?.started_at ?? nowIso(), null) });
    await ports.queue.send('indexing', webCrawlMessage(organizationId, message.requestedBy, { ...payload, slice: next, cursorKey }));
    logger.info('Crawl continues in another slice', { ...context, next });
    return;
  }
  await finishCrawl(ports, source, result.report, result.keptUrls, message.requestedBy);
}

async function finishCrawl(ports: Ports, source: WebSourceRecord, report: CrawlReport, keptUrls: string[], requestedBy: string): Promise<void> {
  const repository = new WebSourceRepository(ports.database);
  const kept = new Set(keptUrls.map(pageIdOf));
  const vanished = (await repository.pages(source.organization_id, source.id)).filter((page) => !kept.has(page.page_id));
  for (const page of vanished) await deleteObject(platformStore(ports.objects), page.extraction_key);
  await repository.deletePages(source.organization_id, source.id, vanished.map((page) => page.page_id));
  await deletePrefix(platformStore(ports.objects), `${webSourcePrefix(source.organization_id, source.id)}crawls/`);

  const finishedAt = new Date();
  const nothing = kept.size === 0;
  const lastError = nothing ? (report.failed[0]?.reason ?? 'No page could be crawled') : report.stoppedBy === 'page-limit' ? INDEXED_PAGE_LIMIT_REACHED : null;
  const ready: WebSourceRecord = {
    ...source,
    status: nothing ? 'failed' : 'ready',
    page_count: kept.size,
    last_crawled_at: nothing ? source.last_crawled_at : finishedAt.toISOString(),
    next_crawl_at: nextCrawlAt(finishedAt, source.configuration.crawl_frequency),
    last_error: lastError,
    crawl_report: reportEntity(report, source.crawl_report?.started_at ?? finishedAt.toISOString(), finishedAt.toISOString()),
    crawl_slice: 0,
    updated_at: finishedAt.toISOString(),
  };
  const delta = ready.page_count - source.page_count;
  try {
    await repository.replace(source, ready, delta !== 0 ? [indexedPageCounterWrite(ports.database, source.organization_id, delta)] : []);
  } catch (error) {
    // Edited or synced again meanwhile: that crawl's last slice counts and re-indexes instead.
    if (error instanceof StaleWebSourceError) return logger.info('Crawl finished for a source that changed meanwhile', { webSourceId: source.id });
    throw error;
  }
  logger.info('Crawl finished', { webSourceId: source.id, pages: kept.size, removed: vanished.length, indexed: report.indexed, unchanged: report.unchanged });
  if (!nothing) await reindexUsers(ports, source, requestedBy);
}

/** §13.8: every `ready` knowledge base that uses the source is re-indexed (`trigger: "source-updated"`). */
async function reindexUsers(ports: Ports, source: WebSourceRecord, requestedBy: string): Promise<void> {
  const { items } = await new KnowledgeBaseRepository(ports.database).list(source.organization_id);
  for (const knowledgeBase of items.filter((candidate) => candidate.status === 'ready' && candidate.data_source_ids.includes(source.id))) {
    await reindexKnowledgeBase(ports, source.organization_id, knowledgeBase.id, requestedBy);
  }
}

/** The organization's indexed pages still free, counting this source's current pages as free (the crawl replaces them). */
async function remainingPages(ports: Ports, source: WebSourceRecord): Promise<number | undefined> {
  const organization = await new OrganizationRepository(ports.database).get(source.organization_id);
  if (!organization) return undefined;
  const limit = (await planInForce(ports.database, organization)).plan?.indexed_pages_limit ?? null;
  if (limit === null) return undefined;
  const used = counted((await readCountersItem(ports.database, source.organization_id))[INDEXED_PAGE_COUNTER]);
  return Math.max(0, limit - (used - source.page_count));
}

function pageSink(ports: Ports, source: WebSourceRecord): PageSink {
  const repository = new WebSourceRepository(ports.database);
  const crawlId = source.crawl_id as string;
  return {
    async previous(url) {
      const page = await repository.page(source.organization_id, source.id, pageIdOf(url));
      return page ? { etag: page.etag, lastModified: page.last_modified, contentHash: page.content_hash, links: page.links } : undefined;
    },
    async save(page) {
      const pageId = pageIdOf(page.url);
      const key = webPageKey(source.organization_id, source.id, pageId);
      await writeExtraction(ports.objects, key, toStoredExtraction(source.id, page.contentHash, page.document));
      const record: WebPageRecord = {
        source_id: source.id,
        page_id: pageId,
        url: page.url,
        title: page.title,
        content_type: page.contentType,
        ...(page.etag ? { etag: page.etag } : {}),
        ...(page.lastModified ? { last_modified: page.lastModified } : {}),
        content_hash: page.contentHash,
        links: page.links,
        extraction_key: key,
        crawl_id: crawlId,
        crawled_at: nowIso(),
      };
      await repository.putPage(source.organization_id, record);
    },
    async keep(url) {
      const page = await repository.page(source.organization_id, source.id, pageIdOf(url));
      if (page && page.crawl_id !== crawlId) await repository.putPage(source.organization_id, { ...page, crawl_id: crawlId });
    },
  };
}

const NOTHING_YET: CrawlReport = { indexed: 0, unchanged: 0, skipped: { robots: 0, type: 0, host: 0, noindex: 0, duplicate: 0, depth: 0 }, failed: [] };

function reportEntity(report: CrawlReport, startedAt: string, finishedAt: string | null): ReportEntity {
  return {
    started_at: startedAt,
    finished_at: finishedAt,
    indexed: report.indexed,
    unchanged: report.unchanged,
    skipped: report.skipped,
    failed_count: report.failed.length,
    failed: report.failed.slice(0, CRAWL_REPORT_FAILURES),
    stopped_by: report.stoppedBy ?? null,
  };
}

async function writeCursor(ports: Ports, key: string, cursor: CrawlCursor): Promise<void> {
  await ports.objects.client.send(new PutObjectCommand({ Bucket: ports.objects.bucket, Key: key, Body: JSON.stringify(cursor), ContentType: 'application/json', ServerSideEncryption: 'AES256' }));
}

async function readCursor(ports: Ports, key: string): Promise<CrawlCursor> {
  const answer = await ports.objects.client.send(new GetObjectCommand({ Bucket: ports.objects.bucket, Key: key }));
  return JSON.parse(await (answer.Body as { transformToString(): Promise<string> }).transformToString()) as CrawlCursor;
}

// Kept apart so the dead-letter worker settles a crawl without bundling the crawler and its parsers.
export { CRAWL_FAILED, failDeadLetteredCrawl } from './crawl-dead-letters';
