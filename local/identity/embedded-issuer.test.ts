import { createPrivateKey, createSign, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidCredentialsError,
  InvalidTokenError,
  type ProviderTokens,
} from '../../functions/contracts/ports/identity';
import { startEmbeddedIssuer, type EmbeddedIssuer } from './embedded-issuer';
import { TestBrowser, formAction, pkcePair } from '../../test/support/identity/test-browser';
import { startTestDatabase, startTestServer, type TestDatabase } from '../../test/support/identity/test-environment';

const EMAIL = 'ada@example.com';
const PASSWORD = 'correct horse battery staple';
const CALLBACK = '/auth/callback';

let db: TestDatabase;
let server: Awaited<ReturnType<typeof startTestServer>>;
let issuer: EmbeddedIssuer | undefined;
let origin: string;
let stateDir: string;
let sub: string;

interface TokenSet {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
}

function current(): EmbeddedIssuer {
  if (!issuer) throw new Error('issuer not started');
  return issuer;
}

function decodePayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

function decodeHeader(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

function signJwt(header: Record<string, unknown>, payload: Record<string, unknown>, privateJwk: JsonWebKey): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(createPrivateKey({ key: privateJwk, format: 'jwk' }));
  return `${input}.${signature.toString('base64url')}`;
}

async function tokenRequest(params: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${origin}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Authorization code + PKCE, as the SPA's OIDC client does it, up to the login page. */
async function startAuthorization(browser: TestBrowser) {
  const { verifier, challenge } = pkcePair();
  const authorize = new URL(`${origin}/oidc/auth`);
  authorize.search = new URLSearchParams({
    client_id: 'groundwork-web',
    response_type: 'code',
    redirect_uri: `${origin}${CALLBACK}`,
    scope: 'openid profile email',
    state: 'state-123',
    nonce: 'nonce-456',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  const first = await browser.request(authorize.href);
  expect(first.status).toBe(303);
  const loginUrl = new URL(first.headers.get('location') ?? '', origin).href;
  expect(loginUrl).toMatch(new RegExp(`^${origin}/oidc/interaction/[\\w-]+$`));
  const page = await browser.request(loginUrl);
  expect(page.status).toBe(200);
  return { verifier, loginUrl, html: await page.text() };
}

/** Submits the login form and follows the redirects to the callback; returns the callback URL. */
async function submitLogin(browser: TestBrowser, loginUrl: string, html: string, password: string): Promise<URL> {
  const posted = await browser.postForm(formAction(html, loginUrl), { email: EMAIL, password });
  expect(posted.status).toBe(303);
  let location = new URL(posted.headers.get('location') ?? '', origin);
  for (let hops = 0; !location.pathname.endsWith(CALLBACK); hops += 1) {
    if (hops > 5) throw new Error(`too many redirects, at ${location.href}`);
    const next = await browser.request(location.href);
    expect([302, 303]).toContain(next.status);
    location = new URL(next.headers.get('location') ?? '', location);
  }
  return location;
}

async function exchangeCode(callback: URL, verifier: string): Promise<TokenSet> {
  const { status, body } = await tokenRequest({
    grant_type: 'authorization_code',
    client_id: 'groundwork-web',
    code: callback.searchParams.get('code') ?? '',
    redirect_uri: `${origin}${CALLBACK}`,
    code_verifier: verifier,
  });
  expect(status).toBe(200);
  return body as unknown as TokenSet;
}

async function browserSignIn(): Promise<TokenSet> {
  const browser = new TestBrowser();
  const { verifier, loginUrl, html } = await startAuthorization(browser);
  return exchangeCode(await submitLogin(browser, loginUrl, html, PASSWORD), verifier);
}

function refreshAsWebClient(refreshToken: string) {
  return tokenRequest({ grant_type: 'refresh_token', client_id: 'groundwork-web', refresh_token: refreshToken });
}

beforeAll(async () => {
  db = await startTestDatabase();
  stateDir = path.join(db.dir, 'identity');
  server = await startTestServer(() => issuer?.handle);
  origin = server.origin;
  issuer = await startEmbeddedIssuer({ publicOrigin: origin, webOrigin: origin, database: db.database, stateDir });
  ({ sub } = await current().accounts.create({ email: EMAIL, password: PASSWORD, fullName: 'Ada Lovelace' }));
}, 90_000);

afterAll(async () => {
  await issuer?.close();
  await server?.close();
  await db?.stop();
});

describe('embedded issuer over HTTP', () => {
  it('advertises its endpoints under the /oidc mount of the shared origin', async () => {
    const response = await fetch(`${origin}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${origin}/oidc`);
    expect(discovery.authorization_endpoint).toBe(`${origin}/oidc/auth`);
    expect(discovery.token_endpoint).toBe(`${origin}/oidc/token`);
    expect(discovery.jwks_uri).toBe(`${origin}/oidc/jwks`);
    expect(discovery.end_session_endpoint).toBe(`${origin}/oidc/session/end`);
    expect(discovery.revocation_endpoint).toBe(`${origin}/oidc/token/revocation`);
    expect(current().issuer).toBe(`${origin}/oidc`);
  });

  it('leaves paths outside /oidc to the rest of the server', async () => {
    const response = await fetch(`${origin}/api/health`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('not found');
  });

  it('renders provider errors as a plain page without external assets', async () => {
    const response = await fetch(`${origin}/oidc/auth?client_id=unknown-client&response_type=code&scope=openid`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<h1>Sign-in problem</h1>');
    expect(html).toContain('invalid_client');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/);
    expect(html).not.toContain('fonts.googleapis');
  });

  it('publishes one RS256 signing key', async () => {
    const jwks = (await (await fetch(`${origin}/oidc/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('serves an honest reset-password page', async () => {
    const response = await fetch(`${origin}/oidc/reset-password`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Password reset</title>');
    expect(html).toContain('does not send email');
    expect(html).toContain('<strong>Users</strong> page');
    expect(html).toContain(`href="${origin}/login"`);
    expect(current().identity.clientSettings()).toEqual({
      authority: `${origin}/oidc`,
      clientId: 'groundwork-web',
      scope: 'openid profile email',
      resetPasswordUrl: `${origin}/oidc/reset-password`,
      logoutUrl: undefined,
    });
  });
});

describe('authorization code + PKCE through the hosted login page', () => {
  let tokens: TokenSet;

  it('renders the login form without external assets', async () => {
    const { html } = await startAuthorization(new TestBrowser());
    expect(html).toContain('<title>Sign in to Groundwork</title>');
    expect(html).toMatch(/<label for="email">Email address<\/label>\s*<input id="email" name="email"/);
    expect(html).toMatch(/<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/);
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).toContain(`<a href="${origin}/oidc/reset-password">Forgot password?</a>`);
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('role="alert"');
  });

  it('re-renders with an alert and the typed email on a wrong password or unknown email', async () => {
    const browser = new TestBrowser();
    const { loginUrl, html } = await startAuthorization(browser);
    const wrong = await browser.postForm(formAction(html, loginUrl), { email: EMAIL, password: 'not-the-password' });
    expect(wrong.status).toBe(200);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('<div class="alert" role="alert">Invalid email or password</div>');
    expect(wrongHtml).toContain(`value="${EMAIL}"`);

    const unknown = await browser.postForm(formAction(wrongHtml, loginUrl), { email: 'nobody@example.com', password: PASSWORD });
    expect(await unknown.text()).toContain('role="alert">Invalid email or password<');
  });

  it('refuses a login form posted without the interaction cookie (CSRF)', async () => {
    const { loginUrl, html } = await startAuthorization(new TestBrowser());
    const stranger = new TestBrowser();
    const response = await stranger.postForm(formAction(html, loginUrl), { email: EMAIL, password: PASSWORD });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Sign-in expired');
  });

  it('redirects to the web callback with a code and exchanges it for tokens', async () => {
    const browser = new TestBrowser();
    const { verifier, loginUrl, html } = await startAuthorization(browser);
    const wrong = await browser.postForm(formAction(html, loginUrl), { email: EMAIL, password: 'nope' });
    expect(await wrong.text()).toContain('Invalid email or password');

    const callback = await submitLogin(browser, loginUrl, html, PASSWORD);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${origin}/auth/callback`);
    expect(callback.searchParams.get('state')).toBe('state-123');
    expect(callback.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);

    // PKCE: the code is useless without the verifier.
    const stolen = await tokenRequest({
      grant_type: 'authorization_code',
      client_id: 'groundwork-web',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: `${origin}${CALLBACK}`,
      code_verifier: pkcePair().verifier,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');

    const exchanged = await exchangeCode(callback, verifier);
    expect(exchanged.access_token.split('.')).toHaveLength(3);
    expect(exchanged.id_token.split('.')).toHaveLength(3);
    // A code is single-use.
    const replay = await tokenRequest({
      grant_type: 'authorization_code',
      client_id: 'groundwork-web',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: `${origin}${CALLBACK}`,
      code_verifier: verifier,
    });
    expect(replay.body.error).toBe('invalid_grant');
  });

  it('issues RS256 JWT access and ID tokens with the documented claims', async () => {
    tokens = await browserSignIn();
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.refresh_token).toMatch(/^[\w-]{30,}$/);

    const access = decodePayload(tokens.access_token);
    expect(decodeHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(access).toMatchObject({
      iss: `${origin}/oidc`,
      aud: `${origin}/api`,
      sub,
      client_id: 'groundwork-web',
      token_use: 'access',
      scope: 'openid profile email',
    });
    expect(access.exp).toBe((access.iat as number) + 3600);
    expect(typeof access.jti).toBe('string');
    expect(access.auth_time).toBeGreaterThan(Date.now() / 1000 - 120);

    const id = decodePayload(tokens.id_token);
    expect(decodeHeader(tokens.id_token)).toMatchObject({ alg: 'RS256' });
    expect(id).toMatchObject({
      iss: `${origin}/oidc`,
      aud: 'groundwork-web',
      sub,
      email: EMAIL,
      email_verified: true,
      name: 'Ada Lovelace',
      token_use: 'id',
      identity_provider: 'password',
      nonce: 'nonce-456',
      auth_time: access.auth_time,
    });
    expect(id.exp).toBe((id.iat as number) + 3600);
  });

  it('verifies both tokens through the identity port', async () => {
    const { identity } = current();
    const access = await identity.verify(tokens.access_token);
    expect(access).toMatchObject({ sub, tokenUse: 'access', identityProvider: 'password' });
    expect(access.jti).toBe(decodePayload(tokens.access_token).jti);
    expect(access.authTime).toBe(decodePayload(tokens.access_token).auth_time);

    const id = await identity.verify(tokens.id_token);
    expect(id).toMatchObject({
      sub,
      tokenUse: 'id',
      email: EMAIL,
      emailVerified: true,
      identityProvider: 'password',
      nonce: 'nonce-456',
    });
  });

  it('rejects a forged, an expired and a malformed token, and honours the 60 s leeway', async () => {
    const { identity } = current();
    const [signingKey] = (JSON.parse(await readFile(path.join(stateDir, 'jwks.json'), 'utf8')) as { keys: JsonWebKey[] }).keys;
    if (!signingKey) throw new Error('no signing key');
    const header = decodeHeader(tokens.access_token);
    const claims = decodePayload(tokens.access_token);
    const now = Math.floor(Date.now() / 1000);

    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
    await expect(identity.verify(signJwt(header, claims, otherKey))).rejects.toBeInstanceOf(InvalidTokenError);

    const expired = signJwt(header, { ...claims, iat: now - 7200, exp: now - 61 }, signingKey);
    await expect(identity.verify(expired)).rejects.toBeInstanceOf(InvalidTokenError);

    const withinLeeway = signJwt(header, { ...claims, iat: now - 3640, exp: now - 40 }, signingKey);
    await expect(identity.verify(withinLeeway)).resolves.toMatchObject({ sub, tokenUse: 'access' });

    const otherAudience = signJwt(header, { ...claims, aud: 'https://elsewhere.example/api' }, signingKey);
    await expect(identity.verify(otherAudience)).rejects.toBeInstanceOf(InvalidTokenError);

    const noTokenUse = signJwt(header, { ...claims, token_use: undefined }, signingKey);
    await expect(identity.verify(noTokenUse)).rejects.toBeInstanceOf(InvalidTokenError);

    const otherIssuer = signJwt(header, { ...claims, iss: 'http://localhost:1/oidc' }, signingKey);
    await expect(identity.verify(otherIssuer)).rejects.toBeInstanceOf(InvalidTokenError);

    const unknownKid = signJwt({ ...header, kid: 'not-a-key' }, claims, otherKey);
    await expect(identity.verify(unknownKid)).rejects.toBeInstanceOf(InvalidTokenError);

    await expect(identity.verify('not.a.jwt')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('rotates the refresh token, and reuse of the old one revokes the grant', async () => {
    const first = await refreshAsWebClient(tokens.refresh_token);
    expect(first.status).toBe(200);
    const rotated = first.body.refresh_token as string;
    expect(rotated).toMatch(/^[\w-]{30,}$/);
    expect(rotated).not.toBe(tokens.refresh_token);
    expect(decodePayload(first.body.access_token as string)).toMatchObject({
      sub,
      token_use: 'access',
      auth_time: decodePayload(tokens.access_token).auth_time,
    });

    const replay = await refreshAsWebClient(tokens.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    // Reuse detection: the whole grant is gone, the rotated token with it.
    expect((await refreshAsWebClient(rotated)).status).toBe(400);
  });

  it('refreshes a web-client token through the identity port', async () => {
    const fresh = await browserSignIn();
    const refreshed = await current().identity.refresh(fresh.refresh_token);
    expect(refreshed.refreshToken).not.toBe(fresh.refresh_token);
    expect(refreshed.expiresIn).toBe(3600);
    await expect(current().identity.verify(refreshed.accessToken)).resolves.toMatchObject({ sub, tokenUse: 'access' });
    await expect(current().identity.verify(refreshed.idToken)).resolves.toMatchObject({ sub, tokenUse: 'id' });
    await expect(current().identity.refresh(fresh.refresh_token)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(current().identity.refresh('no-such-token')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('signs the browser out with logout=yes on a page without external assets', async () => {
    const browser = new TestBrowser();
    const { verifier, loginUrl, html } = await startAuthorization(browser);
    const signedIn = await exchangeCode(await submitLogin(browser, loginUrl, html, PASSWORD), verifier);

    const end = new URL(`${origin}/oidc/session/end`);
    end.search = new URLSearchParams({
      id_token_hint: signedIn.id_token,
      post_logout_redirect_uri: `${origin}/login`,
    }).toString();
    const page = await browser.request(end.href);
    expect(page.status).toBe(200);
    const logoutHtml = await page.text();
    expect(logoutHtml).toContain('id="op.logoutForm"');
    expect(logoutHtml).toContain('<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>');
    expect(logoutHtml).not.toMatch(/https?:\/\/(?!localhost)/);
    expect(logoutHtml).toContain("i.name='logout';i.value='yes'");

    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logoutHtml)?.[1] ?? '';
    const confirmed = await browser.postForm(formAction(logoutHtml, end.href), { xsrf, logout: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${origin}/login`);

    // The issuer session is gone: a new authorization asks for the password again.
    const again = await browser.request(
      `${origin}/oidc/auth?${new URLSearchParams({
        client_id: 'groundwork-web',
        response_type: 'code',
        redirect_uri: `${origin}${CALLBACK}`,
        scope: 'openid',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
        prompt: 'none',
      }).toString()}`,
    );
    const location = new URL(again.headers.get('location') ?? '', origin);
    expect(location.searchParams.get('error')).toBe('login_required');
  });
});

describe('password sign-in and revocation through the identity port', () => {
  it('signs in with the password grant of the API client', async () => {
    const tokens = await current().identity.passwordSignIn(EMAIL.toUpperCase(), PASSWORD);
    expect(tokens.expiresIn).toBe(3600);
    expect(tokens.refreshToken).toMatch(/^[\w-]{30,}$/);
    expect(decodePayload(tokens.accessToken)).toMatchObject({
      sub,
      aud: `${origin}/api`,
      client_id: 'groundwork-api',
      token_use: 'access',
      scope: 'openid profile email',
    });
    expect(decodePayload(tokens.idToken)).toMatchObject({
      sub,
      aud: 'groundwork-api',
      email: EMAIL,
      token_use: 'id',
      identity_provider: 'password',
    });
    const verified = await current().identity.verify(tokens.accessToken);
    expect(verified.authTime).toBe(decodePayload(tokens.idToken).auth_time);
    await expect(current().identity.verify(tokens.idToken)).resolves.toMatchObject({ sub, tokenUse: 'id', email: EMAIL });

    const refreshed = await current().identity.refresh(tokens.refreshToken ?? '');
    await expect(current().identity.verify(refreshed.accessToken)).resolves.toMatchObject({ sub });
    expect(refreshed.refreshToken).toMatch(/^[\w-]{30,}$/);
  });

  it('refuses wrong credentials with InvalidCredentialsError', async () => {
    await expect(current().identity.passwordSignIn(EMAIL, 'wrong password')).rejects.toBeInstanceOf(InvalidCredentialsError);
    await expect(current().identity.passwordSignIn('ghost@example.com', PASSWORD)).rejects.toBeInstanceOf(InvalidCredentialsError);
  });

  it('keeps the password grant away from the public web client', async () => {
    const { status, body } = await tokenRequest({
      grant_type: 'urn:groundwork:password',
      client_id: 'groundwork-web',
      username: EMAIL,
      password: PASSWORD,
    });
    expect(status).toBe(400);
    expect(body.error).toMatch(/^(unauthorized_client|invalid_request)$/);
  });

  it('revokes one refresh token', async () => {
    const tokens = await current().identity.passwordSignIn(EMAIL, PASSWORD);
    await current().identity.revokeRefreshToken(tokens.refreshToken ?? '');
    await expect(current().identity.refresh(tokens.refreshToken ?? '')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('revokeAllSessions makes every refresh token of the account fail', async () => {
    const viaPassword = await current().identity.passwordSignIn(EMAIL, PASSWORD);
    const viaBrowser = await browserSignIn();
    await current().identity.revokeAllSessions(sub);
    await expect(current().identity.refresh(viaPassword.refreshToken ?? '')).rejects.toBeInstanceOf(InvalidTokenError);
    expect((await refreshAsWebClient(viaBrowser.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('manages accounts through the port', async () => {
    const { identity } = current();
    const created = await identity.createAccount({ email: 'Grace@Example.com', password: 'first password 1', fullName: 'Grace Hopper' });
    expect(await identity.checkPassword(created.sub, 'first password 1')).toBe(true);
    await identity.setPassword(created.sub, 'second password 2');
    expect(await identity.checkPassword(created.sub, 'first password 1')).toBe(false);
    const tokens = await identity.passwordSignIn('grace@example.com', 'second password 2');
    expect((await identity.verify(tokens.idToken)).sub).toBe(created.sub);
    await identity.deleteAccount(created.sub);
    await expect(identity.refresh(tokens.refreshToken ?? '')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(identity.passwordSignIn('grace@example.com', 'second password 2')).rejects.toBeInstanceOf(InvalidCredentialsError);
    expect(await identity.checkPassword(created.sub, 'second password 2')).toBe(false);
  });

  it('answers ping while the issuer is mounted', async () => {
    await expect(current().identity.ping()).resolves.toBeUndefined();
  });
});

describe('restart on the same state directory and database', () => {
  it('keeps keys, sessions and refresh tokens', async () => {
    const browser = new TestBrowser();
    const { verifier, loginUrl, html } = await startAuthorization(browser);
    const before: TokenSet = await exchangeCode(await submitLogin(browser, loginUrl, html, PASSWORD), verifier);
    const viaPassword: ProviderTokens = await current().identity.passwordSignIn(EMAIL, PASSWORD);

    await current().close();
    issuer = undefined;
    issuer = await startEmbeddedIssuer({ publicOrigin: origin, webOrigin: origin, database: db.database, stateDir });

    await expect(current().identity.verify(before.access_token)).resolves.toMatchObject({ sub, tokenUse: 'access' });
    await expect(current().identity.verify(before.id_token)).resolves.toMatchObject({ sub, tokenUse: 'id' });

    const refreshed = await refreshAsWebClient(before.refresh_token);
    expect(refreshed.status).toBe(200);
    await expect(current().identity.verify(refreshed.body.access_token as string)).resolves.toMatchObject({ sub });
    const passwordRefreshed = await current().identity.refresh(viaPassword.refreshToken ?? '');
    expect(decodePayload(passwordRefreshed.accessToken).sub).toBe(sub);

    // The issuer session survived too: a silent authorization succeeds without the password.
    const { challenge } = pkcePair();
    const silent = await browser.request(
      `${origin}/oidc/auth?${new URLSearchParams({
        client_id: 'groundwork-web',
        response_type: 'code',
        redirect_uri: `${origin}${CALLBACK}`,
        scope: 'openid profile email',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        prompt: 'none',
      }).toString()}`,
    );
    const location = new URL(silent.headers.get('location') ?? '', origin);
    expect(location.pathname).toBe(CALLBACK);
    expect(location.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
  });
});
