import { describe, expect, it } from 'vitest';
import { EMPTY_API_SOURCE, formatPayloadTemplate, isAcceptable, judgeApiSource, maskedSecrets, payloadOf, serverProblems, valuesOf, type ApiSourceFormValues } from './api-source-form';
import { judgeResponse, mapRecords, requestHeaders, TEST_TEXTS, testFromBrowser } from './direct-test';
import { canAddHeader, canAddMapping, MAPPING_MESSAGES, mappingProblems } from './mapping-rules';
import { parseBody } from './parse-response';
import { childPath, lookupPath, parsePath, PATH_MESSAGES, previewValue, selectRecords } from './response-paths';
import { findRecordArray, suggestMappings, targetNameOf } from './suggest-mappings';
import type { ApiSource } from './types';

const filled = (changes: Partial<ApiSourceFormValues> = {}): ApiSourceFormValues => ({ ...EMPTY_API_SOURCE, name: 'Books', endpoint: 'https://api.example.com/books', method: 'GET', ...changes });

describe('response paths', () => {
  it('reads dots and [index] and refuses what is not a path', () => {
    expect(parsePath('data.items[0].title')).toEqual(['data', 'items', 0, 'title']);
    expect(parsePath('[2].name')).toEqual([2, 'name']);
    expect(parsePath('matrix[1][0]')).toEqual(['matrix', 1, 0]);
    expect(parsePath('')).toEqual([]);
    expect(parsePath('$.data')).toEqual(['data']);
    for (const bad of ['a..b', 'a.', 'a[x]', 'a[1', 'a.[0]', 'a[0]b']) expect(parsePath(bad), bad).toBeUndefined();
  });

  it("finds values or says 'Invalid path' / 'Not found in response'", () => {
    const data = { data: { items: [{ title: 'Dune', tags: ['sf'] }] } };
    expect(lookupPath(data, 'data.items[0].title')).toEqual({ found: true, value: 'Dune' });
    expect(lookupPath(data, 'data.items[1].title')).toEqual({ found: false, error: PATH_MESSAGES.notFound });
    expect(lookupPath(data, 'data.missing')).toEqual({ found: false, error: 'Not found in response' });
    expect(lookupPath(data, 'data..items')).toEqual({ found: false, error: 'Invalid path' });
    expect(lookupPath(data, 'data.items.length')).toEqual({ found: false, error: 'Not found in response' });
  });

  it('builds the path of a tree node from its parent', () => {
    expect(childPath('', 'data')).toBe('data');
    expect(childPath('data', 'items')).toBe('data.items');
    expect(childPath('data.items', 0)).toBe('data.items[0]');
    expect(childPath('', 3)).toBe('[3]');
    expect(lookupPath([{ a: 1 }], childPath(childPath('', 0), 'a'))).toEqual({ found: true, value: 1 });
  });

  it('cuts a preview at 50 characters', () => {
    expect(previewValue('x'.repeat(50))).toBe('x'.repeat(50));
    expect(previewValue('x'.repeat(51))).toBe(`${'x'.repeat(50)}...`);
    expect(previewValue({ a: 1 })).toBe('{"a":1}');
  });

  it('selects records by path and array path', () => {
    const data = { result: { rows: [{ id: 1 }, { id: 2 }] } };
    expect(selectRecords(data, { array_path: 'result.rows' }).records).toHaveLength(2);
    expect(selectRecords(data, { path: 'result', array_path: 'rows' }).records).toHaveLength(2);
    expect(selectRecords(data, {}).records).toEqual([data]);
    expect(selectRecords([1, 2], {}).records).toEqual([1, 2]);
    expect(selectRecords(data, { array_path: 'result' }).arrayPathProblem).toBeDefined();
  });
});

