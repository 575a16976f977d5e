import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PERFORMANCE, type ApiSourceConfiguration } from '../../../shared/api/schemas/api-sources';
import { listenOnLoopback, type LoopbackServer } from '../../../test/support/loopback-server';
import { ApiCallError, buildRequest, callApi } from './api-caller';
import { takeCallSlot } from './call-spacing';

let server: LoopbackServer;
const hits = new Map<string, number>();

beforeAll(async () => {
  server = await listenOnLoopback((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const hit = (hits.get(path) ?? 0) + 1;
    hits.set(path, hit);
    if (path === '/twice-500') return void (hit <= 2 ? response.writeHead(503).end() : response.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
    if (path === '/429') return void (hit === 1 ? response.writeHead(429, { 'retry-after': '7' }).end() : response.writeHead(200).end('ok'));
    if (path === '/404') return void response.writeHead(404).end();
    if (path === '/declared-big') return void response.writeHead(200, { 'content-length': String(3 * 1024 * 1024) }).end();
    if (path === '/hang') return;
    response.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify(request.headers));
  });
});
afterAll(async () => {
  server.server.closeAllConnections();
  await server.close();
});

const defaults: ApiSourceConfiguration['performance'] = {
  requests_per_minute: API_PERFORMANCE.requests_per_minute.default,
  retry_count: API_PERFORMANCE.retry_count.default,
  timeout_seconds: API_PERFORMANCE.timeout_seconds.default,
  max_response_size_mb: API_PERFORMANCE.max_response_size_mb.default,
};
const configuration = (path: string, overrides: Partial<ApiSourceConfiguration> = {}): ApiSourceConfiguration => ({
  endpoint: `${server.origin}${path}`,
  method: 'GET',
  headers: {},
  authentication: { type: 'none' },
  performance: { ...defaults, requests_per_minute: 1000 },
  request: {},
  response: { parsing: { type: 'json', mapping: {} } },
  ...overrides,
});
/** The server is on loopback, which only this lets a call reach (§1.10). */
const local = { allowPrivate: true };
/** Waits recorded, not slept: the retry schedule is what is tested. */
const recorder = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

describe('building the request', () => {
  it('puts each authentication where it belongs, over the configured headers', () => {
    const base = configuration('/');
    expect(buildRequest({ ...base, headers: { Authorization: 'old' }, authentication: { type: 'bearer', token: 't' } }).headers.authorization).toBe('Bearer t');
    expect(buildRequest({ ...base, authentication: { type: 'basic', username: 'u', password: 'p:w' } }).headers.authorization).toBe(`Basic ${Buffer.from('u:p:w').toString('base64')}`);
    expect(buildRequest({ ...base, authentication: { type: 'api_key', key: 'k' } }).headers['x-api-key']).toBe('k');
    expect(buildRequest({ ...base, authentication: { type: 'api_key', key: 'k', header_name: 'X-Partner' } }).headers['x-partner']).toBe('k');
  });

  it('sends the payload template with the methods that carry a body, never with GET', () => {
    const template = { payload_template: '{"q":1}' };
    expect(buildRequest(configuration('/', { request: template })).body).toBeUndefined();
    expect(buildRequest(configuration('/', { method: 'POST', request: template }))).toMatchObject({ body: '{"q":1}', headers: { 'content-type': 'application/json' } });
    expect(buildRequest(configuration('/', { method: 'PUT', headers: { 'Content-Type': 'application/vnd.api+json' }, request: template })).headers['content-type']).toBe('application/vnd.api+json');
  });
});

describe('calling', () => {
  it('retries 5xx with doubling waits until it answers', async () => {
    const { waits, sleep } = recorder();
    const answer = await callApi(configuration('/twice-500', { performance: { ...defaults, requests_per_minute: 1000, retry_count: 3 } }), { policy: local, rateKey: 'a', sleep });
    expect(answer.status).toBe(200);
    expect(hits.get('/twice-500')).toBe(3);
    expect(waits.filter((ms) => ms >= 500)).toEqual([500, 1000]);
  });

  it("waits a 429's Retry-After, and gives up after retry_count with the last status", async () => {
    const { waits, sleep } = recorder();
    expect((await callApi(configuration('/429', { performance: { ...defaults, requests_per_minute: 1000, retry_count: 1 } }), { policy: local, rateKey: 'b', sleep })).status).toBe(200);
    expect(waits.filter((ms) => ms >= 500)).toEqual([7000]);
    hits.delete('/twice-500');
    const failing = callApi(configuration('/twice-500', { performance: { ...defaults, requests_per_minute: 1000, retry_count: 1 } }), { policy: local, rateKey: 'c', sleep });
    await expect(failing).rejects.toMatchObject({ kind: 'status', status: 503, message: 'API returned status 503' });
  });

  it('does not retry a 4xx, a refused address or a response over the limit', async () => {
    const { sleep } = recorder();
    await expect(callApi(configuration('/404'), { policy: local, rateKey: 'd', sleep })).rejects.toMatchObject({ kind: 'status', message: 'API returned status 404' });
    expect(hits.get('/404')).toBe(1);
    await expect(callApi(configuration('/declared-big', { performance: { ...defaults, max_response_size_mb: 2 } }), { policy: local, rateKey: 'e', sleep })).rejects.toMatchObject({ kind: 'too-large', message: 'Response exceeds 2 MB' });
    await expect(callApi(configuration('/'), { rateKey: 'f', sleep, policy: { allowPrivate: false } })).rejects.toMatchObject({ kind: 'refused', message: 'URL is not allowed' });
  });

  it('stops a call at its time limit', async () => {
    const { sleep } = recorder();
    const error = await callApi(configuration('/hang'), { policy: local, rateKey: 'g', sleep, retries: 0, timeoutMs: 200 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ kind: 'timeout', message: 'Request timed out after 0.2 s' });
  });
});

describe('a time budget (an indexing run)', () => {
  it('starts no retry that could not end within it, and cuts an attempt at its end', async () => {
    const { sleep } = recorder();
    hits.delete('/twice-500');
    const busy = callApi(configuration('/twice-500', { performance: { ...defaults, requests_per_minute: 1000, retry_count: 5 } }), { policy: local, rateKey: 'h', sleep, until: Date.now() + 400 });
    await expect(busy).rejects.toMatchObject({ kind: 'status', status: 503 });
    expect(hits.get('/twice-500')).toBe(1);
    const slow = callApi(configuration('/hang'), { policy: local, rateKey: 'i', sleep, retries: 0, until: Date.now() + 300 });
    await expect(slow).rejects.toMatchObject({ kind: 'timeout' });
  });
});

describe('requests_per_minute', () => {
  it('spaces the calls of one source by 60 000 / n ms, and leaves other sources alone', async () => {
    let now = 1_000_000;
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      now += ms;
    };
    for (let call = 0; call < 3; call++) await takeCallSlot('spaced', 30, sleep, () => now);
    await takeCallSlot('other', 30, sleep, () => now);
    expect(waits).toEqual([2000, 2000]);
  });
});
