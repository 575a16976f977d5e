import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { minimalPdf } from '../../../../test/support/extraction/fixture-builders';
import { shutdownExtractionPool } from '../../extraction/isolated-extraction';
import type { OutboundPolicy } from '../../outbound/url-guard';
import { fakeClock, MemorySink, page, routesSite, staticSite, startServer, type Route, type TestSite } from './__fixtures__/test-sites';
import { crawlSlice, type CrawlSliceInput } from './crawl-slice';
import { CRAWLER_USER_AGENT, type CrawlConfig, type CrawlCursor, type CrawlReport } from './crawl-types';

const LOCAL: OutboundPolicy = { allowPrivate: true };
const FIXTURE_SITE = '/work/shared/fixtures/site';
const NO_DEADLINE = Number.MAX_SAFE_INTEGER;

const sites: TestSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});
afterAll(async () => {
  await shutdownExtractionPool();
});

async function serve(routes: Parameters<typeof routesSite>[0]): Promise<TestSite> {
  const site = await routesSite(routes);
  sites.push(site);
  return site;
}

type Done = { report: CrawlReport; keptUrls: string[] };

/** A whole crawl in one slice, on a clock whose politeness waits take no real time. */
async function crawl(config: CrawlConfig, options: Partial<CrawlSliceInput> & { sink?: MemorySink } = {}): Promise<Done & { sink: MemorySink }> {
  const sink = options.sink ?? new MemorySink();
  const clock = fakeClock();
  const result = await crawlSlice({ sink, policy: LOCAL, deadline: NO_DEADLINE, now: clock.now, sleep: clock.sleep, ...options, config });
  if (!result.done) throw new Error('expected the crawl to finish in one slice');
  return { ...result, sink };
}

const decodeEntities = (text: string) => text.replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

const skips = (overrides: Partial<CrawlReport['skipped']> = {}): CrawlReport['skipped'] => ({ robots: 0, type: 0, host: 0, noindex: 0, duplicate: 0, depth: 0, ...overrides });

