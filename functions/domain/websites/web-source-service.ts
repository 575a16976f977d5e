import { DEFAULT_CRAWL_FREQUENCY, CRAWL_DEPTH, WEB_SOURCE_MESSAGES as M, type CreateWebSourceRequest, type UpdateWebSourceRequest } from '../../../shared/api/schemas/web-sources';
import { conflict, ContractError, notFound } from '../../contracts/contract-error';
import { newId, nowIso } from '../../contracts/keys/table-keys';
import type { Ports } from '../../contracts/ports/ports';
import { logger } from '../../observability/logger';
import { sourcePurgeMessage } from '../../contracts/messages/ingest-and-purge-messages';
import { knowledgeBasesUsingSource } from '../knowledge-bases/source-usage';
import { planInForce } from '../plans/organization-plan';
import { OrganizationRepository, type OrganizationRecord } from '../organizations/organization-repository';
import { counted, readCountersItem } from '../usage/counters-store';
import { createWithinDataSourceLimit, DATA_SOURCE_LIMIT_MESSAGES } from '../usage/data-source-quota';
import { INDEXED_PAGE_COUNTER } from '../usage/usage-report';
import type { UserRecord } from '../users/user-repository';
import { newCrawlId, webCrawlMessage, type CrawlTrigger } from '../../contracts/messages/web-crawl-message';
import { nextCrawlAt, type WebSourceRecord } from './web-source-record';
import { StaleWebSourceError, WebSourceRepository } from './web-source-repository';
import { retryOnStale } from '../table/fresh-read';

/** Runs a read-decide-write until it lands on an unchanged web source. */
function withFreshRead<T>(attempt: () => Promise<T>): Promise<T> {
  return retryOnStale(attempt, (error) => error instanceof StaleWebSourceError);
}

export async function loadWebSource(ports: Pick<Ports, 'database'>, organizationId: string, sourceId: string): Promise<WebSourceRecord> {
  const record = await new WebSourceRepository(ports.database).get(organizationId, sourceId);
  if (!record) throw notFound(M.notFound);
  return record;
}

async function enqueueCrawl(ports: Ports, record: WebSourceRecord, requestedBy: string, trigger: CrawlTrigger): Promise<void> {
  await ports.queue.send('indexing', webCrawlMessage(record.organization_id, requestedBy, { webSourceId: record.id, crawlId: record.crawl_id as string, trigger, slice: 0 }));
}

/** §13.4: `pending`, counted against `data_sources_limit` (§1.9), its first crawl enqueued at once. */
export async function createWebSource(ports: Ports, organization: OrganizationRecord, creator: UserRecord, input: CreateWebSourceRequest): Promise<WebSourceRecord> {
  const now = nowIso();
  const configuration = input.configuration;
  const record: WebSourceRecord = {
    id: newId('web'),
    organization_id: organization.id,
    name: input.name,
    description: input.description ?? '',
    status: 'pending',
    configuration: {
      url: configuration.url,
      crawl_frequency: configuration.crawl_frequency ?? DEFAULT_CRAWL_FREQUENCY,
      ...(configuration.sitemap_url ? { sitemap_url: configuration.sitemap_url } : {}),
      crawl_depth: configuration.crawl_depth ?? CRAWL_DEPTH.default,
    },
    page_count: 0,
    last_crawled_at: null,
    next_crawl_at: null,
    last_error: null,
    crawl_report: null,
    crawl_id: newCrawlId(),
    crawl_slice: 0,
    created_by: creator.id,
    created_by_name: creator.full_name,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  await createWithinDataSourceLimit(ports.database, organization, (limit) => new WebSourceRepository(ports.database).create(record, limit));
  await enqueueCrawl(ports, record, creator.id, 'create');
  return record;
}

/**
 * §13.5: a change of `url`, `sitemap_url` or `crawl_depth` starts a new crawl (superseding one in
 * progress); a frequency change moves `next_crawl_at`.
 */
export async function updateWebSource(ports: Ports, organizationId: string, sourceId: string, changes: UpdateWebSourceRequest, requestedBy: string): Promise<WebSourceRecord> {
  const repository = new WebSourceRepository(ports.database);
  const { record, recrawl } = await withFreshRead(async () => {
    const stored = await loadWebSource(ports, organizationId, sourceId);
    const sent = changes.configuration ?? {};
    const configuration = { ...stored.configuration };
    if (sent.url !== undefined) configuration.url = sent.url;
    if (sent.crawl_depth !== undefined) configuration.crawl_depth = sent.crawl_depth;
    if (sent.crawl_frequency !== undefined) configuration.crawl_frequency = sent.crawl_frequency;
    if (sent.sitemap_url === null) delete configuration.sitemap_url;
    else if (sent.sitemap_url !== undefined) configuration.sitemap_url = sent.sitemap_url;
    const recrawl =
      configuration.url !== stored.configuration.url || configuration.crawl_depth !== stored.configuration.crawl_depth || configuration.sitemap_url !== stored.configuration.sitemap_url;
    const frequencyChanged = configuration.crawl_frequency !== stored.configuration.crawl_frequency;
    const next: WebSourceRecord = {
      ...stored,
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description ?? '' } : {}),
      configuration,
      ...(recrawl ? { status: 'crawling' as const, crawl_id: newCrawlId(), crawl_slice: 0, crawl_report: null } : {}),
      ...(frequencyChanged && stored.last_crawled_at ? { next_crawl_at: nextCrawlAt(new Date(stored.last_crawled_at), configuration.crawl_frequency) } : {}),
      updated_at: nowIso(),
    };
    return { record: await repository.replace(stored, next), recrawl };
  });
  if (recrawl) await enqueueCrawl(ports, record, requestedBy, 'update');
  return record;
}

