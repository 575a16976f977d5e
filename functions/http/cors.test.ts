import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { ENV } from '../platform/environment';
import { corsFor } from './cors';

const saved = process.env[ENV.webOrigins];
afterEach(() => {
  if (saved === undefined) delete process.env[ENV.webOrigins];
  else process.env[ENV.webOrigins] = saved;
});

function webRouteHandler() {
  return middy()
    .use(corsFor('bearer', { preflight: true }))
    .handler(async () => ({ statusCode: 204 }));
}

async function preflight(handler: ReturnType<typeof webRouteHandler>, origin: string) {
  const event = { version: '2.0', headers: { origin }, requestContext: { http: { method: 'OPTIONS' } } };
  return (await handler(event, {} as Context)) as { statusCode: number; headers?: Record<string, string> };
}

describe('CORS of the web routes (§1.8)', () => {
  it('answers the web origins configured when the request comes, not when the handler was built', async () => {
    process.env[ENV.webOrigins] = 'http://localhost:1111';
    const handler = webRouteHandler();
    expect((await preflight(handler, 'http://localhost:1111')).headers?.['Access-Control-Allow-Origin']).toBe('http://localhost:1111');

    process.env[ENV.webOrigins] = 'http://localhost:2222';
    expect((await preflight(handler, 'http://localhost:2222')).headers?.['Access-Control-Allow-Origin']).toBe('http://localhost:2222');
    expect((await preflight(handler, 'http://localhost:1111')).headers?.['Access-Control-Allow-Origin']).toBeUndefined();
    expect((await preflight(handler, 'https://evil.example.com')).headers?.['Access-Control-Allow-Origin']).toBeUndefined();
  });
});
