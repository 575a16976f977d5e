import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../local/dynamodb/dynamodb-local';
import { resolveSeedCredentials, type SeedCredentials } from '../../local/seed/seed-credentials';
import { removeDataDir, startTestPlatform } from '../support/local-platform-fixture';
import { acceptsConnections, NO_NON_LOOPBACK_ADDRESS, nonLoopbackAddress } from '../support/reachability';

/**
 * Issue 15, what an attacker saw of a fresh `npm start` from outside: the embedded services on the
 * network, an object store taking unsigned requests, a health check answering 500 then 200 before
 * sign-in worked, answers without X-Request-Id, and pages without a content security policy.
 */

interface HealthPoll {
  status: number | 'refused';
  body?: Record<string, unknown>;
  requestId?: string | null;
  retryAfter?: string | null;
}

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let credentials: SeedCredentials;
const polls: HealthPoll[] = [];
let loginWhileStarting: { status: number; body: Record<string, unknown> } | undefined;
let runtimeConfigWhileStarting: number | undefined;
let loginAtFirstOk: { status: number; body: Record<string, unknown> } | undefined;
const startupOutput: string[] = [];
let frontendDir: string;

/** Polls /api/health from before the port opens until the first 200, then signs in at once. */
async function pollHealth(base: string, done: { stopped: boolean }): Promise<void> {
  while (!done.stopped) {
    let poll: HealthPoll;
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
      const text = await response.text();
      poll = { status: response.status, body: text ? JSON.parse(text) : undefined, requestId: response.headers.get('x-request-id'), retryAfter: response.headers.get('retry-after') };
    } catch {
      poll = { status: 'refused' };
    }
    polls.push(poll);
    if (poll.status === 503 && !loginWhileStarting) {
      const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials.ADMIN) });
      loginWhileStarting = { status: login.status, body: await login.json() };
      runtimeConfigWhileStarting = (await fetch(`${base}/runtime-config.json`)).status;
    }
    if (poll.status === 200) {
      const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials.USER) });
      loginAtFirstOk = { status: login.status, body: await login.json() };
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  frontendDir = mkdtempSync(join(tmpdir(), 'groundwork-spa-'));
  mkdirSync(join(frontendDir, 'assets'));
  writeFileSync(join(frontendDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(frontendDir, 'assets', 'app.js'), 'console.log("spa")');

  const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-test-'));
  // The platform reads the passwords from here, so the poller knows them before the platform has started.
  credentials = resolveSeedCredentials(join(dataDir, 'seed-credentials.json'));
  const port = await findFreePort();
  const done = { stopped: false };
  const poller = pollHealth(`http://localhost:${port}`, done);
  const writeOut = process.stdout.write.bind(process.stdout);
  const writeErr = process.stderr.write.bind(process.stderr);
  const capture = (chunk: unknown): void => {
    startupOutput.push(String(chunk));
  };
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => (capture(chunk), writeOut(chunk as string, ...(rest as [])))) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => (capture(chunk), writeErr(chunk as string, ...(rest as [])))) as typeof process.stderr.write;
  try {
    platform = await startTestPlatform({ dataDir, port, frontendDir, ownDatabase: true });
    await Promise.race([poller, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  } finally {
    done.stopped = true;
    process.stdout.write = writeOut;
    process.stderr.write = writeErr;
  }
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
  removeDataDir(frontendDir);
}, 60_000);

