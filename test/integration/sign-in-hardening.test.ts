import { createPrivateKey, createSign, randomUUID, type JsonWebKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { fixedWindowAt } from '../../functions/domain/rate-limits/fixed-window';
import { rateCounterKey } from '../../functions/domain/rate-limits/rate-limit-store';
import { RATE_LIMITS, type RateLimit } from '../../functions/domain/rate-limits/rate-limits';
import { keys } from '../../functions/contracts/keys/table-keys';
import { UserRepository, type UserRecord } from '../../functions/domain/users/user-repository';
import { createUserWithAccount } from '../../functions/domain/users/user-lifecycle';
import { OIDC_CALLBACK_PATH } from '../../shared/config/runtime-config';
import { API_CLIENT_ID, PASSWORD_GRANT_TYPE, WEB_CLIENT_ID } from '../../local/identity/issuer-constants';
import { formAction, pkcePair, TestBrowser } from '../support/identity/test-browser';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import type { Json } from '../support/json';

const LOCKED = 'Too many login attempts. Please try again later.';
const INVALID_TOKEN = 'Invalid or expired token';
const PASSWORD = 'Password-123';
const MAX_ATTEMPTS = 3;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let organization: OrganizationRecord;
let addressCount = 0;

// Each request comes from its own address unless a test is about one address, so only the tests
// about per-IP limits ever meet them.
function freshIp(): string {
  addressCount += 1;
  return `10.77.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

function api<T = Json>(method: string, path: string, options: { token?: string; body?: unknown; ip?: string } = {}): Promise<JsonAnswer<T>> {
  return callApi<T>(platform.url, method, path, { token: options.token, body: options.body, headers: { 'x-forwarded-for': options.ip ?? freshIp() } });
}

async function newUser(): Promise<string> {
  const email = `person-${randomUUID().slice(0, 8)}@hardening.example.com`;
  await createUserWithAccount(platform.ports, { organization, email, fullName: 'Hardening Person', role: 'user', password: PASSWORD });
  return email;
}

async function apiLogin(email: string, password: string) {
  return api('POST', '/api/auth/login', { body: { email, password } });
}

async function signedIn(email: string) {
  const answer = await apiLogin(email, PASSWORD);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { token: string; idToken: string; refreshToken: string };
}

/** The hosted sign-in page, as the web client's redirect reaches it. */
async function openHostedPage() {
  const browser = new TestBrowser();
  const { challenge } = pkcePair();
  const authorize = new URL(`${platform.url}/oidc/auth`);
  authorize.search = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${platform.url}${OIDC_CALLBACK_PATH}`,
    scope: 'openid profile email',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  const first = await browser.request(authorize.href);
  expect(first.status).toBe(303);
  const pageUrl = new URL(first.headers.get('location') ?? '', platform.url).href;
  const page = await browser.request(pageUrl);
  expect(page.status).toBe(200);
  return { browser, pageUrl, html: await page.text() };
}

/** One password typed into the hosted page: status, page text and where it sends the browser. */
async function hostedAttempt(email: string, password: string) {
  const { browser, pageUrl, html } = await openHostedPage();
  const posted = await browser.postForm(formAction(html, pageUrl), { email, password });
  return { status: posted.status, text: await posted.text(), location: posted.headers.get('location'), retryAfter: posted.headers.get('retry-after') };
}

async function passwordGrant(email: string, password: string) {
  const { clientSecret } = JSON.parse(await readFile(join(platform.dataDir, 'identity', 'api-client.json'), 'utf8')) as { clientSecret: string };
  const response = await fetch(`${platform.url}/oidc/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${API_CLIENT_ID}:${clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: PASSWORD_GRANT_TYPE, username: email, password, scope: 'openid profile email' }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** A token signed with the issuer's own key: only its claims can be wrong. */
async function signWithIssuerKey(payload: Record<string, unknown>, like: string): Promise<string> {
  const { keys: jwks } = JSON.parse(await readFile(join(platform.dataDir, 'identity', 'jwks.json'), 'utf8')) as { keys: (JsonWebKey & { kid: string })[] };
  const key = jwks[0] as JsonWebKey & { kid: string };
  const header = { ...JSON.parse(Buffer.from(like.split('.')[0] ?? '', 'base64url').toString('utf8')), kid: key.kid, alg: 'RS256' };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(createPrivateKey({ key, format: 'jwk' }));
  return `${input}.${signature.toString('base64url')}`;
}

beforeAll(async () => {
  platform = await startTestPlatform({ trustProxy: true });
  const created = await new OrganizationRepository(platform.ports.database).create({ name: 'Hardening', domain: 'hardening.example.com', type: 'business', is_system_org: false });
  await platform.ports.database.client.send(
    new UpdateCommand({
      TableName: platform.ports.database.tableName,
      Key: keys.organization(created.id),
      UpdateExpression: 'SET securitySettings = :security',
      ExpressionAttributeValues: { ':security': { ...created.securitySettings, maxLoginAttempts: MAX_ATTEMPTS, lockoutMinutes: 15 } },
    }),
  );
  organization = (await new OrganizationRepository(platform.ports.database).get(created.id)) as OrganizationRecord;
});

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('one lockout for every password check (contract §1.8)', () => {
  it('the hosted sign-in page counts wrong passwords and refuses a locked email even with the right password', async () => {
    const email = await newUser();
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      const wrong = await hostedAttempt(email, `Wrong-${i}`);
      expect(wrong.status).toBe(200);
      expect(wrong.text).toContain('Invalid email or password');
    }
    const right = await hostedAttempt(email, PASSWORD);
    expect(right.location, 'a locked email must not be signed in').toBeNull();
    expect(right.status).toBe(429);
    expect(Number(right.retryAfter)).toBeGreaterThan(0);
    expect(right.text).toContain(LOCKED);
    // §4.1 reads the same counter.
    const login = await apiLogin(email, PASSWORD);
    expect(login.status).toBe(429);
    expect(login.body.message).toBe(LOCKED);
  });

  it('a lock set through §4.1 closes the hosted page too', async () => {
    const email = await newUser();
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) expect((await apiLogin(email, `Wrong-${i}`)).status).toBe(401);
    expect((await apiLogin(email, PASSWORD)).status).toBe(429);
    const right = await hostedAttempt(email, PASSWORD);
    expect(right.location).toBeNull();
    expect(right.text).toContain(LOCKED);
  });

  it('counts each wrong §4.1 password once, though it passes through the issuer password grant', async () => {
    const email = await newUser();
    for (let i = 0; i < MAX_ATTEMPTS - 1; i += 1) expect((await apiLogin(email, `Wrong-${i}`)).status).toBe(401);
    expect((await apiLogin(email, PASSWORD)).status).toBe(200);
    // The success forgave the failures: a fresh run of wrong passwords starts from zero.
    for (let i = 0; i < MAX_ATTEMPTS - 1; i += 1) expect((await apiLogin(email, `Wrong-${i}`)).status).toBe(401);
    expect((await apiLogin(email, PASSWORD)).status).toBe(200);
  });

  it('the password grant, called directly, counts and refuses a locked email', async () => {
    const email = await newUser();
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) expect((await passwordGrant(email, `Wrong-${i}`)).body.error).toBe('invalid_grant');
    const right = await passwordGrant(email, PASSWORD);
    expect(right.body.access_token).toBeUndefined();
    expect(right.body.error).toBe('login_locked');
    expect((await apiLogin(email, PASSWORD)).status).toBe(429);
  });

  it('wrong current passwords of the in-app change (§4.11) count too', async () => {
    const email = await newUser();
    const { token } = await signedIn(email);
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      const wrong = await api('POST', '/api/auth/change-password', { token, body: { currentPassword: `Wrong-${i}`, newPassword: 'Another-Password-1' } });
      expect(wrong.status).toBe(400);
    }
    const right = await api('POST', '/api/auth/change-password', { token, body: { currentPassword: PASSWORD, newPassword: 'Another-Password-1' } });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(LOCKED);
    expect((await apiLogin(email, PASSWORD)).status).toBe(429);
  });
});

describe('a password longer than any account may have (MAX_PASSWORD_LENGTH)', () => {
  // 20,000 characters of 3 UTF-8 bytes each: the issuer's token endpoint refused the form it made as
  // unparsable, and §4.1 answered 502 "Identity provider unavailable" (found by the route fuzzer).
  const long = '\u202e'.repeat(20_000);

  it('is a wrong password at sign-in (§4.1), not an unavailable provider', async () => {
    const email = await newUser();
    const answer = await apiLogin(email, long);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Invalid email or password');
    expect((await apiLogin(email, PASSWORD)).status).toBe(200);
  });

  it('is an incorrect current password in the in-app change (§4.11)', async () => {
    const email = await newUser();
    const { token } = await signedIn(email);
    const answer = await api('POST', '/api/auth/change-password', { token, body: { currentPassword: long, newPassword: 'Another-Password-1' } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Current password is incorrect');
  });
});

describe('ID tokens and the logout denylist (contract §1.2, §4.8)', () => {
  it('ID tokens of the embedded issuer carry a jti, of their own', async () => {
    const { idToken, token } = await signedIn(await newUser());
    const jti = decode(idToken).jti;
    expect(typeof jti).toBe('string');
    expect(jti).not.toBe(decode(token).jti);
  });

  it('a logout sent with an ID token denylists that ID token', async () => {
    const email = await newUser();
    const { idToken, token } = await signedIn(email);
    expect((await api('GET', '/api/auth/validate-session', { token: idToken })).status).toBe(200);
    expect((await api('POST', '/api/auth/logout', { token: idToken, body: {} })).status).toBe(204);
    const after = await api('GET', '/api/auth/validate-session', { token: idToken });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(INVALID_TOKEN);
    // The access token of that sign-in was not presented; logging out with it ends it the same way.
    expect((await api('POST', '/api/auth/logout', { token, body: {} })).status).toBe(204);
    expect((await api('GET', '/api/auth/validate-session', { token })).status).toBe(401);
  });
});

describe('tokens with missing or ill-typed claims answer 401, never 500 (contract §1.2)', () => {
  const variants: [string, (claims: Record<string, unknown>) => void][] = [
    ['no jti', (c) => delete c.jti],
    ['an empty jti', (c) => (c.jti = '')],
    ['a numeric jti', (c) => (c.jti = 12345)],
    ['no exp', (c) => delete c.exp],
    ['a string exp', (c) => (c.exp = 'tomorrow')],
    ['an exp beyond any date', (c) => (c.exp = 1e20)],
    ['an exp far in the past beyond any date', (c) => (c.exp = -1e20)],
    ['an nbf beyond any date', (c) => (c.nbf = 1e20)],
    ['no auth_time', (c) => delete c.auth_time],
    ['a string auth_time', (c) => (c.auth_time = 'yesterday')],
    ['a string iat', (c) => (c.iat = 'now')],
    ['no iat', (c) => delete c.iat],
  ];

  for (const kind of ['access', 'ID'] as const) {
    it(`${kind} tokens`, async () => {
      const tokens = await signedIn(await newUser());
      const real = kind === 'access' ? tokens.token : tokens.idToken;
      for (const [name, change] of variants) {
        const claims = decode(real);
        change(claims);
        const forged = await signWithIssuerKey(claims, real);
        for (const path of ['/api/auth/validate-session', '/api/profile']) {
          const answer = await api('GET', path, { token: forged });
          if (name === 'no iat') {
            // iat is informative only; the token is otherwise whole.
            expect(answer.status, `${name} on ${path}`).toBe(200);
            continue;
          }
          expect({ name, path, status: answer.status, message: answer.body?.message }).toEqual({ name, path, status: 401, message: INVALID_TOKEN });
        }
        const logout = await api('POST', '/api/auth/logout', { token: forged, body: {} });
        expect(logout.status, `${name} on logout`).toBe(name === 'no iat' ? 204 : 401);
      }
    });
  }
});

describe('§4.5 verify-token limits (contract §1.8, decision D-AUTH-1 in docs/contract-decisions.md)', () => {
  /**
   * Puts `count` on a counter for this minute and the next, so the test does not depend on where
   * in its fixed window it runs; the requests that follow are real.
   */
  async function fillCounter(limit: RateLimit, key: string, count: number) {
    for (const windowOffset of [0, 1]) {
      const window = fixedWindowAt(Date.now() + windowOffset * limit.windowSeconds * 1000, limit.windowSeconds);
      await platform.ports.database.client.send(
        new PutCommand({ TableName: platform.ports.database.tableName, Item: { ...rateCounterKey(limit.scope, key, window.index), count, ttl: window.endsAt + 60 } }),
      );
    }
  }
  const verifyLimitOfIp = RATE_LIMITS.publicAuth('auth.verifyToken');

  it("a valid token spends its user's bearer budget, not the office address's 20 a minute", async () => {
    const email = await newUser();
    const { idToken } = await signedIn(email);
    const office = freshIp();
    // The office address has used its 20 this minute: page loads of signed-in people go on.
    await fillCounter(verifyLimitOfIp, office, verifyLimitOfIp.limit);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await api('POST', '/api/auth/verify-token', { token: idToken, body: { email }, ip: office })).status);
    expect(statuses).toEqual(Array(5).fill(200));

    // The user's own budget is the bearer one, shared with the user's bearer calls. Another user,
    // whose counter this process has taken no lease block of yet (rate-leases.ts).
    const other = await newUser();
    const { token } = await signedIn(other);
    const user = (await new UserRepository(platform.ports.database).findByEmail(other)) as UserRecord;
    await fillCounter(RATE_LIMITS.bearer, user.id, RATE_LIMITS.bearer.limit - 1);
    expect((await api('POST', '/api/auth/verify-token', { token, body: { email: other }, ip: office })).status).toBe(200);
    const limited = await api('POST', '/api/auth/verify-token', { token, body: { email: other }, ip: freshIp() });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many requests. Please try again later.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('bad or missing tokens still spend the per-IP budget of 20 a minute', async () => {
    const email = await newUser();
    const { idToken } = await signedIn(email);
    const guesser = freshIp();
    await fillCounter(verifyLimitOfIp, guesser, verifyLimitOfIp.limit - 2);
    const forged = `${idToken.slice(0, -4)}AAAA`;
    expect((await api('POST', '/api/auth/verify-token', { token: forged, body: { email }, ip: guesser })).status).toBe(401);
    expect((await api('POST', '/api/auth/verify-token', { body: { email }, ip: guesser })).status).toBe(400);
    for (const token of [forged, undefined, 'not a token at all']) {
      const limited = await api('POST', '/api/auth/verify-token', { token, body: { email }, ip: guesser });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