/** §13.6: refused while a knowledge base uses it; its pages go in the background (`source.purge`). */
export async function deleteWebSource(ports: Ports, organizationId: string, sourceId: string, requestedBy: string): Promise<void> {
  await withFreshRead(async () => {
    const stored = await loadWebSource(ports, organizationId, sourceId);
    const users = await knowledgeBasesUsingSource(ports, organizationId, sourceId);
    if (users.length > 0) throw conflict(M.inUse(users.map((kb) => kb.name).join(', ')), { knowledgeBases: users });
    await new WebSourceRepository(ports.database).delete(stored);
  });
  await ports.queue.send('indexing', sourcePurgeMessage(organizationId, requestedBy, { sourceKind: 'web_source', sourceId, knowledgeBaseIds: [] }));
}

/** §13.7: 409 while a crawl runs; 402 when the organization already keeps its plan's pages. */
export async function syncWebSource(ports: Ports, organization: OrganizationRecord, sourceId: string, requestedBy: string, trigger: 'manual' | 'schedule' = 'manual'): Promise<WebSourceRecord> {
  const repository = new WebSourceRepository(ports.database);
  const record = await withFreshRead(async () => {
    const stored = await loadWebSource(ports, organization.id, sourceId);
    if (stored.status === 'crawling' || stored.status === 'pending') throw conflict(M.syncRunning);
    const limit = (await planInForce(ports.database, organization)).plan?.indexed_pages_limit ?? null;
    if (trigger === 'manual' && limit !== null) {
      const used = counted((await readCountersItem(ports.database, organization.id))[INDEXED_PAGE_COUNTER]);
      if (used >= limit) throw new ContractError('QUOTA_EXCEEDED', DATA_SOURCE_LIMIT_MESSAGES.indexedPages, { details: { resource: 'indexed_pages', limit, used } });
    }
    return repository.replace(stored, { ...stored, status: 'crawling', crawl_id: newCrawlId(), crawl_slice: 0, crawl_report: null, updated_at: nowIso() });
  });
  await enqueueCrawl(ports, record, requestedBy, trigger);
  return record;
}

/** `schedule.crawl` (§23.2): each due source that is not crawling gets `web.crawl`, at most 500 per run, oldest due first. */
export async function crawlDueSources(ports: Ports, time: string): Promise<number> {
  const due = await new WebSourceRepository(ports.database).due(time, 500);
  const organizations = new OrganizationRepository(ports.database);
  let started = 0;
  for (const { organizationId, sourceId } of due) {
    const organization = await organizations.get(organizationId);
    if (!organization) continue;
    try {
      await syncWebSource(ports, organization, sourceId, 'system', 'schedule');
      started += 1;
    } catch (error) {
      // Crawling already, or deleted meanwhile: nothing to start.
      if (!(error instanceof ContractError)) throw error;
      logger.info('Scheduled crawl not started', { organizationId, sourceId, reason: error.message });
    }
  }
  return started;
}
