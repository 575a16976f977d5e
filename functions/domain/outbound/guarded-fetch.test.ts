import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from './guarded-fetch';
import { OutboundRefusedError, type Resolver } from './url-guard';

let server: Server;
let origin: string;
let port: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/slow-body') {
      // Headers first, the body in pieces after them, as a large page arrives over a real network.
      response.writeHead(200, { 'content-type': 'text/plain' });
      let sent = 0;
      const timer = setInterval(() => {
        response.write('x'.repeat(64 * 1024));
        if ((sent += 1) === 8) {
          clearInterval(timer);
          response.end();
        }
      }, 10);
      return;
    }
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('to');
    if (target) {
      response.writeHead(302, { location: target }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end(`hello from ${request.headers.host}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('guarded fetch', () => {
  it('refuses a loopback server unless private URLs are allowed', async () => {
    await expect(guardedFetch(`${origin}/`, { allowPrivate: false })).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(guardedFetch(`http://2130706433:${port}/`, { allowPrivate: false })).rejects.toBeInstanceOf(OutboundRefusedError);
    const answer = await guardedFetch(`${origin}/`, { allowPrivate: true });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(`hello from 127.0.0.1:${port}`);
  });

  it('checks every redirect: the flag lets loopback through, never link-local or metadata', async () => {
    for (const target of ['http://169.254.169.254/latest/meta-data/iam/security-credentials/', 'http://[::ffff:169.254.169.254]/', 'http://[fd00:ec2::254]/', 'http://metadata.attacker.test/']) {
      const resolve: Resolver = async () => [{ address: '169.254.169.254', family: 4 }];
      await expect(guardedFetch(`${origin}/?to=${encodeURIComponent(target)}`, { allowPrivate: true, resolve }), target).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    const followed = await guardedFetch(`${origin}/?to=${encodeURIComponent(`http://[::ffff:127.0.0.1]:${port}/done`)}`, { allowPrivate: true });
    expect(followed.status).toBe(200);
  });

  it('reads a body that arrives after the headers to its end (the agents outlive the returned response)', async () => {
    const answer = await guardedFetch(`${origin}/slow-body`, { allowPrivate: true });
    expect((await answer.arrayBuffer()).byteLength).toBe(8 * 64 * 1024);
  });

  it('connects to the address it checked: the name is resolved once, so a rebinding answer is never used', async () => {
    const answers = ['127.0.0.1', '169.254.169.254'];
    let calls = 0;
    const resolve: Resolver = async () => [{ address: answers[Math.min(calls++, 1)]!, family: 4 }];
    const answer = await guardedFetch(`http://rebinding.attacker.test:${port}/`, { allowPrivate: true, resolve });
    expect(await answer.text()).toBe(`hello from rebinding.attacker.test:${port}`);
    expect(calls).toBe(1);
    await expect(guardedFetch(`http://rebinding.attacker.test:${port}/`, { allowPrivate: true, resolve })).rejects.toBeInstanceOf(OutboundRefusedError);
  });
});
