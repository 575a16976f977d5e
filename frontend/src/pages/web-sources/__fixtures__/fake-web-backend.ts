import { createWebSourceRequestSchema, WEB_SOURCE_MESSAGES, type CrawlReport, type CreateWebSourceRequest, type WebSource } from '../../../../../shared/api/schemas/web-sources';
import { bodyOf, errorResponse, fakeRoutes } from '../../../__fixtures__/fake-api';
import { jsonResponse, type FetchHandler } from '../../../__fixtures__/test-auth';

/**
 * An in-memory web-source backend (contract §13 shapes and messages) behind the fake network of the
 * page tests. Bodies are judged by the contract's own schema, with its host check standing in for the
 * server's ("URL is not allowed" for loopback names). Tests reach into `state`.
 */

export const CREATED = '2025-03-01T09:30:00.000Z';
export const UPDATED = '2025-04-02T10:00:00.000Z';

export function fakeReport(extra: Partial<CrawlReport> = {}): CrawlReport {
  return {
    started_at: '2025-04-02T09:00:00.000Z',
    finished_at: '2025-04-02T09:01:00.000Z',
    indexed: 58,
    unchanged: 0,
    skipped: { robots: 3, type: 4, host: 7, noindex: 1, duplicate: 2, depth: 5 },
    failed_count: 2,
    failed: [
      { url: 'https://docs.example.com/broken', reason: 'HTTP 500' },
      { url: 'https://docs.example.com/slow', reason: 'Timed out after 30 s' },
    ],
    stopped_by: null,
    ...extra,
  };
}

export function fakeWebSource(id: string, name: string, extra: Partial<WebSource> = {}): WebSource {
  return {
    id,
    name,
    description: `${name} description`,
    source_type: 'web_source',
    status: 'ready',
    configuration: { url: `https://${id}.example.com/`, crawl_frequency: 'daily', crawl_depth: 2 },
    used_by_kbs: [],
    page_count: 58,
    last_crawled_at: '2025-04-02T09:01:00.000Z',
    next_crawl_at: '2025-04-03T09:01:00.000Z',
    last_error: null,
    crawl_report: fakeReport(),
    created_by: 'user-1',
    created_by_name: 'Ada Lovelace',
    created_at: CREATED,
    updated_at: CREATED,
    ...extra,
  };
}

export function webState() {
  return {
    webSources: [
      fakeWebSource('w-1', 'Product docs', { configuration: { url: 'https://docs.example.com/', crawl_frequency: 'weekly', crawl_depth: 3 }, used_by_kbs: [{ id: 'kb-web', name: 'Docs site' }, { id: 'kb-2', name: 'Support' }] }),
      fakeWebSource('w-2', 'Help centre', { description: 'Answers for customers', configuration: { url: 'https://help.example.org/', crawl_frequency: 'monthly', crawl_depth: 1 }, updated_at: UPDATED }),
    ],
    /** What the next request of any method answers instead (e.g. a 500). */
    reply: undefined as (() => Response) | undefined,
    /** What the next sync answers instead of accepting. */
    syncReply: undefined as (() => Response) | undefined,
  };
}

export type WebState = ReturnType<typeof webState>;

const notFound = () => errorResponse(404, WEB_SOURCE_MESSAGES.notFound, 'NOT_FOUND');
const loopback = (url: string) => /^https?:\/\/(localhost|127\.|\[::1\])/i.test(url);
const context = { urlAllowed: async (url: string) => !loopback(url) };

async function judged(body: unknown): Promise<{ value: CreateWebSourceRequest } | { response: Response }> {
  const result = await createWebSourceRequestSchema(context).safeParseAsync(body);
  if (result.success) return { value: result.data };
  const details = result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message }));
  return { response: errorResponse(400, details[0]?.message ?? 'Invalid request', 'VALIDATION_ERROR', details) };
}

