import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { countersKey } from '../../functions/contracts/keys/table-keys';
import { apiSourceKeys } from '../../functions/domain/api-sources/api-source-record';
import { ApiSourceRepository } from '../../functions/domain/api-sources/api-source-repository';
import { ALLOW_PRIVATE_URLS_ENV } from '../../functions/domain/outbound/address-policy';
import { UserRepository } from '../../functions/domain/users/user-repository';
import { removeDataDir, startTestPlatform } from '../support/local-platform-fixture';
import { knowledgeFlows, subscribe, waitUntil, type Body, type KnowledgeFlows } from '../support/knowledge-flows';
import { listenOnLoopback, type LoopbackServer } from '../support/loopback-server';

/**
 * Contract §14 through the HTTP API, against an API the test serves on loopback: every
 * authentication, JSON / XML / CSV / text, array paths and mappings, the test call's outcomes,
 * retries, spacing, time and size limits, the SSRF guard, and a knowledge base whose chat cites a
 * record.
 */

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let flows: KnowledgeFlows;
let admin: string;
let member: string;
let organizationId: string;
let api: LoopbackServer;

interface Seen {
  path: string;
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}
const seen: Seen[] = [];
const calls = (path: string) => seen.filter((request) => request.path === path);
const counters = new Map<string, number>();
const nth = (path: string) => {
  const count = (counters.get(path) ?? 0) + 1;
  counters.set(path, count);
  return count;
};