describe('mapping rules', () => {
  it('lists each problem once, with the contract texts', () => {
    expect(
      mappingProblems([
        { source: '', target: 'title' },
        { source: ' ', target: '' },
        { source: 'a', target: '1st' },
        { source: 'b', target: 'title' },
        { source: 'c', target: 'title' },
      ]),
    ).toEqual([
      MAPPING_MESSAGES.sourceEmpty,
      'Target field name cannot be empty',
      'Invalid field name format: 1st. Use letters, numbers, and underscores only, starting with a letter.',
      'Duplicate mapped field names are not allowed',
    ]);
    expect(mappingProblems([{ source: 'a', target: `a${'b'.repeat(64)}` }])).toHaveLength(1);
    expect(mappingProblems([{ source: 'a.b', target: 'a_b' }])).toEqual([]);
  });

  it('adds a mapping only with both values and a header only with a key', () => {
    expect(canAddMapping({ source: 'a', target: ' ' })).toBe(false);
    expect(canAddMapping({ source: 'a', target: 'b' })).toBe(true);
    expect(canAddHeader('  ')).toBe(false);
    expect(canAddHeader('Accept')).toBe(true);
  });
});

describe('the API source form', () => {
  it('needs a name and an endpoint URL, and the secrets of its authentication type', () => {
    expect(judgeApiSource(EMPTY_API_SOURCE).errors).toEqual({ name: 'Name is required', endpoint: 'Endpoint URL is required' });
    expect(judgeApiSource(filled({ endpoint: 'not a url' })).errors).toEqual({ endpoint: 'Endpoint URL must be a valid URL' });
    expect(judgeApiSource(filled({ authType: 'bearer' })).errors).toEqual({ token: 'Token is required for bearer authentication' });
    expect(judgeApiSource(filled({ authType: 'basic', username: 'u' })).errors).toEqual({ password: 'Username and password are required for basic authentication' });
    expect(judgeApiSource(filled({ authType: 'api_key' })).errors).toEqual({ apiKey: 'API key is required for api_key authentication' });
  });

  it('checks the numbers and the payload template; an empty number takes its default', () => {
    const values = filled({ payloadTemplate: '{ nope', performance: { requests_per_minute: '0', retry_count: '6', timeout_seconds: '301', max_response_size_mb: '' } });
    expect(judgeApiSource(values).errors).toEqual({
      payloadTemplate: 'Invalid JSON format. Please check your syntax.',
      requests_per_minute: 'Requests per minute must be between 1 and 1000',
      retry_count: 'Retry count must be between 0 and 5',
      timeout_seconds: 'Timeout must be between 1 and 300 seconds',
    });
    expect(payloadOf(values).configuration.performance.max_response_size_mb).toBe(10);
    expect(isAcceptable(judgeApiSource(filled()))).toBe(true);
    expect(isAcceptable(judgeApiSource(filled({ mappings: [{ source: 'a', target: '' }] })))).toBe(false);
  });

  it('formats a payload template or says it is not JSON', () => {
    expect(formatPayloadTemplate('{"q":"x","n":[1]}').text).toBe('{\n  "q": "x",\n  "n": [\n    1\n  ]\n}');
    expect(formatPayloadTemplate('{').error).toBe('Invalid JSON format. Please check your syntax.');
  });

  it('sends the configuration of contract §14 with only the chosen authentication', () => {
    const body = payloadOf(filled({ name: ' Books ', authType: 'api_key', apiKey: 'k', token: 'stale', headers: [{ key: ' Accept ', value: 'application/json' }], mappings: [{ source: 'title ', target: ' title' }] }));
    expect(body).toEqual({
      name: 'Books',
      description: '',
      source_type: 'api_query',
      configuration: {
        endpoint: 'https://api.example.com/books',
        method: 'GET',
        headers: { Accept: 'application/json' },
        authentication: { type: 'api_key', key: 'k' },
        performance: { requests_per_minute: 60, retry_count: 3, timeout_seconds: 30, max_response_size_mb: 10 },
        request: { payload_template: '' },
        response: { parsing: { type: 'json', path: '', array_path: '', mapping: { title: 'title' } } },
      },
    });
  });

  it('reads a stored source: a JSON-string configuration, url for endpoint, GET without a method, json for an unknown type', () => {
    const source = {
      id: 'a1',
      name: 'Old',
      description: 'd',
      source_type: 'api_query',
      used_by_kbs: [],
      created_at: '',
      updated_at: '',
      configuration: JSON.stringify({ url: 'https://old.example.com', authentication: { type: 'bearer', token: '********' }, response: { parsing: { type: 'yaml', mapping: { a: 'b' } } } }),
    } as unknown as ApiSource;
    const values = valuesOf(source);
    expect(values).toMatchObject({ endpoint: 'https://old.example.com', method: 'GET', responseType: 'json', authType: 'bearer', token: '********', mappings: [{ source: 'a', target: 'b' }] });
    expect(values.performance.requests_per_minute).toBe('60');
    expect(maskedSecrets(values)).toBe(true);
    expect(maskedSecrets({ ...values, token: 'fresh' })).toBe(false);
  });

  it("places a 400's details on fields and keeps the rest apart", () => {
    expect(serverProblems({ 'configuration.endpoint': 'URL is not allowed', 'configuration.response.parsing.mapping': 'Duplicate mapped field names are not allowed' })).toEqual({
      errors: { endpoint: 'URL is not allowed' },
      other: ['Duplicate mapped field names are not allowed'],
    });
  });
});

