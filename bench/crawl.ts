/**
 * Crawl benchmark (issue 18): the shared fixture website (../shared/fixtures/site) served on
 * loopback, added as a web source through the API exactly as the Websites page does, crawled by the
 * `web.crawl` worker, then put in a knowledge base that is deployed and asked a question through the
 * chat. Measures the time from creating the source to a chat reply citing one of its pages, the
 * crawl's pages per second, and the peak memory of this process. Writes bench/results/crawl.json.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Json } from '../test/support/json';
import { serveSite } from '../test/support/static-site';

const HERE = dirname(fileURLToPath(import.meta.url));
const SITE = resolve(HERE, '../../shared/fixtures/site');
const RESULTS = join(HERE, 'results', 'crawl.json');
const TARGET_SECONDS = 45;
const TIMEOUT_MS = 300_000;

async function main(): Promise<void> {
  if (!existsSync(SITE)) {
    console.log(`bench:crawl: ${SITE} is not there (the shared fixtures are not checked out next to this project); nothing to measure.`);
    return;
  }
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  // The site is on loopback, which only this override lets the crawler reach (§1.10).
  process.env.GROUNDWORK_ALLOW_PRIVATE_URLS = 'true';
  const { startLocalPlatform } = await import('../local/platform/local-platform');
  const { subscribe } = await import('../test/support/knowledge-flows');
  const { UserRepository } = await import('../functions/domain/users/user-repository');

  const site = await serveSite(SITE);
  const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-bench-crawl-'));
  const platform = await startLocalPlatform({ port: 0, dataDir, schedules: false, frontendDir: join(dataDir, 'no-frontend') });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const api = async (method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const response = await fetch(`${platform.url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
  };
  const until = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
    const deadline = Date.now() + TIMEOUT_MS;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('Timed out');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  try {
    const login = await api('POST', '/api/auth/login', undefined, platform.credentials.ADMIN);
    const token = login.body.token as string;
    const admin = await new UserRepository(platform.ports.database).findByEmail(platform.credentials.ADMIN.email);
    // The free plan keeps 25 pages; the site has about 60.
    await subscribe(platform, admin!.organization_id, 'professional');

    const started = Date.now();
    const created = await api('POST', '/api/web-sources', token, { name: 'Fixture site', source_type: 'web_source', configuration: { url: `${site.url}/index.html`, sitemap_url: `${site.url}/sitemap.xml`, crawl_depth: 3 } });
    if (created.status !== 201) throw new Error(`Create refused: ${JSON.stringify(created.body)}`);
    const id = created.body.webSource.id as string;
    const source = await until(async () => {
      const read = (await api('GET', `/api/web-sources/${id}`, token)).body.webSource;
      if (read.status === 'failed') throw new Error(`Crawl failed: ${read.last_error}`);
      return read.status === 'ready' ? read : undefined;
    });
    const crawled = Date.now();
    const kb = await api('POST', '/api/knowledge-bases', token, { name: 'Fixture site', source_type: 'websites', embedding_model: 'text-embedding-ada-002', data_source_ids: [id] });
    await api('POST', `/api/knowledge-bases/${kb.body.id}/deploy`, token, {});
    await until(async () => ((await api('GET', `/api/knowledge-bases/${kb.body.id}`, token)).body.status === 'ready' ? true : undefined));
    const app = await api('POST', '/api/rag', token, { name: 'Fixture site', llmModel: 'claude-3-sonnet', indexIds: [kb.body.id] });
    const session = await api('POST', `/api/chat/sessions/${app.body.id}`, token, {});
    const asked = await api('POST', `/api/chat/messages/${app.body.id}/sessions/${session.body.session.id}`, token, { message: { text: 'How do I create a time series object?', sender: 'user' } });
    const searchable = Date.now();
    const reply = (asked.body.messages as Json[]).at(-1);
    const crawlSeconds = (crawled - started) / 1000;
    const result = {
      ranAt: new Date().toISOString(),
      path: 'POST /api/web-sources, the web.crawl worker at its 2 requests/s, POST /api/knowledge-bases + deploy, one chat question; embedded platform, offline',
      site: 'shared/fixtures/site on 127.0.0.1',
      pages: source.page_count,
      report: source.crawl_report,
      crawlSeconds,
      pagesPerSecond: Math.round((source.page_count / crawlSeconds) * 100) / 100,
      toSearchableSeconds: (searchable - started) / 1000,
      targetSeconds: TARGET_SECONDS,
      withinTarget: (searchable - started) / 1000 <= TARGET_SECONDS,
      firstCitation: reply?.sources?.[0] ? { name: reply.sources[0].name, url: reply.sources[0].url } : null,
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      rssCovers: 'this process: API handlers, the queue, the crawler and indexer; not DynamoDB Local (a Java process)',
    };
    mkdirSync(dirname(RESULTS), { recursive: true });
    writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    clearInterval(sampler);
    await platform.stop();
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
