import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ALLOW_PRIVATE_URLS_ENV } from '../../functions/domain/outbound/address-policy';
import { UserRepository } from '../../functions/domain/users/user-repository';
import { WebSourceRepository } from '../../functions/domain/websites/web-source-repository';
import { callApi, removeDataDir, startTestPlatform } from '../support/local-platform-fixture';
import { subscribe, waitUntil } from '../support/knowledge-flows';
import type { Json } from '../support/json';

/**
 * §13.8 and §23.1: a crawl is queued work, so a platform stopped in the middle of one finishes it
 * after the restart (the queue redelivers the slice, which starts again from its cursor) with every
 * page once: none lost, none doubled.
 */

const PAGES = 12;
const savedPolicy = process.env[ALLOW_PRIVATE_URLS_ENV];
let dataDir: string | undefined;
let site: Server | undefined;

afterAll(async () => {
  if (savedPolicy === undefined) delete process.env[ALLOW_PRIVATE_URLS_ENV];
  else process.env[ALLOW_PRIVATE_URLS_ENV] = savedPolicy;
  if (dataDir) removeDataDir(dataDir);
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
});

describe('a crawl across a restart', () => {
  it('resumes after the platform stops mid-crawl, and keeps every page once', async () => {
    process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
    let served = 0;
    // Until the first platform has stopped, the site answers three pages and holds the rest: however
    // long the stop takes on a busy machine, the crawl it cuts has most of the site left to do.
    let firstPlatformRunning = true;
    const held: ServerResponse[] = [];
    site = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://site').pathname;
      if (path === '/robots.txt') return void response.writeHead(404).end();
      const n = path === '/' ? 0 : Number(path.slice('/page-'.length));
      if (!Number.isInteger(n) || n < 0 || n >= PAGES) return void response.writeHead(404).end();
      if (firstPlatformRunning && served >= 3) return void held.push(response);
      served += 1;
      const links = n === 0 ? Array.from({ length: PAGES - 1 }, (_, i) => `<a href="/page-${i + 1}">Page ${i + 1}</a>`).join(' ') : '';
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<html><head><title>Page ${n}</title></head><body><main><h1>Page ${n}</h1><p>Lighthouse keeper note number ${n}.</p>${links}</main></body></html>`);
    });
    await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

    const first = await startTestPlatform({ ownDatabase: true });
    dataDir = first.dataDir;
    const login = await callApi<Json>(first.url, 'POST', '/api/auth/login', { body: first.credentials.ADMIN });
    const token = login.body.token as string;
    const organizationId = (await new UserRepository(first.ports.database).findByEmail(first.credentials.ADMIN.email))!.organization_id;
    await subscribe(first, organizationId, 'starter');
    const created = await callApi<Json>(first.url, 'POST', '/api/web-sources', { token, body: { name: 'Lighthouse', configuration: { url: siteUrl, crawl_depth: 2 } } });
    expect(created.status).toBe(201);
    const id = created.body.webSource.id as string;
    await waitUntil(async () => served >= 3, true, 30_000);
    await first.stop();
    const servedBeforeRestart = served;
    expect(servedBeforeRestart).toBe(3);
    // The stopped platform's abandoned request fails; the queue redelivers its slice after the restart.
    firstPlatformRunning = false;
    for (const response of held) response.destroy();

    const second = await startTestPlatform({ dataDir, port: Number(new URL(first.url).port), ownDatabase: true });
    try {
      const read = async () => (await callApi<Json>(second.url, 'GET', `/api/web-sources/${id}`, { token })).body.webSource;
      await waitUntil(async () => (await read()).status, 'ready', 60_000);
      expect(await read()).toMatchObject({ status: 'ready', page_count: PAGES, last_error: null });
      const pages = await new WebSourceRepository(second.ports.database).pages(organizationId, id);
      expect(pages).toHaveLength(PAGES);
      expect(new Set(pages.map((page) => page.url)).size).toBe(PAGES);
      expect(served).toBeGreaterThan(servedBeforeRestart);
    } finally {
      await second.stop();
    }
  });
});
