import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiEvent, ApiResult } from './api-types';
import { implement } from './api-types';
import { createFamilyHandler } from './family-handler';
import { ContractError } from '../contracts/contract-error';

function event(method: string, path: string, options: { body?: string; headers?: Record<string, string> } = {}): ApiEvent {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: options.headers ?? {},
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'req-1',
      routeKey: '$default',
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
    body: options.body,
    isBase64Encoded: false,
  };
}

const context = {} as Context;
const json = (result: ApiResult) => JSON.parse(result.body ?? 'null');

/** The pipeline validates a body with its route's schema; these tests give the routes their own. */
const loginBody = z.object({
  email: z.string({ error: 'Email is required' }).min(1, 'Email is required'),
  password: z.string({ error: 'Password is required' }).min(8, 'Password must be at least 8 characters long'),
});

const handler = createFamilyHandler('auth', {
  'auth.login': implement({
    body: loginBody,
    async handle({ body }) {
      return { status: 200, body: { echoed: body.email } };
    },
  }),
  'auth.signup': implement({
    async handle() {
      throw new Error('database password is hunter2');
    },
  }),
  'auth.checkLoginOptions': implement({
    async handle() {
      throw new ContractError('CONFLICT', 'An account with this email already exists', { details: [{ id: 'x' }] });
    },
  }),
}, { 'auth.login': { body: loginBody } });

describe('the family pipeline', () => {
  it('runs a public route with a parsed, validated body and tags the request id', async () => {
    const result = await handler(event('POST', '/api/auth/login', { body: '{"email":"a@b.c","password":"12345678"}', headers: { 'Content-Type': 'application/json' } }), context);
    expect(result.statusCode).toBe(200);
    expect(json(result)).toEqual({ echoed: 'a@b.c' });
    expect(result.headers?.['X-Request-Id']).toBe('req-1');
  });

  it('collects every validation problem in field order', async () => {
    const result = await handler(event('POST', '/api/auth/login', { body: '{"password":"short"}', headers: { 'content-type': 'application/json' } }), context);
    expect(result.statusCode).toBe(400);
    expect(json(result)).toEqual({
      message: 'Email is required\nPassword must be at least 8 characters long',
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [
        { field: 'email', message: 'Email is required' },
        { field: 'password', message: 'Password must be at least 8 characters long' },
      ],
    });
  });

  it('maps malformed JSON, wrong content type and oversize bodies to the contract answers', async () => {
    const malformed = await handler(event('POST', '/api/auth/login', { body: '{', headers: { 'content-type': 'application/json' } }), context);
    expect([malformed.statusCode, json(malformed).message]).toEqual([400, 'Invalid JSON body']);
    const wrongType = await handler(event('POST', '/api/auth/login', { body: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), context);
    expect([wrongType.statusCode, json(wrongType).code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const large = await handler(event('POST', '/api/auth/login', { body: JSON.stringify({ email: 'x'.repeat(1024 * 1024) }), headers: { 'content-type': 'application/json' } }), context);
    expect([large.statusCode, json(large).message]).toEqual([413, 'Request body too large']);
  });

  it('refuses a JSON body that is no object, and reads no body as an empty one', async () => {
    for (const body of ['null', '[]', '"text"', '7']) {
      const result = await handler(event('POST', '/api/auth/login', { body, headers: { 'content-type': 'application/json' } }), context);
      expect([result.statusCode, json(result).message], body).toEqual([400, 'Request body must be a JSON object']);
    }
    const none = await handler(event('POST', '/api/auth/login'), context);
    expect(json(none).message).toBe('Email is required\nPassword is required');
  });

  it('never leaks a thrown bug: 500 with the generic message', async () => {
    const result = await handler(event('POST', '/api/auth/signup'), context);
    expect(result.statusCode).toBe(500);
    expect(json(result)).toEqual({ message: 'Internal server error', status: 500, code: 'INTERNAL_ERROR' });
    expect(result.body).not.toContain('hunter2');
  });

  it('passes documented details through', async () => {
    const result = await handler(event('POST', '/api/auth/check-login-options'), context);
    expect(json(result)).toEqual({ message: 'An account with this email already exists', status: 409, code: 'CONFLICT', details: [{ id: 'x' }] });
  });

  it('answers unknown paths and methods of the family with "Route not found"', async () => {
    for (const [method, path] of [['GET', '/api/auth/nothing'], ['DELETE', '/api/auth/login']] as const) {
      const result = await handler(event(method, path), context);
      expect(result.statusCode).toBe(404);
      expect(json(result)).toEqual({ message: 'Route not found', status: 404, code: 'NOT_FOUND' });
    }
  });

  it('answers a public route without an implementation with 501', async () => {
    const result = await handler(event('POST', '/api/auth/check-org-settings'), context);
    expect(result.statusCode).toBe(501);
    expect(json(result).code).toBe('NOT_IMPLEMENTED');
  });

  it("validates a body with the route's schema even when the implementation does not name it", async () => {
    const bare = createFamilyHandler('auth', { 'auth.login': implement({ handle: async () => ({ status: 200 }) }) }, { 'auth.login': { body: loginBody } });
    const result = await bare(event('POST', '/api/auth/login', { body: '{"email":"a@b.c"}', headers: { 'content-type': 'application/json' } }), context);
    expect([result.statusCode, json(result).message]).toEqual([400, 'Password is required']);
  });

  it("refuses an implementation whose body schema is not its route's", () => {
    const other = z.object({ email: z.string() });
    expect(() => createFamilyHandler('auth', { 'auth.login': implement({ body: other, handle: async () => ({ status: 200 }) }) }, { 'auth.login': { body: loginBody } })).toThrow(/auth\.login/);
  });

  it('refuses implementations for routes outside the family', () => {
    expect(() => createFamilyHandler('auth', { 'users.list': implement({ handle: async () => ({ status: 200 }) }) })).toThrow(/users\.list/);
  });
});
