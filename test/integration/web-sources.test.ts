import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { countersKey } from '../../functions/contracts/keys/table-keys';
import { ALLOW_PRIVATE_URLS_ENV } from '../../functions/domain/outbound/address-policy';
import { UserRepository } from '../../functions/domain/users/user-repository';
import { failDeadLetteredIndexing } from '../../functions/domain/ingestion/dead-letters';
import { webCrawlMessage } from '../../functions/contracts/messages/web-crawl-message';
import { WebSourceRepository } from '../../functions/domain/websites/web-source-repository';
import { crawlDueSources } from '../../functions/domain/websites/web-source-service';
import { removeDataDir, startTestPlatform } from '../support/local-platform-fixture';
import { knowledgeFlows, subscribe, waitUntil, type Body, type KnowledgeFlows } from '../support/knowledge-flows';

/**
 * Contract §13 through the HTTP API: a small site served on loopback by the test is crawled by the
 * `web.crawl` worker, a knowledge base is built over it and the chat cites its pages by title and URL.
 */

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let flows: KnowledgeFlows;
let admin: string;
let member: string;
let organizationId: string;
let site: Server;
let siteUrl: string;
/** The site's pages, changed by tests to see a re-crawl pick changes up. */
const pages = new Map<string, string>();

const page = (title: string, body: string, links: string[] = []) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav>Menu</nav><main><h1>${title}</h1><p>${body}</p>${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</main></body></html>`;

const savedPolicy = process.env[ALLOW_PRIVATE_URLS_ENV];

beforeAll(async () => {
  // The site runs on loopback, which only this override lets the crawler reach (§1.10).
  process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
  pages.set('/', page('Harbor Handbook', 'Welcome to the harbor handbook.', ['/mooring', '/fees', '/guide.zip']));
  pages.set('/mooring', page('Mooring rules', 'Boats must be moored with two bow lines and one stern line at berths 4 to 9.', ['/']));
  pages.set('/fees', page('Harbor fees', 'The overnight berth fee is 42 crowns for boats under twelve metres.', ['/', '/private/ledger']));
  pages.set('/private/ledger', page('Ledger', 'Never crawled: robots.txt disallows it.'));
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
    if (path === '/hangs') return; // never answers: a crawl that is still running
    if (path === '/guide.zip') return void response.writeHead(200, { 'content-type': 'application/zip' }).end('PK');
    const html = pages.get(path);
    if (!html) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  platform = await startTestPlatform({ trustProxy: true });
  flows = knowledgeFlows(platform);
  admin = await flows.login(platform.credentials.ADMIN.email, platform.credentials.ADMIN.password);
  member = await flows.login(platform.credentials.USER.email, platform.credentials.USER.password);
  const seeded = await new UserRepository(platform.ports.database).findByEmail(platform.credentials.ADMIN.email);
  organizationId = seeded!.organization_id;
  // The free plan keeps 25 pages and 3 data sources; the starter plan's limits are the ones tested below.
  await subscribe(platform, organizationId, 'starter');
});

afterAll(async () => {
  if (savedPolicy === undefined) delete process.env[ALLOW_PRIVATE_URLS_ENV];
  else process.env[ALLOW_PRIVATE_URLS_ENV] = savedPolicy;
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
});

async function readySource(name: string, configuration: Body): Promise<Body> {
  const created = await flows.call('POST', '/api/web-sources', admin, { name, source_type: 'web_source', configuration });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.message).toBe('Web source created successfully');
  const id = created.body.webSource.id as string;
  await waitUntil(async () => (await flows.call('GET', `/api/web-sources/${id}`, admin)).body.webSource.status, 'ready', 60_000);
  return (await flows.call('GET', `/api/web-sources/${id}`, admin)).body.webSource;
}

describe('web sources (§13)', () => {
  let source: Body;

  it('creates a source, crawls it at once within its host, robots.txt and types, and reports what the crawl did', async () => {
    source = await readySource('Harbor site', { url: `${siteUrl}/`, crawl_depth: 3 });
    expect(source).toMatchObject({ source_type: 'web_source', status: 'ready', page_count: 3, last_error: null, configuration: { url: `${siteUrl}/`, crawl_frequency: 'daily', crawl_depth: 3 } });
    expect(Date.parse(source.next_crawl_at) - Date.parse(source.last_crawled_at)).toBe(24 * 3600 * 1000);
    expect(source.crawl_report).toMatchObject({ indexed: 3, skipped: { robots: 1, type: 1 }, failed: [] });
    expect(Date.parse(source.crawl_report.finished_at)).toBeGreaterThan(Date.parse(source.crawl_report.started_at));
  });

  it('answers the contract messages in order, and refuses hosts the deployment may not reach', async () => {
    const invalid = await flows.call('POST', '/api/web-sources', admin, { name: ' ', source_type: 'web', configuration: { url: 'ftp://x', crawl_frequency: 'hourly', crawl_depth: 9, sitemap_url: 'nope' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.map((detail: Body) => detail.message)).toEqual([
      'Name is required',
      'Website URL must be a valid URL',
      'Crawl frequency must be one of daily, weekly, monthly',
      'Crawl depth must be between 1 and 5',
      'Sitemap URL must be a valid URL',
      'source_type must be web_source',
    ]);
    const missing = await flows.call('POST', '/api/web-sources', admin, { name: 'No URL', configuration: {} });
    expect(missing.body.details.map((detail: Body) => detail.message)).toEqual(['Website URL is required']);
    delete process.env[ALLOW_PRIVATE_URLS_ENV];
    try {
      const metadata = await flows.call('POST', '/api/web-sources', admin, { name: 'Inside', configuration: { url: 'http://2130706433/' } });
      expect(metadata.status).toBe(400);
      expect(metadata.body.details).toEqual([{ field: 'configuration.url', message: 'URL is not allowed' }]);
    } finally {
      process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
    }
  });

  it('lists with search, and hides the family from anyone but an admin; a foreign or unknown id is 404', async () => {
    const listed = await flows.call('GET', '/api/web-sources?search=harbor', admin);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, page: 1 });
    expect(listed.body.webSources[0].id).toBe(source.id);
    expect((await flows.call('GET', '/api/web-sources', member)).status).toBe(403);
    const unknown = await flows.call('GET', '/api/web-sources/web_unknown', admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Web source not found');

    // Another organization's source: every route answers 404 and changes nothing (§1.3).
    const repository = new WebSourceRepository(platform.ports.database);
    const own = (await repository.get(organizationId, source.id as string))!;
    const foreign = { ...own, id: 'web_foreign', organization_id: 'org_elsewhere', name: 'Elsewhere' };
    await repository.create(foreign, null);
    for (const [method, path, body] of [
      ['GET', '/api/web-sources/web_foreign', undefined],
      ['GET', '/api/web-sources/web_foreign/usage', undefined],
      ['PUT', '/api/web-sources/web_foreign', { name: 'Mine now' }],
      ['POST', '/api/web-sources/web_foreign/sync', {}],
      ['DELETE', '/api/web-sources/web_foreign', undefined],
    ] as const) {
      const answer = await flows.call(method, path, admin, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect(await repository.get('org_elsewhere', 'web_foreign')).toEqual(foreign);
  });

  it('builds a knowledge base over the site whose chat cites a page by its title and URL, and guards the source while used', async () => {
    const created = await flows.call('POST', '/api/knowledge-bases', admin, { name: 'Harbor KB', source_type: 'websites', embedding_model: 'text-embedding-ada-002', data_source_ids: [source.id] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await flows.call('POST', `/api/knowledge-bases/${created.body.id}/deploy`, admin, {})).status).toBe(202);
    await waitUntil(async () => (await flows.call('GET', `/api/knowledge-bases/${created.body.id}`, admin)).body.status, 'ready');
    const kb = (await flows.call('GET', `/api/knowledge-bases/${created.body.id}`, admin)).body;
    expect(kb.document_count).toBe(3);

    const app = await flows.createApplication(admin, { name: 'Harbor desk', indexIds: [kb.id] });
    const session = await flows.newSession(app.id, admin);
    const answer = await flows.ask(app.id, session.id, admin, 'What is the overnight berth fee?');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const reply = answer.body.messages.at(-1);
    expect(reply.text).toContain('42 crowns');
    expect(reply.sources[0]).toMatchObject({ documentId: source.id, name: 'Harbor fees', sourceType: 'web', url: `${siteUrl}/fees` });

    const guarded = await flows.call('DELETE', `/api/web-sources/${source.id}`, admin);
    expect(guarded.status).toBe(409);
    expect(guarded.body.message).toBe('Cannot delete web source as it is used in: Harbor KB');
    expect((await flows.call('GET', `/api/web-sources/${source.id}/usage`, admin)).body).toEqual({ knowledgeBases: [{ id: kb.id, name: 'Harbor KB' }] });

    // A re-crawl picks up a changed page and a removed one, and re-indexes the knowledge base.
    pages.set('/fees', page('Harbor fees', 'The overnight berth fee is 57 crowns since the new season.', ['/']));
    pages.delete('/mooring');
    const sync = await flows.call('POST', `/api/web-sources/${source.id}/sync`, admin, {});
    expect(sync.status).toBe(202);
    expect(sync.body.message).toBe('Web source sync initiated');
    expect((await flows.call('POST', `/api/web-sources/${source.id}/sync`, admin, {})).body.message).toBe('A sync is already in progress for this web source');
    await waitUntil(async () => (await flows.call('GET', `/api/web-sources/${source.id}`, admin)).body.webSource.status, 'ready', 60_000);
    expect((await flows.call('GET', `/api/web-sources/${source.id}`, admin)).body.webSource.page_count).toBe(2);
    await waitUntil(async () => {
      const knowledgeBase = (await flows.call('GET', `/api/knowledge-bases/${kb.id}`, admin)).body;
      return knowledgeBase.status === 'ready' && knowledgeBase.document_count === 2;
    }, true);
    const later = await flows.newSession(app.id, admin);
    const updated = await flows.ask(app.id, later.id, admin, 'What is the overnight berth fee?');
    expect(updated.body.messages.at(-1).text).toContain('57 crowns');
    const mooring = await flows.ask(app.id, later.id, admin, 'How many bow lines must moored boats use?');
    expect(mooring.body.messages.at(-1).sources.map((citation: Body) => citation.name)).not.toContain('Mooring rules');
  });

  it('stops at the data source limit with 402, and deletes an unused source', async () => {
    const spare = await flows.call('POST', '/api/web-sources', admin, { name: 'Spare', configuration: { url: `${siteUrl}/fees`, crawl_depth: 1 } });
    expect(spare.status).toBe(201);
    await waitUntil(async () => (await flows.call('GET', `/api/web-sources/${spare.body.webSource.id}`, admin)).body.webSource.status, 'ready', 60_000);
    const renamed = await flows.call('PUT', `/api/web-sources/${spare.body.webSource.id}`, admin, { name: 'Spare fees', configuration: { crawl_frequency: 'weekly' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ message: 'Web source updated successfully', webSource: { name: 'Spare fees', status: 'ready', configuration: { crawl_frequency: 'weekly' } } });
    const { last_crawled_at: crawled, next_crawl_at: next } = renamed.body.webSource;
    expect(Date.parse(next) - Date.parse(crawled)).toBe(7 * 24 * 3600 * 1000);
    expect((await flows.call('DELETE', `/api/web-sources/${spare.body.webSource.id}`, admin)).status).toBe(204);
    expect((await flows.call('GET', `/api/web-sources/${spare.body.webSource.id}`, admin)).status).toBe(404);

    // The starter plan's 10 data sources, as if eight more existed: the eleventh is refused and nothing is stored.
    const { database } = platform.ports;
    await database.client.send(new UpdateCommand({ TableName: database.tableName, Key: countersKey(organizationId), UpdateExpression: 'SET data_source_count = :full', ExpressionAttributeValues: { ':full': 10 } }));
    const refused = await flows.call('POST', '/api/web-sources', admin, { name: 'One too many', configuration: { url: `${siteUrl}/` } });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe('Data source limit reached for your plan');
    expect((await flows.call('GET', '/api/web-sources?search=too%20many', admin)).body.total).toBe(0);
    await database.client.send(new UpdateCommand({ TableName: database.tableName, Key: countersKey(organizationId), UpdateExpression: 'SET data_source_count = :real', ExpressionAttributeValues: { ':real': 1 } }));
  });

  it('fails a source whose crawl reached the dead letters, so it can be synced again', async () => {
    const created = await flows.call('POST', '/api/web-sources', admin, { name: 'Stalled', configuration: { url: `${siteUrl}/hangs`, crawl_depth: 1 } });
    expect(created.status).toBe(201);
    const id = created.body.webSource.id as string;
    const stored = await new WebSourceRepository(platform.ports.database).get(organizationId, id);
    await failDeadLetteredIndexing(platform.ports, JSON.stringify(webCrawlMessage(organizationId, 'system', { webSourceId: id, crawlId: stored!.crawl_id!, trigger: 'create', slice: 0 })));
    const failed = (await flows.call('GET', `/api/web-sources/${id}`, admin)).body.webSource;
    expect(failed).toMatchObject({ status: 'failed', last_error: 'The crawl failed repeatedly; try again later' });
    expect((await flows.call('POST', `/api/web-sources/${id}/sync`, admin, {})).status).toBe(202);
  });

  it("stops a crawl at the plan's indexed pages, and refuses a sync once they are all used", async () => {
    const { database } = platform.ports;
    const counters = async () => (await database.client.send(new GetCommand({ TableName: database.tableName, Key: countersKey(organizationId), ConsistentRead: true }))).Item ?? {};
    const used = Number((await counters()).indexed_page_count ?? 0);
    // The starter plan keeps 250 pages: leave room for one more than this organization keeps now.
    await database.client.send(new UpdateCommand({ TableName: database.tableName, Key: countersKey(organizationId), UpdateExpression: 'SET indexed_page_count = :count', ExpressionAttributeValues: { ':count': 249 } }));
    const capped = await readySource('Capped', { url: `${siteUrl}/`, crawl_depth: 3 });
    expect(capped).toMatchObject({ page_count: 1, last_error: 'Indexed page limit reached', crawl_report: { stopped_by: 'page-limit' } });
    expect(Number((await counters()).indexed_page_count)).toBe(250);
    const refused = await flows.call('POST', `/api/web-sources/${capped.id}/sync`, admin, {});
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe('Indexed page limit reached for your plan');
    expect((await flows.call('DELETE', `/api/web-sources/${capped.id}`, admin)).status).toBe(204);
    expect(Number((await counters()).indexed_page_count)).toBe(249);
    await database.client.send(new UpdateCommand({ TableName: database.tableName, Key: countersKey(organizationId), UpdateExpression: 'SET indexed_page_count = :count', ExpressionAttributeValues: { ':count': used } }));
  });

  it('starts the crawls the schedule finds due, and only those (schedule.crawl, §23.2)', async () => {
    const sources = (await flows.call('GET', '/api/web-sources?all=true', admin)).body.webSources as Body[];
    const ready = sources.filter((candidate) => candidate.status === 'ready');
    expect(ready.length).toBeGreaterThan(0);
    expect(await crawlDueSources(platform.ports, new Date().toISOString())).toBe(0);
    const latest = ready.map((candidate) => candidate.next_crawl_at as string).sort().at(-1)!;
    expect(await crawlDueSources(platform.ports, latest)).toBe(ready.length);
    for (const due of ready) await waitUntil(async () => (await flows.call('GET', `/api/web-sources/${due.id}`, admin)).body.webSource.status, 'ready', 60_000);
    const after = (await flows.call('GET', `/api/web-sources/${ready[0]!.id}`, admin)).body.webSource;
    expect(Date.parse(after.last_crawled_at)).toBeGreaterThan(Date.parse(ready[0]!.last_crawled_at));
  });
});