describe.skipIf(!existsSync(FIXTURE_SITE))(`the shared fixture site (${FIXTURE_SITE}; skipped when /work/shared is absent)`, () => {
  it('finds every HTML page of the site once, with the sitemap resolved and each page titled', async () => {
    const site = await staticSite(FIXTURE_SITE);
    sites.push(site);
    const clock = fakeClock();
    const files = (await readdir(FIXTURE_SITE, { recursive: true })).filter((file) => file.endsWith('.html'));
    // index.html pages are their directory, without the slash (pageKey): /articles/index.html is /articles.
    const expected = files.map((file) => {
      const path = `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
      return path === '/' ? `${site.origin}/` : `${site.origin}${path.replace(/\/$/, '')}`;
    });

    const { report, keptUrls, sink } = await crawl({ url: `${site.origin}/`, sitemapUrl: `${site.origin}/sitemap.xml`, depth: 2 }, { now: clock.now, sleep: clock.sleep });

    expect(files).toHaveLength(60);
    expect([...keptUrls].sort()).toEqual([...expected].sort());
    expect(report).toMatchObject({ indexed: 60, unchanged: 0, failed: [] });
    expect(report.skipped).toMatchObject({ robots: 0, type: 0, duplicate: 0, noindex: 0 });
    expect(report.skipped.host).toBeGreaterThan(0); // links to CRAN, GitHub, rdrr.io
    expect(keptUrls).toContain(`${site.origin}/reference`);

    for (const file of files) {
      const html = await readFile(join(FIXTURE_SITE, file), 'utf8');
      const title = decodeEntities(/<title>([\s\S]*?)<\/title>/.exec(html)![1]!.replace(/\s+/g, ' ').trim());
      const url = expected[files.indexOf(file)]!;
      expect(sink.pages.get(url), relative(FIXTURE_SITE, join(FIXTURE_SITE, file))).toMatchObject({ title, contentType: 'text/html' });
      expect(sink.pages.get(url)!.document.text.length).toBeGreaterThan(0);
    }

    // Each page fetched once (plus robots.txt and the sitemap), with our User-Agent, 2 requests/s at most.
    expect(site.requests).toHaveLength(62);
    expect(site.paths().slice(0, 2)).toEqual(['/sitemap.xml', '/robots.txt']);
    expect(new Set(site.requests.map((request) => request.headers['user-agent']))).toEqual(new Set([CRAWLER_USER_AGENT]));
    expect(clock.slept()).toBeGreaterThanOrEqual(61 * 500);
  });

  it('reaches fewer pages from the start page alone: 6 at depth 2, 49 at depth 3 (11 pages only the sitemap lists)', async () => {
    const site = await staticSite(FIXTURE_SITE);
    sites.push(site);
    const shallow = await crawl({ url: `${site.origin}/index.html`, depth: 2 });
    expect(shallow.keptUrls).toHaveLength(6);
    expect(shallow.report.skipped.depth).toBeGreaterThan(0);
    const deep = await crawl({ url: `${site.origin}/index.html`, depth: 3 });
    expect(deep.keptUrls).toHaveLength(49);
    expect(deep.keptUrls).toContain(`${site.origin}/`);
    expect(deep.keptUrls).toContain(`${site.origin}/reference/mts_filterDate.html`);
    expect(deep.keptUrls).not.toContain(`${site.origin}/reference/mts_filter.html`); // listed only in the sitemap
    expect(deep.keptUrls).not.toContain(`${site.origin}/404.html`);
  });
});

describe('crawlSlice on generated sites', () => {
  it('honours robots.txt for GroundworkCrawler and never requests a disallowed page', async () => {
    const site = await serve({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /\n\nUser-agent: GroundworkCrawler\nDisallow: /private\n' },
      '/': page('Home', { links: ['/public', '/private/keys', '/private'] }),
      '/public': page('Public'),
      '/private/keys': page('Keys'),
      '/private': page('Private'),
    });
    const { report, keptUrls } = await crawl({ url: `${site.origin}/`, depth: 2 });
    expect(keptUrls).toEqual([`${site.origin}/`, `${site.origin}/public`]);
    expect(report.skipped).toEqual(skips({ robots: 2 }));
    expect(site.paths()).toEqual(['/robots.txt', '/', '/public']);
  });

  it('crawls nothing while robots.txt answers with a server error', async () => {
    const site = await serve({ '/robots.txt': { status: 503, type: 'text/plain', body: 'busy' }, '/': page('Home') });
    const { report, keptUrls } = await crawl({ url: `${site.origin}/`, depth: 2 });
    expect(keptUrls).toEqual([]);
    expect(report.skipped.robots).toBe(1);
    expect(site.paths()).toEqual(['/robots.txt']);
  });

  it('follows redirects on the same origin, detects a loop and stops after 5 redirects', async () => {
    const chain: Record<string, Route> = {};
    for (let index = 1; index <= 7; index += 1) chain[`/hop${index}`] = { status: 302, headers: { Location: `/hop${index + 1}` } };
    const site = await serve({
      '/': page('Home', { links: ['/old', '/loop-a', '/hop1'] }),
      '/old': { status: 301, headers: { Location: '/new' } },
      '/new': page('New'),
      '/loop-a': { status: 302, headers: { Location: '/loop-b' } },
      '/loop-b': { status: 307, headers: { Location: '/loop-a' } },
      ...chain,
    });
    const { report, keptUrls, sink } = await crawl({ url: `${site.origin}/`, depth: 2 });
    expect(keptUrls).toEqual([`${site.origin}/`, `${site.origin}/new`]);
    expect(sink.pages.get(`${site.origin}/new`)!.title).toBe('New');
    expect(report.failed).toEqual([
      { url: `${site.origin}/loop-a`, reason: 'Redirect loop' },
      { url: `${site.origin}/hop1`, reason: 'Too many redirects' },
    ]);
    expect(site.paths().filter((path) => path.startsWith('/hop'))).toEqual(['/hop1', '/hop2', '/hop3', '/hop4', '/hop5', '/hop6']);
  });

  it('skips a redirect to another host without requesting it', async () => {
    const other = await serve({ '/': page('Elsewhere') });
    const site = await serve({
      '/': page('Home', { links: ['/away', `${other.origin}/linked`] }),
      '/away': { status: 302, headers: { Location: `${other.origin.replace('127.0.0.1', 'localhost')}/` } },
    });
    const { report, keptUrls } = await crawl({ url: `${site.origin}/`, depth: 3 });
    expect(keptUrls).toEqual([`${site.origin}/`]);
    expect(report.skipped).toEqual(skips({ host: 2 }));
    expect(other.requests).toHaveLength(0);
  });

  it('moves the crawl where the start page redirects on the same host name (a scheme or port change, the www. twin)', async () => {
    const moved = await serve({ '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /drafts' }, '/': page('Home', { links: ['/guide', '/drafts/x'] }), '/guide': page('Guide') });
    const site = await serve({ '/': { status: 301, headers: { Location: `${moved.origin}/` } } });
    const { report, keptUrls } = await crawl({ url: `${site.origin}/`, depth: 2 });
    expect(keptUrls).toEqual([`${moved.origin}/`, `${moved.origin}/guide`]);
    expect(report.skipped).toEqual(skips({ robots: 1 }));
    expect(moved.paths()).toEqual(['/robots.txt', '/', '/guide']);
  });

  it('re-checks every redirect with the SSRF guard: a host that now leads to the metadata address is refused', async () => {
    const site = await serve({ '/': { status: 301, headers: { Location: '/home' } }, '/home': page('Home'), '/robots.txt': { status: 404 } });
    const port = new URL(site.origin).port;
    let lookups = 0;
    // DNS rebinding: docs.test leads to this machine for robots.txt and the start page, then to 169.254.169.254.
    const policy: OutboundPolicy = { allowPrivate: true, resolve: async () => [{ address: ++lookups <= 2 ? '127.0.0.1' : '169.254.169.254', family: 4 }] };
    const { report, keptUrls } = await crawl({ url: `http://docs.test:${port}/`, depth: 2 }, { policy });
    expect(keptUrls).toEqual([]);
    expect(report.failed).toEqual([{ url: `http://docs.test:${port}/home`, reason: 'URL is not allowed' }]);
    expect(site.paths()).toEqual(['/robots.txt', '/']);
  });

  it('refuses a private address outside the local override, for every page', async () => {
    const site = await serve({ '/': page('Home') });
    const { report, keptUrls } = await crawl({ url: `${site.origin}/`, depth: 2 }, { policy: { allowPrivate: false } });
    expect(keptUrls).toEqual([]);
    expect(report.failed).toEqual([{ url: `${site.origin}/`, reason: 'URL is not allowed' }]);
    expect(site.requests).toHaveLength(0);
  });

  it.each([
    [1, ['/'], 2],
    [2, ['/', '/a', '/x'], 1],
    [3, ['/', '/a', '/x', '/b'], 1],
  ])('follows links up to depth %i', async (depth, pages, beyond) => {
    const site = await serve({
      '/': page('Home', { links: ['/a', '/x'] }),
      '/a': page('A', { links: ['/b', '/'] }),
      '/x': page('X'),
      '/b': page('B', { links: ['/c'] }),
      '/c': page('C'),
    });
    const { report, keptUrls } = await crawl({ url: `${site.origin}/`, depth });
    expect(keptUrls).toEqual(pages.map((path) => `${site.origin}${path}`));
    expect(report.skipped.depth).toBe(beyond);
  });

  it('stops at 500 pages on a site of 700, on a fake clock (the politeness waits alone would take 250 s)', async () => {
    const links = Array.from({ length: 700 }, (_, index) => `/p/${index}`);
    const routes: Record<string, string> = { '/': page('Hub', { links }) };
    for (const link of links) routes[link] = page(`Page ${link}`);
    const site = await serve(routes);
    const clock = fakeClock();
    const { report, keptUrls } = await crawl({ url: `${site.origin}/`, depth: 2 }, { now: clock.now, sleep: clock.sleep });
    expect(keptUrls).toHaveLength(500);
    expect(new Set(keptUrls).size).toBe(500);
    expect(report).toMatchObject({ indexed: 500, stoppedBy: 'page-cap' });
    expect(site.requests).toHaveLength(501); // robots.txt and 500 pages
    expect(clock.slept()).toBeGreaterThanOrEqual(500 * 500); // waited on the fake clock, not for real
  });

  it("stops at the organization's remaining indexed pages with reason page-limit", async () => {
    const site = await serve({ '/': page('Home', { links: ['/a', '/b', '/c'] }), '/a': page('A'), '/b': page('B'), '/c': page('C') });
    const { report, keptUrls } = await crawl({ url: `${site.origin}/`, depth: 2, pageLimit: 2 });
    expect(keptUrls).toEqual([`${site.origin}/`, `${site.origin}/a`]);
    expect(report.stoppedBy).toBe('page-limit');
  });

  it('gives up on a page slower than the page timeout and goes on with the next', async () => {
    const site = await serve({
      '/': page('Home', { links: ['/slow', '/stalls', '/fine'] }),
      '/slow': { hang: true },
      '/stalls': { stallBody: true, body: page('Stalls') },
      '/fine': page('Fine'),
    });
    const started = Date.now();
    const { report, keptUrls } = await crawl({ url: `${site.origin}/`, depth: 2 }, { pageTimeoutMs: 800 });
    expect(keptUrls).toEqual([`${site.origin}/`, `${site.origin}/fine`]);
    expect(report.failed).toEqual([
      { url: `${site.origin}/slow`, reason: 'Timed out after 0.8 s' },
      { url: `${site.origin}/stalls`, reason: 'Timed out after 0.8 s' },
    ]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('skips what is neither HTML nor PDF: by Content-Type, and media files without a request', async () => {
    const site = await serve({
      '/': page('Home', { links: ['/data.csv', '/notes', '/feed', '/logo.png', '/app.js', '/guide'] }),
      '/data.csv': { type: 'text/csv', body: 'a,b\n1,2\n' },
      '/notes': { type: 'text/plain', body: 'plain text' },
      '/feed': { type: 'application/rss+xml', body: '<rss/>' },
      '/guide': page('Guide'),
    });
    const { report, keptUrls } = await crawl({ url: `${site.origin}/`, depth: 2 });
    expect(keptUrls).toEqual([`${site.origin}/`, `${site.origin}/guide`]);
    expect(report.skipped).toEqual(skips({ type: 5 }));
    expect(site.paths()).not.toContain('/logo.png');
    expect(site.paths()).not.toContain('/app.js');
  });

  it('indexes a linked PDF through the document extractor', async () => {
    const site = await serve({
      '/': page('Home', { links: ['/files/handbook.pdf'] }),
      '/files/handbook.pdf': { type: 'application/pdf', body: minimalPdf([['Employee handbook', 'Holidays are 25 days a year']], { title: 'Handbook 2026' }) },
    });
    const { keptUrls, sink } = await crawl({ url: `${site.origin}/`, depth: 2 });
    expect(keptUrls).toEqual([`${site.origin}/`, `${site.origin}/files/handbook.pdf`]);
    const pdf = sink.pages.get(`${site.origin}/files/handbook.pdf`)!;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', title: 'Handbook 2026', links: [] });
    expect(pdf.document.kind).toBe('pdf');
    expect(pdf.document.text).toContain('Holidays are 25 days a year');
  });

  it('collapses duplicate URLs: index.html and trailing-slash twins, fragments, tracking parameters, query order', async () => {
    const site = await serve({
      '/': page('Home', {
        links: ['/guide/', '/guide/index.html', '/guide#install', '/guide?utm_source=newsletter&utm_medium=email', '/guide?fbclid=abc', '/search?b=2&a=1', '/search?a=1&b=2#top', '/index.html', '#top'],
      }),
      '/guide/': page('Guide'),
      '/search?a=1&b=2': page('Search'),
    });
    const { report, keptUrls, sink } = await crawl({ url: `${site.origin}/`, depth: 2 });
    expect(keptUrls).toEqual([`${site.origin}/`, `${site.origin}/guide`, `${site.origin}/search?a=1&b=2`]);
    expect(sink.saved).toHaveLength(3);
    expect(report.failed).toEqual([]);
    expect(site.paths()).toEqual(['/robots.txt', '/', '/guide/', '/search?a=1&b=2']);
  });

  it('stores a page once under its canonical URL, and follows a redirect to its trailing-slash twin', async () => {
    const site = await serve({
      '/': page('Home', { links: ['/print/article', '/article', '/docs'] }),
      '/print/article': page('Article (print)', { head: '<link rel="canonical" href="/article">' }),
      '/article': page('Article'),
      '/docs': { status: 301, headers: { Location: '/docs/' } },
      '/docs/': page('Docs', { head: `<link rel="canonical" href="${'https://elsewhere.example'}/docs">` }),
    });
    const { report, keptUrls, sink } = await crawl({ url: `${site.origin}/`, depth: 2 });
    expect(keptUrls).toEqual([`${site.origin}/`, `${site.origin}/article`, `${site.origin}/docs`]);
    expect(sink.pages.get(`${site.origin}/article`)!.title).toBe('Article (print)');
    expect(report.skipped.duplicate).toBe(1);
    expect(site.paths()).toEqual(['/robots.txt', '/', '/print/article', '/docs', '/docs/']);
  });

  it('does not store a noindex page but follows its links; nofollow pages and links are not followed', async () => {
    const site = await serve({
      '/': page('Home', { links: ['/hidden', '/closed'] }),
      '/hidden': page('Hidden', { head: '<meta name="robots" content="noindex">', links: ['/behind-hidden'] }),
      '/behind-hidden': page('Behind hidden'),
      '/closed': page('Closed', { head: '<meta name="robots" content="nofollow">', links: ['/behind-closed'] }),
      '/behind-closed': page('Behind closed'),
      '/tagged': { body: page('Tagged'), headers: { 'X-Robots-Tag': 'noindex' } },
    });
    const { report, keptUrls } = await crawl({ url: `${site.origin}/`, depth: 3 });
    expect(keptUrls).toEqual([`${site.origin}/`, `${site.origin}/closed`, `${site.origin}/behind-hidden`]);
    expect(report.skipped.noindex).toBe(1);
    expect(site.paths()).not.toContain('/behind-closed');

    const tagged = await crawl({ url: `${site.origin}/tagged`, depth: 1 });
    expect(tagged.keptUrls).toEqual([]);
    expect(tagged.report.skipped.noindex).toBe(1);
  });

  it('re-crawls conditionally: unchanged pages kept (304), a changed page saved, a removed page left out', async () => {
    const version = { home: 'v1', about: 'v1', news: 'News of the week: the office moves on Monday.' };
    const routes = (): Record<string, Route | string> => ({
      '/': { etag: `"home-${version.home}"`, body: page('Home', { links: version.home === 'v1' ? ['/about', '/news', '/old'] : ['/about', '/news'] }) },
      '/about': { etag: `"about-${version.about}"`, body: page('About') },
      '/news': { body: page('News', { text: version.news }) },
      ...(version.home === 'v1' ? { '/old': page('Old') } : {}),
    });
    const site = await serve(routes);
    const sink = new MemorySink();
    const first = await crawl({ url: `${site.origin}/`, depth: 2 }, { sink });
    expect(first.keptUrls).toHaveLength(4);
    expect(first.report.indexed).toBe(4);

    // Second crawl: nothing changed.
    sink.resetCalls();
    site.requests.length = 0;
    const same = await crawl({ url: `${site.origin}/`, depth: 2 }, { sink });
    expect(same.report).toMatchObject({ indexed: 0, unchanged: 4 });
    expect(sink.saved).toEqual([]);
    expect(site.requests.find((request) => request.path === '/')!.headers['if-none-match']).toBe('"home-v1"');
    // The start page answered 304 and its links still led to the others.
    expect([...same.keptUrls].sort()).toEqual([...first.keptUrls].sort());

    // Third crawl: the start page drops /old, /news has new text (same URL, no ETag).
    version.home = 'v2';
    version.news = 'News of the week: the office stays where it is.';
    sink.resetCalls();
    const changed = await crawl({ url: `${site.origin}/`, depth: 2 }, { sink });
    expect(sink.saved.sort()).toEqual([`${site.origin}/`, `${site.origin}/news`]);
    expect(sink.kept).toEqual([`${site.origin}/about`]);
    expect(changed.keptUrls).not.toContain(`${site.origin}/old`);
    sink.removeAllBut(changed.keptUrls);
    expect([...sink.pages.keys()].sort()).toEqual([`${site.origin}/`, `${site.origin}/about`, `${site.origin}/news`]);
    expect(sink.pages.get(`${site.origin}/news`)!.document.text).toContain('the office stays where it is');
  });

  it('resumes from a cursor after each deadline and ends with the same pages as one uninterrupted crawl, even when a slice is redelivered', async () => {
    const routes: Record<string, string> = {};
    const hub = Array.from({ length: 12 }, (_, index) => `/section/${index}`);
    routes['/'] = page('Home', { links: hub });
    for (const [index, section] of hub.entries()) {
      routes[section] = page(`Section ${index}`, { links: [`${section}/a`, `${section}/b`, '/'] });
      routes[`${section}/a`] = page(`Section ${index} A`);
      routes[`${section}/b`] = page(`Section ${index} B`);
    }
    const site = await serve({
      ...routes,
      '/sitemap.xml': { type: 'application/xml', body: '<urlset><url><loc>/extra/one</loc></url><url><loc>/extra/two</loc></url></urlset>' },
      '/extra/one': page('Extra one'),
      '/extra/two': page('Extra two'),
    });
    const config: CrawlConfig = { url: `${site.origin}/`, sitemapUrl: '/sitemap.xml', depth: 3 };

    const whole = await crawl(config);
    expect(whole.keptUrls).toHaveLength(1 + 12 * 3 + 2);

    const sink = new MemorySink();
    const clock = fakeClock();
    const pageTimeoutMs = 1_000;
    let cursor: CrawlCursor | undefined;
    let slices = 0;
    let redelivered = false;
    for (;;) {
      slices += 1;
      // Each slice may run 5 s of (fake) time: with a 2 s reserve per page, a few pages a slice.
      const input = { config, sink, policy: LOCAL, now: clock.now, sleep: clock.sleep, pageTimeoutMs, deadline: clock.now() + 5_000, ...(cursor ? { cursor } : {}) };
      let result = await crawlSlice(input);
      if (!result.done && slices === 3 && !redelivered) {
        // The worker died after this slice saved its pages but before it passed the cursor on: the
        // same cursor comes again.
        redelivered = true;
        result = await crawlSlice({ ...input, deadline: clock.now() + 5_000 });
      }
      if (result.done) {
        expect([...result.keptUrls].sort()).toEqual([...whole.keptUrls].sort());
        expect(new Set(result.keptUrls).size).toBe(result.keptUrls.length);
        expect(result.report.indexed + result.report.unchanged).toBe(whole.keptUrls.length);
        break;
      }
      cursor = JSON.parse(JSON.stringify(result.cursor)) as CrawlCursor;
      expect(slices).toBeLessThan(100);
    }
    expect(slices).toBeGreaterThan(5);
    expect([...sink.pages.keys()].sort()).toEqual([...whole.keptUrls].sort());
  });

  it('returns at once with its cursor unchanged when the deadline leaves no time for a request', async () => {
    const site = await serve({ '/': page('Home') });
    const clock = fakeClock();
    const result = await crawlSlice({ config: { url: `${site.origin}/`, depth: 1 }, sink: new MemorySink(), policy: LOCAL, now: clock.now, sleep: clock.sleep, deadline: clock.now() + 10_000 });
    expect(result.done).toBe(false);
    expect(site.requests).toHaveLength(0);
  });
});

describe('the test server', () => {
  it('records requests', async () => {
    const site = await startServer((_request, response) => void response.end('ok'));
    sites.push(site);
    await fetch(`${site.origin}/x`);
    expect(site.paths()).toEqual(['/x']);
  });
});
