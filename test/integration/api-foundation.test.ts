import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILIES, ROUTES } from '../../shared/api/route-table';
import { SEED_ROLES } from '../../local/seed/seed-credentials';
import { callApi, removeDataDir, startTestPlatform } from '../support/local-platform-fixture';
import type { Json } from '../support/json';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
const tokens: Record<string, string> = {};

function concrete(path: string): string {
  return path.replace(/\{[^}]+\}/g, 'x_123');
}

beforeAll(async () => {
  platform = await startTestPlatform();
  for (const role of SEED_ROLES) {
    const { email, password } = platform.credentials[role];
    const answer = await callApi<{ token: string }>(platform.url, 'POST', '/api/auth/login', { body: { email, password } });
    expect(answer.status, `login ${role}`).toBe(200);
    tokens[role] = answer.body.token;
  }
});

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('health and meta', () => {
  it('reports every port as answering, with its adapter', async () => {
    const answer = await callApi(platform.url, 'GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'ok',
      environment: 'local',
      checks: { database: 'ok', storage: 'ok', queue: 'ok', identity: 'ok' },
      adapters: { database: 'dynamodb-local', storage: 's3rver', queue: 'embedded', identity: 'embedded' },
      modes: { models: 'offline', payments: 'self_hosted' },
    });
    expect(answer.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('serves an OpenAPI 3.1 document describing every route of the table', async () => {
    const answer = await callApi<{ openapi: string; info: { version: string }; paths: Record<string, Record<string, unknown>> }>(platform.url, 'GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    expect(answer.body.openapi).toBe('3.1.0');
    expect(answer.body.info.version).toBe('1.1');
    for (const route of ROUTES) expect(answer.body.paths[route.path]?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
  });

  it('answers an unknown API path with the contract 404', async () => {
    const answer = await callApi(platform.url, 'GET', '/api/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Route not found', status: 404, code: 'NOT_FOUND' });
    const wrongMethod = await callApi(platform.url, 'DELETE', '/api/health');
    expect(wrongMethod.body).toEqual({ message: 'Route not found', status: 404, code: 'NOT_FOUND' });
  });
});

describe('password sign-in (contract §4.1)', () => {
  it('returns provider tokens and the product user with its role and groups', async () => {
    const { email, password } = platform.credentials.ADMIN;
    const answer = await callApi<Json>(platform.url, 'POST', '/api/auth/login', { body: { email: email.toUpperCase(), password } });
    expect(answer.status).toBe(200);
    expect(answer.body.token.split('.')).toHaveLength(3);
    expect(answer.body.idToken.split('.')).toHaveLength(3);
    expect(answer.body.refreshToken).toEqual(expect.any(String));
    expect(answer.body.expiresIn).toBe(3600);
    expect(answer.body.user).toMatchObject({ email, role: 'admin', fullName: answer.body.user.full_name, is_system_org: false });
    expect(answer.body.user.groups).toEqual([expect.objectContaining({ name: 'Administrators', is_admin_group: true })]);
    expect(answer.body.user.last_login).toEqual(expect.any(String));
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const wrong = await callApi(platform.url, 'POST', '/api/auth/login', { body: { email: platform.credentials.USER.email, password: 'not-the-password' } });
    const unknown = await callApi(platform.url, 'POST', '/api/auth/login', { body: { email: 'nobody@nowhere.example.com', password: 'whatever1' } });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: 'Invalid email or password', status: 401, code: 'UNAUTHORIZED' });
    }
  });

  it('validates the body with the contract message', async () => {
    const answer = await callApi(platform.url, 'POST', '/api/auth/login', { body: { email: 'a@b.example.com' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: 'Email and password are required', code: 'VALIDATION_ERROR' });
  });

  it('seeds the system admin in the system organization and the others in the demo company', async () => {
    const session = await callApi<Json>(platform.url, 'GET', '/api/auth/validate-session', { token: tokens.SYSTEM_ADMIN });
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ role: 'system_admin', is_system_org: true, isSystemOrg: true });
    const rag = await callApi<Json>(platform.url, 'GET', '/api/auth/validate-session', { token: tokens.RAG_USER });
    expect(rag.body.user).toMatchObject({ role: 'rag_user', is_system_org: false, email: platform.credentials.RAG_USER.email });
  });
});

