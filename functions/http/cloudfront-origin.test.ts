import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENV } from '../platform/environment';
import type { ApiEvent, ApiResult } from './api-types';
import { implement } from './api-types';
import { NOT_THROUGH_CLOUDFRONT_MESSAGE, ORIGIN_SECRET_HEADER, VIEWER_IP_HEADER, arrivedThroughCloudFront } from './cloudfront-origin';
import { createFamilyHandler } from './family-handler';
import { sourceIpOf } from './source-ip';

const SECRET = 'origin-secret-for-tests';

function event(method: string, path: string, headers: Record<string, string> = {}): ApiEvent {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'abc.execute-api.eu-west-1.amazonaws.com',
      domainPrefix: 'abc',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '130.176.1.1', userAgent: 'vitest' },
      requestId: 'req-1',
      routeKey: '$default',
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
    isBase64Encoded: false,
  };
}

const context = {} as Context;
const handler = createFamilyHandler('meta', { 'meta.health': implement({ handle: async ({ sourceIp }) => ({ status: 200, body: { sourceIp } }) }) });
const call = async (headers: Record<string, string>, method = 'GET'): Promise<ApiResult> => handler(event(method, '/api/health', headers), context);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('in the cloud with the origin secret configured', () => {
  beforeEach(() => {
    vi.stubEnv(ENV.runtime, 'cloud');
    vi.stubEnv(ENV.originSecret, SECRET);
  });

  it('refuses a request without the secret (a direct execute-api call) with a contract 403', async () => {
    const result = await call({});
    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body ?? '')).toEqual({ message: NOT_THROUGH_CLOUDFRONT_MESSAGE, status: 403, code: 'FORBIDDEN' });
    expect(result.headers?.['X-Request-Id']).toBe('req-1');
  });

  it('refuses a wrong secret and a preflight without it', async () => {
    expect((await call({ [ORIGIN_SECRET_HEADER]: `${SECRET}x` })).statusCode).toBe(403);
    expect((await call({ origin: 'https://evil.example' }, 'OPTIONS')).statusCode).toBe(403);
  });

  it('serves a request carrying the secret, whatever the case of the header name', async () => {
    expect((await call({ [ORIGIN_SECRET_HEADER]: SECRET })).statusCode).toBe(200);
    expect((await call({ 'X-Groundwork-Origin-Secret': SECRET })).statusCode).toBe(200);
  });

  it('trusts the viewer address only on a request that carries the secret', async () => {
    const through = await call({ [ORIGIN_SECRET_HEADER]: SECRET, [VIEWER_IP_HEADER]: '203.0.113.7' });
    expect(JSON.parse(through.body ?? '')).toEqual({ sourceIp: '203.0.113.7' });
    expect(sourceIpOf(event('GET', '/api/health', { [ORIGIN_SECRET_HEADER]: SECRET, [VIEWER_IP_HEADER]: '2001:db8::1' }))).toBe('2001:db8::1');
    // Forged by a direct caller: not trusted (and the pipeline refuses the request anyway).
    expect(sourceIpOf(event('GET', '/api/health', { [VIEWER_IP_HEADER]: '203.0.113.7' }))).toBe('130.176.1.1');
    expect(sourceIpOf(event('GET', '/api/health', { [ORIGIN_SECRET_HEADER]: 'wrong', [VIEWER_IP_HEADER]: '203.0.113.7' }))).toBe('130.176.1.1');
  });

  it("falls back to the gateway's source address when CloudFront sent no viewer address", () => {
    expect(sourceIpOf(event('GET', '/api/health', { [ORIGIN_SECRET_HEADER]: SECRET }))).toBe('130.176.1.1');
    expect(sourceIpOf(event('GET', '/api/health', { [ORIGIN_SECRET_HEADER]: SECRET, [VIEWER_IP_HEADER]: ' ' }))).toBe('130.176.1.1');
  });

  it('no longer trusts the header CloudFront does not forward to the API', () => {
    expect(sourceIpOf(event('GET', '/api/health', { [ORIGIN_SECRET_HEADER]: SECRET, 'cloudfront-viewer-address': '203.0.113.7:443' }))).toBe('130.176.1.1');
  });
});

describe('without a configured origin secret', () => {
  it('accepts every request in the cloud and trusts no viewer header', async () => {
    vi.stubEnv(ENV.runtime, 'cloud');
    vi.stubEnv(ENV.originSecret, '');
    const result = await call({ [VIEWER_IP_HEADER]: '203.0.113.7' });
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '')).toEqual({ sourceIp: '130.176.1.1' });
  });

  it('leaves the local runtime alone, even with a secret in its environment', async () => {
    vi.stubEnv(ENV.runtime, 'local');
    vi.stubEnv(ENV.originSecret, SECRET);
    const result = await call({ [ORIGIN_SECRET_HEADER]: SECRET, [VIEWER_IP_HEADER]: '203.0.113.7' });
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '')).toEqual({ sourceIp: '130.176.1.1' });
    expect(arrivedThroughCloudFront(event('GET', '/api/health', { [ORIGIN_SECRET_HEADER]: SECRET }))).toBe(false);
  });
});