export function webBackend(state: WebState): FetchHandler {
  const find = (id: string | undefined) => state.webSources.find((source) => source.id === id);
  const routes = fakeRoutes([
    {
      method: 'GET',
      path: /^\/api\/web-sources$/,
      reply: (_m, url) => {
        const ids = url.searchParams.get('ids');
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const matching = state.webSources
          .filter((source) => ids === null || ids.split(',').includes(source.id))
          .filter((source) => [source.name, source.configuration.url, source.description].some((text) => text.toLowerCase().includes(search)));
        if (ids !== null || url.searchParams.get('all') === 'true') return jsonResponse({ webSources: matching, page: 1, limit: matching.length, total: matching.length, totalPages: matching.length ? 1 : 0 });
        const page = Number(url.searchParams.get('page') ?? 1);
        const limit = Number(url.searchParams.get('limit') ?? 10);
        return jsonResponse({ webSources: matching.slice((page - 1) * limit, page * limit), page, limit, total: matching.length, totalPages: Math.ceil(matching.length / limit) });
      },
    },
    { method: 'GET', path: /^\/api\/web-sources\/([^/]+)$/, reply: (m) => (find(m[1]) ? jsonResponse({ webSource: find(m[1]) }) : notFound()) },
    {
      method: 'POST',
      path: /^\/api\/web-sources$/,
      reply: async (_m, _u, init) => {
        const body = await judged(bodyOf(init));
        if ('response' in body) return body.response;
        const { name, description, configuration } = body.value;
        const source = fakeWebSource(`w-${state.webSources.length + 1}`, name, {
          description: description ?? '',
          status: 'pending',
          configuration: { url: configuration.url, crawl_frequency: configuration.crawl_frequency ?? 'daily', crawl_depth: configuration.crawl_depth ?? 2, ...(configuration.sitemap_url ? { sitemap_url: configuration.sitemap_url } : {}) },
          page_count: 0,
          last_crawled_at: null,
          next_crawl_at: null,
          crawl_report: null,
        });
        state.webSources.unshift(source);
        return jsonResponse({ webSource: source, message: WEB_SOURCE_MESSAGES.created }, 201);
      },
    },
    {
      method: 'PUT',
      path: /^\/api\/web-sources\/([^/]+)$/,
      reply: async (m, _u, init) => {
        const source = find(m[1]);
        if (!source) return notFound();
        const body = await judged(bodyOf(init));
        if ('response' in body) return body.response;
        const { name, description, configuration } = body.value;
        Object.assign(source, {
          name,
          description: description ?? '',
          configuration: { url: configuration.url, crawl_frequency: configuration.crawl_frequency ?? 'daily', crawl_depth: configuration.crawl_depth ?? 2, ...(configuration.sitemap_url ? { sitemap_url: configuration.sitemap_url } : {}) },
          updated_at: UPDATED,
        });
        return jsonResponse({ webSource: source, message: WEB_SOURCE_MESSAGES.updated });
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/web-sources\/([^/]+)$/,
      reply: (m) => {
        const source = find(m[1]);
        if (!source) return notFound();
        if (source.used_by_kbs.length > 0) return errorResponse(409, WEB_SOURCE_MESSAGES.inUse(source.used_by_kbs.map((kb) => kb.name).join(', ')), 'CONFLICT', { knowledgeBases: source.used_by_kbs });
        state.webSources = state.webSources.filter((item) => item.id !== source.id);
        return new Response(null, { status: 204 });
      },
    },
    {
      method: 'POST',
      path: /^\/api\/web-sources\/([^/]+)\/sync$/,
      reply: (m) => {
        if (state.syncReply) return state.syncReply();
        const source = find(m[1]);
        if (!source) return notFound();
        if (source.status === 'pending' || source.status === 'crawling') return errorResponse(409, WEB_SOURCE_MESSAGES.syncRunning, 'CONFLICT');
        Object.assign(source, { status: 'crawling', crawl_report: null });
        return jsonResponse({ message: WEB_SOURCE_MESSAGES.syncStarted, webSource: source }, 202);
      },
    },
  ]);
  return (url, init) => {
    const override = state.reply;
    return override ? override() : routes(url, init);
  };
}