describe('Suggest from Response', () => {
  it('finds the records inside an envelope and maps their fields, nested ones by dotted path', () => {
    const data = { meta: { total: 2 }, data: { items: [{ id: 1, title: 'Dune', author: { name: 'Herbert' }, tags: ['sf'], reviews: [{ by: 'x' }] }, { id: 2, title: 'Emma', year: 1815 }] } };
    expect(findRecordArray(data)).toBe('data.items');
    expect(suggestMappings(data, {})).toEqual({
      arrayPath: 'data.items',
      mappings: [
        { source: 'id', target: 'id' },
        { source: 'title', target: 'title' },
        { source: 'author.name', target: 'author_name' },
        { source: 'tags', target: 'tags' },
        { source: 'year', target: 'year' },
      ],
    });
  });

  it('uses the array path already set, and a top-level array as the records', () => {
    expect(suggestMappings({ rows: [{ a: 1 }] }, { array_path: 'rows' })).toEqual({ arrayPath: undefined, mappings: [{ source: 'a', target: 'a' }] });
    expect(suggestMappings([{ 'first name': 'Ada', '2nd': 'x', '@_id': '7' }], {}).mappings).toEqual([
      { source: 'first name', target: 'first_name' },
      { source: '2nd', target: 'field_2nd' },
      { source: '@_id', target: 'id' },
    ]);
    expect(suggestMappings({ rows: 3 }, { array_path: 'rows' }).mappings).toEqual([]);
  });

  it('makes every target a valid, distinct field name', () => {
    expect(targetNameOf('a.b-c')).toBe('a_b_c');
    expect(targetNameOf('#text')).toBe('text');
    expect(targetNameOf('x'.repeat(80))).toHaveLength(64);
    const { mappings } = suggestMappings([{ 'a-b': 1, a_b: 2 }], {});
    expect(mappings.map((mapping) => mapping.target)).toEqual(['a_b', 'a_b_2']);
    expect(mappingProblems(mappings)).toEqual([]);
  });
});

describe('parsing a tested response', () => {
  it('reads JSON, XML, CSV and text', () => {
    expect(parseBody('{"a":[1]}', 'json')).toEqual({ ok: true, data: { a: [1] } });
    expect(parseBody('{"a":', 'json').ok).toBe(false);
    expect(parseBody('<feed><entry id="1"><title>A</title></entry><entry id="2"><title>B</title></entry></feed>', 'xml')).toEqual({
      ok: true,
      data: { feed: { entry: [{ '@_id': '1', title: 'A' }, { '@_id': '2', title: 'B' }] } },
    });
    expect(parseBody('<a><b></a>', 'xml').ok).toBe(false);
    expect(parseBody('a,b\n"x', 'csv').ok).toBe(false);
    expect(parseBody('name,notes\nAda,"says ""hi"", twice"\n\nBob,"two\nlines"\n', 'csv')).toEqual({
      ok: true,
      data: [
        { name: 'Ada', notes: 'says "hi", twice' },
        { name: 'Bob', notes: 'two\nlines' },
      ],
    });
    expect(parseBody('plain', 'text')).toEqual({ ok: true, data: 'plain' });
  });

  it("judges the answer with spec 02's three outcomes", () => {
    const config = payloadOf(filled({ arrayPath: 'items', mappings: [{ source: 'name', target: 'title' }] })).configuration;
    const good = judgeResponse('{"items":[{"name":"A"},{"name":"B"}]}', config, 200, 'application/json');
    expect(good).toMatchObject({ success: true, message: TEST_TEXTS.success, recordCount: 2, records: [{ title: 'A' }, { title: 'B' }] });
    expect(judgeResponse('{"items":{}}', config, 200, 'application/json')).toMatchObject({ success: false, message: 'API call successful, but the specified array path did not return an array.' });
    expect(judgeResponse('oops', config, 200, 'text/plain').message).toMatch(/^API call successful, but response parsing failed: /);
    expect(mapRecords(['x'], {})).toEqual([{ value: 'x' }]);
  });

  it('sends the authentication header of each type', () => {
    const config = (values: Partial<ApiSourceFormValues>) => payloadOf(filled(values)).configuration;
    expect(requestHeaders(config({ authType: 'bearer', token: 't' }), false)).toEqual({ Authorization: 'Bearer t' });
    expect(requestHeaders(config({ authType: 'basic', username: 'ü', password: 'p' }), false)).toEqual({ Authorization: `Basic ${Buffer.from('ü:p').toString('base64')}` });
    expect(requestHeaders(config({ authType: 'api_key', apiKey: 'k' }), true)).toEqual({ 'X-API-Key': 'k', 'Content-Type': 'application/json' });
    expect(requestHeaders(config({ authType: 'api_key', apiKey: 'k', apiKeyHeader: 'X-Key', headers: [{ key: 'content-type', value: 'text/plain' }] }), true)).toEqual({ 'content-type': 'text/plain', 'X-Key': 'k' });
  });
});

