import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { CrawledPage, PageSink, PreviousPage } from '../crawl-types';

/** What a generated site answers for one path. */
export interface Route {
  status?: number;
  /** Content-Type; default text/html; charset=utf-8. */
  type?: string;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Answered 304 when the request's If-None-Match is this. */
  etag?: string;
  /** Never answers (headers never sent). */
  hang?: boolean;
  /** Sends headers and part of the body, then stalls. */
  stallBody?: boolean;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

export interface TestSite {
  /** http://127.0.0.1:{port} */
  origin: string;
  requests: RecordedRequest[];
  /** Paths requested, in order. */
  paths(): string[];
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** A server on 127.0.0.1 and a free port that records every request before `handler` answers it. */
export async function startServer(handler: Handler): Promise<TestSite> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    requests.push({ path: request.url ?? '/', headers: request.headers });
    Promise.resolve(handler(request, response)).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    paths: () => requests.map((request) => request.path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A site of fixed routes (path with query, as requested); anything else is 404. */
export function routesSite(routes: Record<string, Route | string> | (() => Record<string, Route | string>)): Promise<TestSite> {
  return startServer((request, response) => {
    const table = typeof routes === 'function' ? routes() : routes;
    const found = table[request.url ?? '/'];
    const route: Route | undefined = typeof found === 'string' ? { body: found } : found;
    if (!route) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    if (route.hang) return;
    const headers: Record<string, string> = { 'Content-Type': route.type ?? 'text/html; charset=utf-8', ...route.headers };
    if (route.etag) {
      headers.ETag = route.etag;
      if (request.headers['if-none-match'] === route.etag) {
        response.writeHead(304, headers).end();
        return;
      }
    }
    response.writeHead(route.status ?? 200, headers);
    if (route.stallBody) {
      response.write(String(route.body ?? '<html><body><p>Part').slice(0, 20));
      return;
    }
    response.end(route.body ?? '');
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.yml': 'text/yaml',
  '.txt': 'text/plain',
};

/** A directory served as a static web server does: `/dir/` is `/dir/index.html`, `/dir` redirects to `/dir/`. */
export function staticSite(root: string): Promise<TestSite> {
  return startServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname);
    const file = normalize(join(root, path));
    if (!file.startsWith(normalize(root))) {
      response.writeHead(403).end();
      return;
    }
    const info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) {
      if (!path.endsWith('/')) {
        response.writeHead(301, { Location: `${path}/` }).end();
        return;
      }
      const index = await readFile(join(file, 'index.html')).catch(() => undefined);
      if (index) response.writeHead(200, { 'Content-Type': TYPES['.html']! }).end(index);
      else response.writeHead(404).end();
      return;
    }
    if (!info) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
  });
}

/** A PageSink that keeps pages in memory, as the worker's store would, and records every call. */
export class MemorySink implements PageSink {
  readonly pages = new Map<string, CrawledPage>();
  readonly saved: string[] = [];
  readonly kept: string[] = [];

  async previous(url: string): Promise<PreviousPage | undefined> {
    const page = this.pages.get(url);
    if (!page) return undefined;
    return { contentHash: page.contentHash, links: page.links, ...(page.etag ? { etag: page.etag } : {}), ...(page.lastModified ? { lastModified: page.lastModified } : {}) };
  }

  async save(page: CrawledPage): Promise<void> {
    this.pages.set(page.url, page);
    this.saved.push(page.url);
  }

  async keep(url: string): Promise<void> {
    this.kept.push(url);
  }

  /** What the worker does after the last slice: pages not in the crawl are removed. */
  removeAllBut(keptUrls: string[]): void {
    const keep = new Set(keptUrls);
    for (const url of [...this.pages.keys()]) if (!keep.has(url)) this.pages.delete(url);
  }

  resetCalls(): void {
    this.saved.length = 0;
    this.kept.length = 0;
  }
}

/** A clock whose sleeps take no real time: the politeness delays of a 500-page crawl pass at once. */
export function fakeClock(start = Date.UTC(2026, 0, 1)): { now: () => number; sleep: (ms: number) => Promise<void>; slept: () => number } {
  let time = start;
  let slept = 0;
  return {
    now: () => time,
    sleep: async (ms: number) => {
      time += ms;
      slept += ms;
    },
    slept: () => slept,
  };
}

// Longer than Readability's 500 characters: shorter articles make it try again, four times over.
const defaultText = (title: string) => `This is the page called ${title}. ${'It has paragraphs of text that a reader could search, as the pages of a documentation site have. '.repeat(6)}`;

/** A small HTML page with a title, a heading, text and links (in a nav, as sites put them). */
export function page(title: string, options: { links?: string[]; text?: string; head?: string } = {}): string {
  const links = (options.links ?? []).map((href) => `<li><a href="${href}">${href}</a></li>`).join('');
  return `<!DOCTYPE html><html><head><title>${title}</title>${options.head ?? ''}</head><body><nav><ul>${links}</ul></nav><main><h1>${title}</h1><p>${options.text ?? defaultText(title)}</p></main></body></html>`;
}
