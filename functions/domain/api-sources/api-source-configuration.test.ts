import { describe, expect, it } from 'vitest';
import type { ApiSourceConfiguration } from '../../../shared/api/schemas/api-sources';
import { completeConfiguration, splitSecrets, storedConfiguration, withSecrets } from './api-source-configuration';

const stored: ApiSourceConfiguration = {
  endpoint: 'https://api.example.com/items',
  method: 'GET',
  headers: { Authorization: 'Token abc', 'X-Trace': 'on' },
  authentication: { type: 'basic', username: 'u', password: 'pw' },
  performance: { requests_per_minute: 10, retry_count: 2, timeout_seconds: 30, max_response_size_mb: 10 },
  request: { payload_template: '{"a":1}' },
  response: { parsing: { type: 'xml', array_path: 'feed.entry', mapping: { title: 'title' } } },
};

describe('API source configuration on the server', () => {
  it('keeps masked and left-out secrets, replaces sent ones, and drops those of another auth type', () => {
    expect(completeConfiguration({ authentication: { type: 'basic', username: 'v', password: '********' } }, stored).authentication).toEqual({ type: 'basic', username: 'v', password: 'pw' });
    expect(completeConfiguration({ authentication: { type: 'basic' } }, stored).authentication).toEqual({ type: 'basic', username: 'u', password: 'pw' });
    expect(completeConfiguration({ authentication: { type: 'basic', password: 'new' } }, stored).authentication).toEqual({ type: 'basic', username: 'u', password: 'new' });
    expect(completeConfiguration({ authentication: { type: 'api_key', key: 'k' } }, stored).authentication).toEqual({ type: 'api_key', key: 'k', header_name: 'X-API-Key' });
    expect(completeConfiguration({ headers: { authorization: '********', 'X-New': '1' } }, stored).headers).toEqual({ authorization: 'Token abc', 'X-New': '1' });
  });

  it('merges performance by field (null is the default) and replaces the other parts it is sent', () => {
    const next = completeConfiguration({ performance: { retry_count: 0, requests_per_minute: null }, request: { payload_template: null }, response: { parsing: { type: 'csv', mapping: {} } } }, stored);
    expect(next.performance).toEqual({ requests_per_minute: 60, retry_count: 0, timeout_seconds: 30, max_response_size_mb: 10 });
    expect(next.request).toEqual({});
    expect(next.response).toEqual({ parsing: { type: 'csv', mapping: {} } });
    expect(next.endpoint).toBe(stored.endpoint);
  });

  it('reads an old item without method as GET, with defaults', () => {
    expect(storedConfiguration({ endpoint: 'https://x.example.com' })).toEqual({
      endpoint: 'https://x.example.com',
      method: 'GET',
      headers: {},
      authentication: { type: 'none' },
      performance: { requests_per_minute: 60, retry_count: 3, timeout_seconds: 30, max_response_size_mb: 10 },
      request: {},
      response: { parsing: { type: 'json', mapping: {} } },
    });
  });

  it('splits the secrets out (secret-named headers included) and puts them back', () => {
    const { masked, secrets } = splitSecrets(stored);
    expect(masked.headers).toEqual({ Authorization: '********', 'X-Trace': 'on' });
    expect(masked.authentication).toEqual({ type: 'basic', username: 'u', password: '********' });
    expect(secrets).toEqual({ 'authentication.password': 'pw', 'headers.Authorization': 'Token abc' });
    expect(withSecrets(masked, secrets)).toEqual(stored);
  });
});