describe('Test API from the browser', () => {
  const reject = () => Promise.reject(new TypeError('Failed to fetch'));

  it('calls the target with the form and reads its answer', async () => {
    const calls: Array<{ url: string; init?: RequestInit }> = [];
    const fetchImpl = ((url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response('[{"t":"A"}]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    }) as typeof fetch;
    const outcome = await testFromBrowser(filled({ method: 'POST', payloadTemplate: '{"q":1}' }), { fetch: fetchImpl, pageProtocol: 'http:' });
    expect(outcome).toMatchObject({ success: true, status: 200, contentType: 'application/json', recordCount: 1, data: [{ t: 'A' }] });
    expect(calls[0]).toMatchObject({ url: 'https://api.example.com/books', init: { method: 'POST', body: '{"q":1}' } });
  });

  it('says plainly when the browser refused the call, telling CORS from an address that did not answer', async () => {
    let probes = 0;
    const corsOnly = ((_url: string, init?: RequestInit) => (init?.mode === 'no-cors' ? (probes++, Promise.resolve(new Response(null, { status: 200 }))) : reject())) as typeof fetch;
    expect(await testFromBrowser(filled(), { fetch: corsOnly, pageProtocol: 'http:' })).toEqual({ success: false, blocked: 'cors', message: TEST_TEXTS.corsBlocked('https://api.example.com') });
    expect(probes).toBe(1);
    expect(await testFromBrowser(filled(), { fetch: reject as typeof fetch, pageProtocol: 'http:' })).toMatchObject({ blocked: 'unreachable' });
    expect(await testFromBrowser(filled(), { fetch: reject as typeof fetch, pageProtocol: 'http:', policyBlocked: () => true })).toMatchObject({ blocked: 'policy', message: TEST_TEXTS.policyBlocked('https://api.example.com') });
  });

  it('does not call at all for mixed content or masked secrets', async () => {
    const never = (() => {
      throw new Error('no call expected');
    }) as typeof fetch;
    expect(await testFromBrowser(filled({ endpoint: 'http://api.example.com' }), { fetch: never, pageProtocol: 'https:' })).toMatchObject({ blocked: 'mixed-content', message: TEST_TEXTS.mixedContent });
    expect(await testFromBrowser(filled({ authType: 'bearer', token: '********' }), { fetch: never, pageProtocol: 'http:' })).toMatchObject({ blocked: 'masked' });
  });

  it("reports a target's error status", async () => {
    const failing = (() => Promise.resolve(new Response('{"error":"nope"}', { status: 503, headers: { 'Content-Type': 'application/json' } }))) as typeof fetch;
    expect(await testFromBrowser(filled(), { fetch: failing, pageProtocol: 'http:' })).toMatchObject({ success: false, message: 'API returned status 503', data: { error: 'nope' } });
  });
});