describe('every route enforces credentials and bodies', () => {
  const bearerRoutes = ROUTES.filter((route) => route.auth === 'bearer' || route.auth === 'bearer-or-api-key');

  it('covers every family that has bearer routes', () => {
    const families = new Set(bearerRoutes.map((route) => route.family));
    expect([...FAMILIES].filter((family) => !families.has(family))).toEqual(['meta', 'integrations']);
  });

  it('answers 401 "Authentication required" without a token, on every bearer route', async () => {
    for (const route of bearerRoutes) {
      const answer = await callApi(platform.url, route.method, concrete(route.path));
      expect([answer.status, answer.body], `${route.method} ${route.path}`).toEqual([401, { message: 'Authentication required', status: 401, code: 'UNAUTHORIZED' }]);
    }
  });

  it('answers 401 "Invalid or expired token" for a forged or malformed token, on every bearer route', async () => {
    const [header, payload] = (tokens.ADMIN as string).split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged-signature').toString('base64url')}`;
    for (const route of bearerRoutes) {
      for (const token of [forged, 'not-a-jwt']) {
        const answer = await callApi(platform.url, route.method, concrete(route.path), { token });
        expect([answer.status, answer.body], `${route.method} ${route.path}`).toEqual([401, { message: 'Invalid or expired token', status: 401, code: 'UNAUTHORIZED' }]);
      }
    }
  });

  it('answers 400 "Invalid JSON body" for a malformed body, on every route that takes one', async () => {
    const bodyRoutes = ROUTES.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && route.auth !== 'stripe-signed' && route.auth !== 'slack-signed');
    expect(bodyRoutes.length).toBeGreaterThan(40);
    for (const route of bodyRoutes) {
      const role = route.roles.includes('system_admin') && !route.roles.includes('admin') ? 'SYSTEM_ADMIN' : 'ADMIN';
      const answer = await callApi(platform.url, route.method, concrete(route.path), {
        token: route.auth === 'public' ? undefined : tokens[role],
        rawBody: '{"name": ',
        headers: { 'content-type': 'application/json' },
      });
      expect([answer.status, answer.body], `${route.method} ${route.path}`).toEqual([400, { message: 'Invalid JSON body', status: 400, code: 'VALIDATION_ERROR' }]);
    }
  });
});

describe('request conventions (contract §1.1, §1.3)', () => {
  it('answers 415 for a body of another content type', async () => {
    const answer = await callApi(platform.url, 'POST', '/api/auth/login', { rawBody: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ message: 'Content-Type must be application/json', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers 413 for a JSON body over 1 MB', async () => {
    const answer = await callApi(platform.url, 'POST', '/api/auth/login', { body: { email: 'a@b.example.com', password: 'x'.repeat(1024 * 1024) } });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: 'Request body too large', status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('forbids a role the route does not allow', async () => {
    const answer = await callApi(platform.url, 'GET', '/api/users', { token: tokens.RAG_USER });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: "You don't have permission to access this resource.", status: 403, code: 'FORBIDDEN' });
    const systemOnly = await callApi(platform.url, 'GET', '/api/organizations', { token: tokens.ADMIN });
    expect(systemOnly.status).toBe(403);
  });

  it('has an implementation for every route: no GET of the table answers 501 to a role it allows', async () => {
    // Every family has landed (API sources and Drive were the last); the 501 of a route without an
    // implementation stays tested on the family handler itself (functions/http/family-handler.test.ts).
    const reads = ROUTES.filter((route) => route.method === 'GET' && route.auth === 'bearer');
    expect(reads.length).toBeGreaterThan(30);
    for (const route of reads) {
      const role = route.roles.includes('system_admin') && !route.roles.includes('admin') ? 'SYSTEM_ADMIN' : 'ADMIN';
      const answer = await callApi(platform.url, route.method, concrete(route.path), { token: tokens[role] });
      expect(answer.status, `${route.method} ${route.path}: ${JSON.stringify(answer.body)}`).not.toBe(501);
    }
  });

  it('answers CORS preflight for the web origin and not for others', async () => {
    const allowed = await fetch(`${platform.url}/api/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: platform.url, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(platform.url);
    const foreign = await fetch(`${platform.url}/api/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const chat = await fetch(`${platform.url}/api/chat/sessions/app_1`, {
      method: 'OPTIONS',
      headers: { origin: 'https://widget.example.com', 'access-control-request-method': 'GET' },
    });
    expect(chat.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves the runtime configuration the web client starts from', async () => {
    const answer = await callApi<Json>(platform.url, 'GET', '/runtime-config.json');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ apiBaseUrl: '', environment: 'local', oidc: { authority: `${platform.url}/oidc`, clientId: 'groundwork-web' } });
  });
});

describe('the indexing queue', () => {
  it('retries a message no processor can handle three times, then keeps it as a dead letter', async () => {
    await platform.queue.send('indexing', {
      type: 'test.unhandled',
      version: 1,
      messageId: 'msg-integration-1',
      organizationId: 'org_test',
      requestedBy: 'system',
      createdAt: new Date().toISOString(),
      payload: {},
    });
    await expect.poll(() => platform.queue.deadLetters('indexing').map((letter) => letter.messageId).length, { timeout: 15_000, interval: 100 }).toBe(1);
    const [letter] = platform.queue.deadLetters('indexing');
    expect(letter?.receiveCount).toBe(3);
    expect(JSON.parse(letter?.body ?? '{}')).toMatchObject({ type: 'test.unhandled' });
  });
});
