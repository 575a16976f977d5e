import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.xml': 'application/xml', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.yml': 'text/yaml' };

export interface StaticSite {
  /** http://127.0.0.1:{port}, without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/**
 * A static server of a folder on loopback (a free port), as any web server would answer it: a path
 * ending in '/' serves its index.html, anything missing or outside the folder is a 404 page.
 */
export function serveSite(root: string): Promise<StaticSite> {
  const base = resolve(root);
  const server = createServer((request, response) => {
    let path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname)).replace(/^(\.\.[/\\])+/, '');
    if (path.endsWith('/')) path += 'index.html';
    const file = join(base, path);
    if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        // A browser keeps its connections open: they are ended so the close does not wait on them.
        close: () =>
          new Promise((closed) => {
            server.close(() => closed());
            server.closeAllConnections();
          }),
      }),
    ),
  );
}
