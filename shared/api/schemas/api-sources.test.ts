import { describe, expect, it } from 'vitest';
import { createApiSourceRequestSchema, readApiSourceConfiguration, updateApiSourceRequestSchema } from './api-sources';

const messages = (raw: unknown, partial = false) => readApiSourceConfiguration(raw, partial).problems.map((problem) => problem.message);

describe('API source configuration (§14)', () => {
  it('accepts an object or a JSON string, `url` as `endpoint`, and fills the defaults of a create', () => {
    const fromString = readApiSourceConfiguration(JSON.stringify({ url: ' https://api.example.com/v1 ', method: 'post' }), false);
    expect(fromString).toEqual({
      problems: [],
      configuration: { endpoint: 'https://api.example.com/v1', method: 'POST', headers: {}, authentication: { type: 'none' }, response: { parsing: { type: 'json', mapping: {} } } },
    });
    expect(messages('{"endpoint":')).toEqual(['Configuration must be a JSON object']);
    expect(messages([1])).toEqual(['Configuration must be a JSON object']);
  });

  it('takes the default for an empty performance field, and numbers sent as text', () => {
    const { configuration, problems } = readApiSourceConfiguration({ endpoint: 'https://a.example.com', method: 'GET', performance: { requests_per_minute: '', retry_count: '2', timeout_seconds: null } }, false);
    expect(problems).toEqual([]);
    expect(configuration.performance).toEqual({ requests_per_minute: null, retry_count: 2, timeout_seconds: null });
    expect(messages({ endpoint: 'https://a.example.com', method: 'GET', performance: { retry_count: 1.5, max_response_size_mb: 'ten' } })).toEqual(['Retry count must be between 0 and 5', 'Max response size must be between 1 and 100 MB']);
  });

  it('checks headers: at most 50, HTTP token names, values of at most 4096 characters', () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`X-H${index}`, 'v']));
    expect(messages({ endpoint: 'https://a.example.com', method: 'GET', headers: many })).toEqual(['At most 50 headers are allowed']);
    expect(messages({ endpoint: 'https://a.example.com', method: 'GET', headers: { 'Bad Name': 'v', ' ': 'v' } })).toEqual(['Invalid header name: Bad Name', 'Header name cannot be empty']);
  });

  it('checks paths and the mapping: grammar, empty sides, names, duplicates, at most 100', () => {
    expect(messages({ endpoint: 'https://a.example.com', method: 'GET', response: { parsing: { path: 'a..b', array_path: 'items[x]' } } })).toEqual([
      'Path must use dots and [index], e.g. data.items[0].name: a..b',
      'Array path must use dots and [index], e.g. data.items[0].name: items[x]',
    ]);
    const mapping = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`f${index}`, `t${index}`]));
    expect(messages({ endpoint: 'https://a.example.com', method: 'GET', response: { parsing: { mapping } } })).toEqual(['At most 100 field mappings are allowed']);
    expect(messages({ endpoint: 'https://a.example.com', method: 'GET', response: { parsing: { mapping: { a: 'x'.repeat(65), b: 'has space' } } } })).toEqual([
      `Invalid field name format: ${'x'.repeat(65)}. Use letters, numbers, and underscores only, starting with a letter.`,
      'Invalid field name format: has space. Use letters, numbers, and underscores only, starting with a letter.',
    ]);
  });

  it('leaves an update to what it sent: no required endpoint or method, secrets checked after the merge', () => {
    expect(readApiSourceConfiguration({ performance: { retry_count: 0 } }, true)).toEqual({ problems: [], configuration: { performance: { retry_count: 0 } } });
    expect(messages({ authentication: { type: 'bearer' } }, true)).toEqual([]);
    expect(messages({ endpoint: '' }, true)).toEqual(['Endpoint URL is required']);
    expect(messages({ request: { payload_template: 'not json' } }, true)).toEqual(['Invalid JSON format. Please check your syntax.']);
    expect(readApiSourceConfiguration({ request: { payload_template: '' } }, true).configuration).toEqual({ request: { payload_template: null } });
  });

  it('puts name first and source_type last, each at its field', async () => {
    const result = await createApiSourceRequestSchema().safeParseAsync({ name: '', source_type: 'rest', configuration: { endpoint: 'nope', method: 'GET' } });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Name is required'],
      ['configuration.endpoint', 'Endpoint URL must be a valid URL'],
      ['source_type', 'source_type must be api_query'],
    ]);
    expect((await updateApiSourceRequestSchema().safeParseAsync({ name: 'Renamed' })).success).toBe(true);
  });
});