describe('the health check while the platform starts (§3.1)', () => {
  it('never answers 500: 503 SERVICE_UNAVAILABLE in the contract shape until it answers 200', () => {
    const statuses = polls.map((poll) => poll.status);
    expect(statuses).not.toContain(500);
    expect(statuses.at(-1)).toBe(200);
    const starting = polls.filter((poll) => poll.status === 503);
    // Polled from before the port opened: the wait was seen, not skipped.
    expect(starting.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 'refused' || status === 503 || status === 200)).toBe(true);
    expect(statuses.slice(statuses.indexOf(200))).toEqual([200]);
    for (const poll of starting) {
      expect(poll.body).toMatchObject({ message: 'Service degraded', status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(poll.body?.checks).toEqual({ database: 'error', storage: 'error', queue: 'error', identity: 'error' });
      expect(poll.requestId).toBeTruthy();
      expect(poll.retryAfter).toMatch(/^\d+$/);
    }
  });

  it('is 200 only once sign-in works; before, sign-in and the runtime configuration answer 503, not 401 or 500', () => {
    expect(loginAtFirstOk?.status).toBe(200);
    expect(loginAtFirstOk?.body.token).toEqual(expect.any(String));
    expect(loginWhileStarting).toMatchObject({ status: 503, body: { status: 503, code: 'SERVICE_UNAVAILABLE' } });
    expect(runtimeConfigWhileStarting).toBe(503);
  });

  it('logs no stack trace while starting', () => {
    const output = startupOutput.join('');
    expect(output).not.toContain('Unhandled error');
    expect(output).not.toMatch(/\n\s+at \S+ \(/);
  });
});

describe('X-Request-Id on every answer (§1.1)', () => {
  const cases: Array<[string, string, RequestInit, number]> = [
    ['an unknown route', '/api/no-such-family/x', {}, 404],
    ['an unknown method of a known path', '/api/health', { method: 'DELETE' }, 404],
    ['a body of another content type', '/api/auth/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }, 415],
    ['a body over 1 MB', '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x'.repeat(1_100_000) }) }, 413],
    ['malformed JSON', '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }, 400],
    ['the bare /api', '/api', {}, 404],
    ['the health check', '/api/health', {}, 200],
    ['the runtime configuration', '/runtime-config.json', {}, 200],
    ['the web client', '/', {}, 200],
    ['a deep link of the web client', '/knowledge-bases/kb_1', {}, 200],
    ['a file of the web client', '/assets/app.js', {}, 200],
    ["the issuer's discovery document", '/oidc/.well-known/openid-configuration', {}, 200],
  ];
  it.each(cases)('%s', async (_name, path, init, status) => {
    const response = await fetch(`${platform.url}${path}`, init);
    await response.arrayBuffer();
    expect(response.status).toBe(status);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('differs from one request to the next', async () => {
    const [first, second] = await Promise.all([fetch(`${platform.url}/api/nope`), fetch(`${platform.url}/api/nope`)]);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });
});

describe('security headers of the pages the local server serves', () => {
  it('gives the web client a CSP allowing its own origin and the object store, no framing by others, and nosniff', async () => {
    for (const path of ['/', '/chat/app_1', '/assets/app.js']) {
      const response = await fetch(`${platform.url}${path}`);
      await response.arrayBuffer();
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'self'");
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      const objectStore = await platform.ports.objects.client.config.endpoint?.();
      // https: and http: for the API source form's Test API, which calls the configured API itself (D-API-1).
      expect(policy).toMatch(new RegExp(`connect-src 'self' http://localhost:${objectStore?.port} https: http:(;|$)`));
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it("gives the issuer's pages a CSP that admits their own style and script by hash only, and forbids framing", async () => {
    for (const path of ['/oidc/reset-password', '/oidc/session/end']) {
      const response = await fetch(`${platform.url}${path}`);
      const html = await response.text();
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toMatch(/default-src 'none'/);
      expect(policy).toMatch(/frame-ancestors 'none'/);
      expect(response.headers.get('x-frame-options') ?? '').toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      if (html.includes('<script>')) expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    }
  });
});

describe('the embedded services behind the one HTTP port', () => {
  const outside = nonLoopbackAddress();

  it.skipIf(!outside)(`DynamoDB Local and the object store are not reachable on ${outside ?? NO_NON_LOOPBACK_ADDRESS}`, async () => {
    const database = await platform.ports.database.client.config.endpoint?.();
    const objects = await platform.ports.objects.client.config.endpoint?.();
    for (const endpoint of [database, objects]) {
      const port = Number(endpoint?.port);
      expect(await acceptsConnections('127.0.0.1', port)).toBe(true);
      expect(await acceptsConnections(outside!, port)).toBe(false);
    }
  });

  it('the object store refuses unsigned requests, listing included, with 403', async () => {
    const objects = await platform.ports.objects.client.config.endpoint?.();
    const base = `${objects?.protocol}//${objects?.hostname}:${objects?.port}`;
    for (const [path, init] of [[`/${platform.ports.objects.bucket}`, {}], [`/${platform.ports.objects.bucket}/org/x.txt`, { method: 'PUT', body: 'x' }], ['/', {}]] as const) {
      const response = await fetch(`${base}${path}`, init);
      await response.arrayBuffer();
      expect(response.status, path).toBe(403);
    }
  });
});