let cities = [
  { name: 'Oslo', country: { name: 'Norway' }, summary: 'Oslo is the capital of Norway and counts 709,000 inhabitants.', tags: ['fjord', 'capital'] },
  { name: 'Bergen', country: { name: 'Norway' }, summary: 'Bergen is the rainiest city of Norway, with 239 wet days a year.', tags: ['rain'] },
  { name: 'Aarhus', country: { name: 'Denmark' }, summary: 'Aarhus hosts the oldest open-air town museum, Den Gamle By.', tags: [] },
];

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Harbor news</title>
<item><title>Ferry timetable</title><description>The winter ferry leaves at 07:15 every weekday.</description><guid>n-1</guid></item>
<item><title>Pier works</title><description>Pier 4 is closed for repairs until March.</description><guid>n-2</guid></item>
</channel></rss>`;
const CSV = 'sku,product,price\nA-1,Anchor chain,129.50\nB-2,"Buoy, large",45.00\n';

function json(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
}

function serve(request: IncomingMessage, response: ServerResponse, body: string): void {
  const url = new URL(request.url ?? '/', 'http://api');
  const auth = request.headers.authorization ?? '';
  switch (url.pathname) {
    case '/cities':
      if (auth !== 'Bearer city-token') return json(response, 401, { error: 'unauthorized' });
      return json(response, 200, { meta: { count: cities.length }, data: { cities } });
    case '/news.xml':
      if (auth !== `Basic ${Buffer.from('harbor:s3cret').toString('base64')}`) return void response.writeHead(401).end();
      return void response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(RSS);
    case '/export.csv':
      if (request.headers['x-partner-key'] !== 'pk-42') return void response.writeHead(403).end();
      return void response.writeHead(200, { 'content-type': 'text/csv' }).end(CSV);
    case '/notice.txt':
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end('The harbor office opens at nine.');
    case '/search':
      if (request.method !== 'POST') return json(response, 405, {});
      return json(response, 200, { query: JSON.parse(body) as unknown, hits: [{ id: 1, title: 'Found' }] });
    case '/flaky-500':
      return nth(url.pathname) <= 2 ? json(response, 500, { error: 'busy' }) : json(response, 200, [{ title: 'Tide table', text: 'High tide is at 14:02 today.' }]);
    case '/flaky-429':
      return nth(url.pathname) === 1 ? json(response, 429, { error: 'slow down' }, { 'retry-after': '2' }) : json(response, 200, [{ title: 'Wind', text: 'Wind from the west at 12 knots.' }]);
    case '/always-500':
      return json(response, 500, { error: 'down' });
    case '/hang':
      return; // never answers
    case '/big': {
      // 1.5 MB in pieces, without a declared length: the reader must stop by itself.
      response.writeHead(200, { 'content-type': 'application/json' });
      for (let piece = 0; piece < 24; piece++) response.write('x'.repeat(64 * 1024));
      return void response.end();
    }
    case '/not-json':
      return void response.writeHead(200, { 'content-type': 'application/json' }).end('<html>maintenance</html>');
    case '/to-metadata':
      return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    default:
      return json(response, 404, { error: 'no such path' });
  }
}

const savedPolicy = process.env[ALLOW_PRIVATE_URLS_ENV];

beforeAll(async () => {
  // The API runs on loopback, which only this override lets a source reach (§1.10).
  process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
  api = await listenOnLoopback((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ path: new URL(request.url ?? '/', 'http://api').pathname, method: request.method ?? '', headers: request.headers, body, at: Date.now() });
      serve(request, response, body);
    });
  });
  platform = await startTestPlatform({ trustProxy: true });
  flows = knowledgeFlows(platform);
  admin = await flows.login(platform.credentials.ADMIN.email, platform.credentials.ADMIN.password);
  member = await flows.login(platform.credentials.USER.email, platform.credentials.USER.password);
  organizationId = (await new UserRepository(platform.ports.database).findByEmail(platform.credentials.ADMIN.email))!.organization_id;
  // The starter plan's 10 data sources leave room for the sources below.
  await subscribe(platform, organizationId, 'starter');
});

afterAll(async () => {
  if (savedPolicy === undefined) delete process.env[ALLOW_PRIVATE_URLS_ENV];
  else process.env[ALLOW_PRIVATE_URLS_ENV] = savedPolicy;
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
  api.server.closeAllConnections();
  await api?.close();
});

async function create(name: string, configuration: Body | string): Promise<Body> {
  const created = await flows.call('POST', '/api/api-sources', admin, { name, source_type: 'api_query', configuration });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.message).toBe('API source created successfully');
  return created.body.apiSource;
}

const test = (id: string) => flows.call('POST', `/api/api-sources/${id}/test`, admin, {});

describe('API sources (§14)', () => {
  let citiesSource: Body;

  it('creates a source from `url` and a JSON string, masks its secrets, and keeps them sealed in the table', async () => {
    citiesSource = await create(
      'Cities API',
      JSON.stringify({
        url: `${api.origin}/cities`,
        method: 'get',
        headers: { 'X-Client': 'groundwork-test', 'X-Session-Token': 'header-secret' },
        authentication: { type: 'bearer', token: 'city-token' },
        performance: { requests_per_minute: '', retry_count: 1 },
        response: { parsing: { type: 'json', path: 'data', array_path: 'cities', mapping: { name: 'city', 'country.name': 'country', summary: 'summary', 'tags[0]': 'first_tag' } } },
      }),
    );
    expect(citiesSource).toMatchObject({
      source_type: 'api_query',
      status: 'active',
      last_fetched_at: null,
      used_by_kbs: [],
      configuration: {
        endpoint: `${api.origin}/cities`,
        method: 'GET',
        headers: { 'X-Client': 'groundwork-test', 'X-Session-Token': '********' },
        authentication: { type: 'bearer', token: '********' },
        performance: { requests_per_minute: 60, retry_count: 1, timeout_seconds: 30, max_response_size_mb: 10 },
        request: {},
      },
    });
    const item = (await platform.ports.database.client.send(new GetCommand({ TableName: platform.ports.database.tableName, Key: apiSourceKeys.source(organizationId, citiesSource.id as string) }))).Item!;
    expect(JSON.stringify(item)).not.toContain('city-token');
    expect(JSON.stringify(item)).not.toContain('header-secret');
  });

  it('tests a bearer JSON source: the path, the array path with dots and [index], the mapping, and the first 5 records', async () => {
    const answer = await test(citiesSource.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: 'API source test successful', status: 200, contentType: 'application/json' });
    expect(answer.body.data.data.cities).toHaveLength(3);
    expect(answer.body.parsed).toEqual({
      recordCount: 3,
      records: [
        { city: 'Oslo', country: 'Norway', summary: cities[0]!.summary, first_tag: 'fjord' },
        { city: 'Bergen', country: 'Norway', summary: cities[1]!.summary, first_tag: 'rain' },
        { city: 'Aarhus', country: 'Denmark', summary: cities[2]!.summary },
      ],
    });
    const request = calls('/cities').at(-1)!;
    expect(request.headers).toMatchObject({ authorization: 'Bearer city-token', 'x-client': 'groundwork-test', 'x-session-token': 'header-secret' });
    expect((await flows.call('GET', `/api/api-sources/${citiesSource.id}`, admin)).body.apiSource).toMatchObject({ status: 'active', last_error: null });
  });

  it('reads XML with basic authentication, CSV with an API key in a custom header, plain text, and POSTs the payload template', async () => {
    const news = await create('Harbor news', {
      endpoint: `${api.origin}/news.xml`,
      method: 'GET',
      authentication: { type: 'basic', username: 'harbor', password: 's3cret' },
      response: { parsing: { type: 'xml', array_path: 'rss.channel.item', mapping: { title: 'title', description: 'text' } } },
    });
    expect((await test(news.id)).body.parsed).toEqual({
      recordCount: 2,
      records: [
        { title: 'Ferry timetable', text: 'The winter ferry leaves at 07:15 every weekday.' },
        { title: 'Pier works', text: 'Pier 4 is closed for repairs until March.' },
      ],
    });

    const prices = await create('Price list', {
      endpoint: `${api.origin}/export.csv`,
      method: 'GET',
      authentication: { type: 'api_key', key: 'pk-42', header_name: 'X-Partner-Key' },
      response: { parsing: { type: 'csv', mapping: { product: 'product', price: 'price' } } },
    });
    expect(prices.configuration.authentication).toEqual({ type: 'api_key', key: '********', header_name: 'X-Partner-Key' });
    expect((await test(prices.id)).body.parsed).toEqual({ recordCount: 2, records: [{ product: 'Anchor chain', price: '129.50' }, { product: 'Buoy, large', price: '45.00' }] });

    const notice = await create('Notice', { endpoint: `${api.origin}/notice.txt`, method: 'GET', response: { parsing: { type: 'text' } } });
    expect((await test(notice.id)).body).toMatchObject({ success: true, data: 'The harbor office opens at nine.', parsed: { recordCount: 1, records: [{ text: 'The harbor office opens at nine.' }] } });

    const search = await create('Search', {
      endpoint: `${api.origin}/search`,
      method: 'POST',
      request: { payload_template: '{"q": "ferry", "limit": 5}' },
      response: { parsing: { array_path: 'hits' } },
    });
    expect((await test(search.id)).body.parsed).toEqual({ recordCount: 1, records: [{ id: 1, title: 'Found' }] });
    const posted = calls('/search').at(-1)!;
    expect([posted.method, posted.headers['content-type'], JSON.parse(posted.body)]).toEqual(['POST', 'application/json', { q: 'ferry', limit: 5 }]);
    for (const source of [news, prices, notice, search]) expect((await flows.call('DELETE', `/api/api-sources/${source.id}`, admin)).status).toBe(204);
  });

  it('answers the three outcomes of a test and its 502s: status, timeout, size, refused redirect', async () => {
    const notArray = await create('Not an array', { endpoint: `${api.origin}/cities`, method: 'GET', authentication: { type: 'bearer', token: 'city-token' }, response: { parsing: { array_path: 'meta.count' } } });
    expect((await test(notArray.id)).body).toMatchObject({ success: false, message: 'API call successful, but the specified array path did not return an array.', status: 200 });

    const broken = await create('Not JSON', { endpoint: `${api.origin}/not-json`, method: 'GET' });
    const parseFailed = (await test(broken.id)).body;
    expect(parseFailed).toMatchObject({ success: true, data: '<html>maintenance</html>' });
    expect(parseFailed.message).toMatch(/^API call successful, but response parsing failed: Invalid JSON: /);
    expect(parseFailed.parseError).toMatch(/^Invalid JSON: /);

    const unauthorized = await create('Wrong token', { endpoint: `${api.origin}/cities`, method: 'GET', authentication: { type: 'bearer', token: 'nope' } });
    expect((await test(unauthorized.id)).body).toEqual({ message: 'API returned status 401', status: 502, code: 'UPSTREAM_ERROR' });
    expect((await flows.call('GET', `/api/api-sources/${unauthorized.id}`, admin)).body.apiSource).toMatchObject({ status: 'error', last_error: 'API returned status 401' });

    // The test never retries (§14.7): one call reached the failing server.
    const down = await create('Down', { endpoint: `${api.origin}/always-500`, method: 'GET', performance: { retry_count: 5 } });
    const before = calls('/always-500').length;
    expect((await test(down.id)).body.message).toBe('API returned status 500');
    expect(calls('/always-500').length - before).toBe(1);

    const slow = await create('Slow', { endpoint: `${api.origin}/hang`, method: 'GET', performance: { timeout_seconds: 1, retry_count: 0 } });
    expect((await test(slow.id)).body).toEqual({ message: 'Failed to test API source: Request timed out after 1 s', status: 502, code: 'UPSTREAM_ERROR' });

    const big = await create('Big', { endpoint: `${api.origin}/big`, method: 'GET', performance: { max_response_size_mb: 1 } });
    expect((await test(big.id)).body).toEqual({ message: 'Response exceeds 1 MB', status: 502, code: 'UPSTREAM_ERROR' });

    // Link-local and metadata addresses are refused whatever the configuration, on every redirect hop.
    const sneaky = await create('Sneaky', { endpoint: `${api.origin}/to-metadata`, method: 'GET' });
    expect((await test(sneaky.id)).body).toEqual({ message: 'Failed to test API source: URL is not allowed', status: 502, code: 'UPSTREAM_ERROR' });

    for (const source of [notArray, broken, unauthorized, down, slow, big, sneaky]) expect((await flows.call('DELETE', `/api/api-sources/${source.id}`, admin)).status).toBe(204);
  });

  it('refuses private addresses when the deployment does not allow them: on save, and at the call (a later DNS change)', async () => {
    const inside = await create('Inside', { endpoint: `${api.origin}/notice.txt`, method: 'GET', response: { parsing: { type: 'text' } } });
    delete process.env[ALLOW_PRIVATE_URLS_ENV];
    try {
      const refused = await flows.call('POST', '/api/api-sources', admin, { name: 'Loopback', configuration: { endpoint: 'http://2130706433/data', method: 'GET' } });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([{ field: 'configuration.endpoint', message: 'URL is not allowed' }]);
      const before = calls('/notice.txt').length;
      expect((await test(inside.id)).body).toEqual({ message: 'Failed to test API source: URL is not allowed', status: 502, code: 'UPSTREAM_ERROR' });
      expect(calls('/notice.txt').length).toBe(before);
    } finally {
      process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
    }
    expect((await flows.call('DELETE', `/api/api-sources/${inside.id}`, admin)).status).toBe(204);
  });

  it('answers every configuration message of §14 in the contract order', async () => {
    const invalid = await flows.call('POST', '/api/api-sources', admin, {
      name: ' ',
      source_type: 'api',
      configuration: {
        endpoint: 'ftp://x',
        method: 'FETCH',
        headers: { '': 'x', 'X-Long': 'y'.repeat(4097) },
        authentication: { type: 'bearer' },
        performance: { requests_per_minute: 0, retry_count: 6, timeout_seconds: 301, max_response_size_mb: 101 },
        request: { payload_template: '{"a":' },
        response: { parsing: { type: 'yaml', mapping: { '': 'a', b: '', c: '9lives', d: 'same', e: 'same' } } },
      },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message.split('\n')).toEqual([
      'Name is required',
      'Endpoint URL must be a valid URL',
      'Method must be one of GET, POST, PUT, DELETE, PATCH',
      'Header name cannot be empty',
      'Header value must be at most 4096 characters',
      'Token is required for bearer authentication',
      'Requests per minute must be between 1 and 1000',
      'Retry count must be between 0 and 5',
      'Timeout must be between 1 and 300 seconds',
      'Max response size must be between 1 and 100 MB',
      'Invalid JSON format. Please check your syntax.',
      'Response type must be one of json, xml, csv, text',
      'Source path cannot be empty',
      'Target field name cannot be empty',
      'Invalid field name format: 9lives. Use letters, numbers, and underscores only, starting with a letter.',
      'Duplicate mapped field names are not allowed',
      'source_type must be api_query',
    ]);
    const missing = await flows.call('POST', '/api/api-sources', admin, { name: 'Nothing', configuration: {} });
    expect(missing.body.message.split('\n')).toEqual(['Endpoint URL is required', 'Method must be one of GET, POST, PUT, DELETE, PATCH']);
    const auth = await flows.call('POST', '/api/api-sources', admin, {
      name: 'Auth',
      configuration: { endpoint: `${api.origin}/x`, method: 'GET', authentication: { type: 'basic', username: 'u' } },
    });
    expect(auth.body.message).toBe('Username and password are required for basic authentication');
    const key = await flows.call('POST', '/api/api-sources', admin, { name: 'Key', configuration: { endpoint: `${api.origin}/x`, method: 'GET', authentication: { type: 'api_key', key: '********' } } });
    expect(key.body.message).toBe('API key is required for api_key authentication');
    const huge = await flows.call('POST', '/api/api-sources', admin, { name: 'Huge', configuration: { endpoint: `${api.origin}/x`, method: 'GET', headers: { 'X-Big': 'z'.repeat(4000), 'X-Big-2': 'z'.repeat(4000), 'X-Big-3': 'z'.repeat(4000), 'X-Big-4': 'z'.repeat(4000), 'X-Big-5': 'z'.repeat(4000), 'X-Big-6': 'z'.repeat(4000), 'X-Big-7': 'z'.repeat(4000), 'X-Big-8': 'z'.repeat(4000), 'X-Big-9': 'z'.repeat(1000) } } });
    expect(huge.body.message).toBe('Configuration must be at most 32 KB');
  });

  it('keeps masked secrets on PUT, replaces sent ones, and checks the merged authentication', async () => {
    const masked = (await flows.call('GET', `/api/api-sources/${citiesSource.id}`, admin)).body.apiSource;
    const renamed = await flows.call('PUT', `/api/api-sources/${citiesSource.id}`, admin, { name: 'City facts', configuration: masked.configuration });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ message: 'API source updated successfully', apiSource: { name: 'City facts', configuration: { authentication: { type: 'bearer', token: '********' } } } });
    expect((await test(citiesSource.id)).body.success).toBe(true);
    expect(calls('/cities').at(-1)!.headers).toMatchObject({ authorization: 'Bearer city-token', 'x-session-token': 'header-secret' });

    const switched = await flows.call('PUT', `/api/api-sources/${citiesSource.id}`, admin, { configuration: { authentication: { type: 'api_key', key: '********' } } });
    expect([switched.status, switched.body.message]).toEqual([400, 'API key is required for api_key authentication']);
    const partial = await flows.call('PUT', `/api/api-sources/${citiesSource.id}`, admin, { configuration: { performance: { requests_per_minute: 120 } } });
    expect(partial.body.apiSource.configuration).toMatchObject({ performance: { requests_per_minute: 120, retry_count: 1 }, authentication: { type: 'bearer', token: '********' } });
    expect((await test(citiesSource.id)).body.success).toBe(true);
  });

  it('retries a 500 and a 429 with growing waits, spaced by requests_per_minute, when a deploy calls the sources', async () => {
    const tide = await create('Tides', { endpoint: `${api.origin}/flaky-500`, method: 'GET', performance: { requests_per_minute: 20, retry_count: 3 } });
    const wind = await create('Wind', { endpoint: `${api.origin}/flaky-429`, method: 'GET', performance: { requests_per_minute: 1000, retry_count: 1 } });
    const kb = await flows.call('POST', '/api/knowledge-bases', admin, { name: 'Weather desk', source_type: 'apis', data_source_ids: [tide.id, wind.id] });
    expect(kb.status, JSON.stringify(kb.body)).toBe(201);
    expect((await flows.call('POST', `/api/knowledge-bases/${kb.body.id}/deploy`, admin, {})).status).toBe(202);
    await waitUntil(async () => (await flows.call('GET', `/api/knowledge-bases/${kb.body.id}`, admin)).body.status, 'ready');
    expect((await flows.call('GET', `/api/knowledge-bases/${kb.body.id}`, admin)).body).toMatchObject({ document_count: 2, chunk_size: null });

    // Two 500s, then the answer: three calls started 3 s apart (20 per minute), where the backoff
    // alone would wait 0.5 s and 1 s. The server sees arrivals, which the first connection's set-up
    // can shift by some milliseconds under load.
    const tides = calls('/flaky-500');
    expect(tides).toHaveLength(3);
    for (let index = 1; index < tides.length; index++) expect(tides[index]!.at - tides[index - 1]!.at).toBeGreaterThanOrEqual(2500);
    // A 429 with Retry-After: 2 waits for it, though 1000 per minute would allow much sooner.
    const winds = calls('/flaky-429');
    expect(winds).toHaveLength(2);
    expect(winds[1]!.at - winds[0]!.at).toBeGreaterThanOrEqual(1950);
    expect((await flows.call('GET', `/api/api-sources/${tide.id}`, admin)).body.apiSource).toMatchObject({ status: 'active', last_error: null });
    expect(Date.parse((await flows.call('GET', `/api/api-sources/${tide.id}`, admin)).body.apiSource.last_fetched_at)).not.toBeNaN();

    // A source still failing after its retries fails the deployment with the reason.
    const down = await create('Always down', { endpoint: `${api.origin}/always-500`, method: 'GET', performance: { retry_count: 1, requests_per_minute: 1000 } });
    const failing = await flows.call('POST', '/api/knowledge-bases', admin, { name: 'Down desk', source_type: 'apis', data_source_ids: [down.id] });
    expect((await flows.call('POST', `/api/knowledge-bases/${failing.body.id}/deploy`, admin, {})).status).toBe(202);
    await waitUntil(async () => (await flows.call('GET', `/api/knowledge-bases/${failing.body.id}`, admin)).body.status, 'failed');
    expect((await flows.call('GET', `/api/knowledge-bases/${failing.body.id}`, admin)).body.error).toBe('API source Always down: API returned status 500');
    expect((await flows.call('GET', `/api/api-sources/${down.id}`, admin)).body.apiSource).toMatchObject({ status: 'error', last_error: 'API returned status 500' });
    for (const id of [kb.body.id, failing.body.id]) expect((await flows.call('DELETE', `/api/knowledge-bases/${id}`, admin)).status).toBe(204);
    for (const source of [tide, wind, down]) expect((await flows.call('DELETE', `/api/api-sources/${source.id}`, admin)).status).toBe(204);
  });

  it('builds a knowledge base over the API whose chat cites a record, refreshes it when the source changes, and guards the source while used', async () => {
    const created = await flows.call('POST', '/api/knowledge-bases', admin, { name: 'Cities KB', source_type: 'apis', data_source_ids: [citiesSource.id] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await flows.call('POST', `/api/knowledge-bases/${created.body.id}/deploy`, admin, {})).status).toBe(202);
    await waitUntil(async () => (await flows.call('GET', `/api/knowledge-bases/${created.body.id}`, admin)).body.status, 'ready');
    const kb = (await flows.call('GET', `/api/knowledge-bases/${created.body.id}`, admin)).body;
    expect(kb.document_count).toBe(3);

    const app = await flows.createApplication(admin, { name: 'City desk', indexIds: [kb.id] });
    const session = await flows.newSession(app.id, admin);
    const answer = await flows.ask(app.id, session.id, admin, 'Which city is the rainiest in Norway?');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const reply = answer.body.messages.at(-1);
    expect(reply.text).toContain('239 wet days');
    expect(reply.sources[0]).toMatchObject({ documentId: citiesSource.id, name: 'City facts: Bergen (record 2)', sourceType: 'api' });

    const guarded = await flows.call('DELETE', `/api/api-sources/${citiesSource.id}`, admin);
    expect(guarded.status).toBe(409);
    expect(guarded.body).toMatchObject({ message: 'Cannot delete API source as it is used in: Cities KB', details: { knowledgeBases: [{ id: kb.id, name: 'Cities KB' }] } });
    expect((await flows.call('GET', `/api/api-sources/${citiesSource.id}/usage`, admin)).body).toEqual({ knowledgeBases: [{ id: kb.id, name: 'Cities KB' }] });
    expect((await flows.call('GET', '/api/api-sources?search=city%20facts', admin)).body.apiSources[0].used_by_kbs).toEqual([{ id: kb.id, name: 'Cities KB' }]);

    // The API changes; a new configuration re-indexes the knowledge base from a fresh call.
    cities = [...cities.slice(0, 1), { name: 'Bergen', country: { name: 'Norway' }, summary: 'Bergen now counts 250 wet days a year.', tags: ['rain'] }, cities[2]!];
    const indexedBefore = kb.last_indexed_at as string;
    expect((await flows.call('PUT', `/api/api-sources/${citiesSource.id}`, admin, { configuration: { performance: { timeout_seconds: 20 } } })).status).toBe(200);
    await waitUntil(async () => {
      const now = (await flows.call('GET', `/api/knowledge-bases/${kb.id}`, admin)).body;
      return now.status === 'ready' && now.last_indexed_at !== indexedBefore;
    }, true);
    const later = await flows.newSession(app.id, admin);
    const refreshed = await flows.ask(app.id, later.id, admin, 'Which city is the rainiest in Norway?');
    expect(refreshed.body.messages.at(-1).text).toContain('250 wet days');
  });

  it('lists with search, hides the family from anyone but an admin, and answers 404 for a foreign or unknown id', async () => {
    const listed = await flows.call('GET', '/api/api-sources?search=cities', admin);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, page: 1 });
    expect(listed.body.apiSources[0].id).toBe(citiesSource.id);
    expect((await flows.call('GET', '/api/api-sources', member)).status).toBe(403);
    expect((await flows.call('POST', `/api/api-sources/${citiesSource.id}/test`, member, {})).status).toBe(403);
    const unknown = await flows.call('GET', '/api/api-sources/api_unknown', admin);
    expect([unknown.status, unknown.body.message]).toEqual([404, 'API source not found']);

    const repository = new ApiSourceRepository(platform.ports.database);
    const own = (await repository.get(organizationId, citiesSource.id as string))!;
    const foreign = { ...own, id: 'api_foreign', organization_id: 'org_elsewhere', name: 'Elsewhere' };
    await repository.create(foreign, null);
    for (const [method, path, body] of [
      ['GET', '/api/api-sources/api_foreign', undefined],
      ['GET', '/api/api-sources/api_foreign/usage', undefined],
      ['PUT', '/api/api-sources/api_foreign', { name: 'Mine now' }],
      ['POST', '/api/api-sources/api_foreign/test', {}],
      ['DELETE', '/api/api-sources/api_foreign', undefined],
    ] as const) {
      const answer = await flows.call(method, path, admin, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect(await repository.get('org_elsewhere', 'api_foreign')).toEqual(foreign);
  });

  it('counts API sources against data_sources_limit: 402 at the limit, and a delete gives one back', async () => {
    const { database } = platform.ports;
    const count = async () => Number((await database.client.send(new GetCommand({ TableName: database.tableName, Key: countersKey(organizationId), ConsistentRead: true }))).Item?.data_source_count ?? 0);
    const used = await count();
    const spare = await create('Spare', { endpoint: `${api.origin}/notice.txt`, method: 'GET' });
    expect(await count()).toBe(used + 1);
    await database.client.send(new UpdateCommand({ TableName: database.tableName, Key: countersKey(organizationId), UpdateExpression: 'SET data_source_count = :full', ExpressionAttributeValues: { ':full': 10 } }));
    const refused = await flows.call('POST', '/api/api-sources', admin, { name: 'One too many', configuration: { endpoint: `${api.origin}/notice.txt`, method: 'GET' } });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ message: 'Data source limit reached for your plan', status: 402, code: 'QUOTA_EXCEEDED', details: { resource: 'data_sources', limit: 10, used: 10 } });
    expect((await flows.call('GET', '/api/api-sources?search=too%20many', admin)).body.total).toBe(0);
    expect((await flows.call('DELETE', `/api/api-sources/${spare.id}`, admin)).status).toBe(204);
    expect(await count()).toBe(9);
    await database.client.send(new UpdateCommand({ TableName: database.tableName, Key: countersKey(organizationId), UpdateExpression: 'SET data_source_count = :real', ExpressionAttributeValues: { ':real': used } }));
  });
});
