import { fixedWindowAt } from '../../functions/domain/rate-limits/fixed-window';
import { rateCounterKey } from '../../functions/domain/rate-limits/rate-limit-store';
import { RATE_LIMITS } from '../../functions/domain/rate-limits/rate-limits';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { keys } from '../../functions/contracts/keys/table-keys';
import { createUserWithAccount } from '../../functions/domain/users/user-lifecycle';
import { UserRepository, type UserRecord } from '../../functions/domain/users/user-repository';
import type { AuthSettings, SecuritySettings } from '../../shared/rules/organization-settings';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import type { Json } from '../support/json';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let demo: OrganizationRecord;
const tokens: Record<string, string> = {};

// Public auth endpoints allow 20 requests/min per IP (§1.8). Each request here comes from its own
// address, as CloudFront states it, so only the tests about limits ever meet them.
let addressCount = 0;
function freshIp(): string {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

type Options = { token?: string; body?: unknown; ip?: string };
function api<T = Json>(method: string, path: string, options: Options = {}): Promise<JsonAnswer<T>> {
  return callApi<T>(platform.url, method, path, { token: options.token, body: options.body, headers: { 'x-forwarded-for': options.ip ?? freshIp() } });
}

const error = (status: number, code: string, message: string) => ({ status, body: expect.objectContaining({ status, code, message }) });
const expectError = (answer: JsonAnswer, status: number, code: string, message: string) => expect({ status: answer.status, body: answer.body }).toEqual(error(status, code, message));

async function login(email: string, password: string) {
  const answer = await api('POST', '/api/auth/login', { body: { email, password } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { token: string; idToken: string; refreshToken: string; expiresIn: number; user: Json };
}

async function createOrganization(name: string, domain: string, settings: { auth?: Partial<AuthSettings>; security?: Partial<SecuritySettings> } = {}, type: 'business' | 'consumer' = 'business') {
  const organization = await new OrganizationRepository(platform.ports.database).create({ name, domain, type, is_system_org: false });
  if (settings.auth || settings.security) await saveSettings(organization, settings);
  return (await new OrganizationRepository(platform.ports.database).get(organization.id)) as OrganizationRecord;
}

/** The organizations endpoints are built beside this issue: settings are written as §6.13/§6.15 would store them. */
async function saveSettings(organization: OrganizationRecord, settings: { auth?: Partial<AuthSettings>; security?: Partial<SecuritySettings>; status?: OrganizationRecord['status'] }) {
  await platform.ports.database.client.send(
    new UpdateCommand({
      TableName: platform.ports.database.tableName,
      Key: keys.organization(organization.id),
      UpdateExpression: 'SET authSettings = :auth, securitySettings = :security, #status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':auth': { ...organization.authSettings, ...settings.auth },
        ':security': { ...organization.securitySettings, ...settings.security },
        ':status': settings.status ?? organization.status,
      },
    }),
  );
}

async function createUser(organization: OrganizationRecord, email: string, role: UserRecord['role'] = 'user', password = 'Password-123') {
  const user = await createUserWithAccount(platform.ports, { organization, email, fullName: `Person ${email.split('@')[0]}`, role, password });
  return { user, email, password };
}

const users = () => new UserRepository(platform.ports.database);

beforeAll(async () => {
  platform = await startTestPlatform({ trustProxy: true });
  for (const role of ['SYSTEM_ADMIN', 'ADMIN', 'USER', 'RAG_USER'] as const) {
    tokens[role] = (await login(platform.credentials[role].email, platform.credentials[role].password)).token;
  }
  const admin = await users().findByEmail(platform.credentials.ADMIN.email);
  demo = (await new OrganizationRepository(platform.ports.database).get(admin!.organization_id)) as OrganizationRecord;
});

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('POST /api/auth/login (§4.1)', () => {
  it('signs in, records last_login and answers the provider tokens', async () => {
    const person = await createUser(demo, 'login-happy@demo.example.com');
    const body = await login(person.email.toUpperCase(), person.password);
    expect(body).toMatchObject({ refreshToken: expect.any(String), expiresIn: 3600, user: { email: person.email, role: 'user', last_login: expect.any(String) } });
    expect(body.idToken.split('.')).toHaveLength(3);
    expect((await users().findByEmail(person.email))?.last_login).toBe(body.user.last_login);
  });

  it('answers each refusal with its contract message', async () => {
    expectError(await api('POST', '/api/auth/login', { body: { password: 'x' } }), 400, 'VALIDATION_ERROR', 'Email and password are required');
    expectError(await api('POST', '/api/auth/login', { body: { email: 'nobody@nowhere.example.com', password: 'whatever1' } }), 401, 'UNAUTHORIZED', 'Invalid email or password');
    expectError(await api('POST', '/api/auth/login', { body: { email: `${'x'.repeat(300)}@example.com`, password: 'whatever1' } }), 401, 'UNAUTHORIZED', 'Invalid email or password');

    const invited = await users().create({ organization_id: demo.id, email: 'invited@demo.example.com', full_name: 'Invited', role: 'user', auth_providers: [], invitation_pending: true });
    expectError(await api('POST', '/api/auth/login', { body: { email: invited.email, password: 'anything-1' } }), 403, 'FORBIDDEN', 'Please complete your invitation first');

    const inactive = await createUser(demo, 'inactive@demo.example.com');
    await users().update(inactive.user, { status: 'inactive' });
    expectError(await api('POST', '/api/auth/login', { body: { email: inactive.email, password: inactive.password } }), 403, 'FORBIDDEN', 'Your account is inactive');

    const closed = await createOrganization('Closed Ltd', 'closed.example.com');
    const member = await createUser(closed, 'member@closed.example.com');
    await saveSettings(closed, { status: 'suspended' });
    expectError(await api('POST', '/api/auth/login', { body: { email: member.email, password: member.password } }), 403, 'FORBIDDEN', 'Your organization is not active');

    const sso = await createOrganization('SSO Only', 'sso.example.com');
    const ssoUser = await createUser(sso, 'person@sso.example.com');
    await saveSettings(sso, { auth: { passwordLoginEnabled: false } });
    expectError(await api('POST', '/api/auth/login', { body: { email: ssoUser.email, password: ssoUser.password } }), 403, 'FORBIDDEN', 'Password login is disabled for your organization');
  });

  it('locks an email out after maxLoginAttempts failures, with Retry-After, and leaves other emails alone', async () => {
    const person = await createUser(demo, 'lockout@demo.example.com');
    const other = await createUser(demo, 'not-locked@demo.example.com');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await api('POST', '/api/auth/login', { body: { email: person.email, password: `wrong-${attempt}` } });
      expect(answer.status, `attempt ${attempt}`).toBe(401);
    }
    const locked = await api('POST', '/api/auth/login', { body: { email: person.email, password: person.password } });
    expectError(locked, 429, 'RATE_LIMITED', 'Too many login attempts. Please try again later.');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    await login(other.email, other.password);
    // An unknown email is locked out the same way, so the lockout tells nothing about accounts.
    for (let attempt = 1; attempt <= 5; attempt += 1) await api('POST', '/api/auth/login', { body: { email: 'ghost@demo.example.com', password: 'wrong-password' } });
    expect((await api('POST', '/api/auth/login', { body: { email: 'ghost@demo.example.com', password: 'wrong-password' } })).status).toBe(429);
  });

  it("applies the organization's maxLoginAttempts and forgives failures after a success", async () => {
    const strict = await createOrganization('Strict Inc', 'strict.example.com', { security: { maxLoginAttempts: 3, lockoutMinutes: 1 } });
    const person = await createUser(strict, 'person@strict.example.com');
    for (let attempt = 1; attempt <= 2; attempt += 1) await api('POST', '/api/auth/login', { body: { email: person.email, password: 'wrong-password' } });
    await login(person.email, person.password);
    for (let attempt = 1; attempt <= 2; attempt += 1) await api('POST', '/api/auth/login', { body: { email: person.email, password: 'wrong-password' } });
    await login(person.email, person.password);
    for (let attempt = 1; attempt <= 3; attempt += 1) await api('POST', '/api/auth/login', { body: { email: person.email, password: 'wrong-password' } });
    const locked = await api('POST', '/api/auth/login', { body: { email: person.email, password: person.password } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('creates a user just in time for a provider account without one, under the sign-up rules', async () => {
    const open = await createOrganization('Open Co', 'open.example.com', { auth: { allowSelfSignup: true, defaultRole: 'rag_user' } });
    await platform.ports.identity.createAccount({ email: 'newcomer@open.example.com', password: 'Password-123', fullName: 'Newcomer' });
    const body = await login('newcomer@open.example.com', 'Password-123');
    expect(body.user).toMatchObject({ email: 'newcomer@open.example.com', role: 'rag_user', organization_id: open.id, auth_providers: ['password'] });

    await platform.ports.identity.createAccount({ email: 'stray@demo.example.com', password: 'Password-123', fullName: 'Stray' });
    expectError(
      await api('POST', '/api/auth/login', { body: { email: 'stray@demo.example.com', password: 'Password-123' } }),
      403,
      'FORBIDDEN',
      'No account found for this email. Ask your administrator for an invitation.',
    );
  });
});

describe('public auth rate limit (§1.8)', () => {
  it('answers the 21st request in a minute from one IP with 429 and Retry-After; other IPs and endpoints go on', async () => {
    // The window is the calendar minute: start early in one, so all 21 requests fall in it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    const ip = '203.0.113.7';
    for (let request = 1; request <= 20; request += 1) {
      const answer = await api('POST', '/api/auth/check-login-options', { ip, body: { email: 'someone@demo.example.com' } });
      expect(answer.status, `request ${request}`).toBe(200);
    }
    const limited = await api('POST', '/api/auth/check-login-options', { ip, body: { email: 'someone@demo.example.com' } });
    expectError(limited, 429, 'RATE_LIMITED', 'Too many requests. Please try again later.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Invalid bodies count too: the limit comes before validation.
    expect((await api('POST', '/api/auth/check-login-options', { ip, body: {} })).status).toBe(429);

    expect((await api('POST', '/api/auth/check-login-options', { ip: '203.0.113.8', body: { email: 'someone@demo.example.com' } })).status).toBe(200);
    expect((await api('POST', '/api/auth/check-org-settings', { ip, body: { domain: 'demo.example.com' } })).status).toBe(200);
  });
});

describe('POST /api/auth/check-login-options (§4.3)', () => {
  it("answers from the domain's organization, the same whether or not the account exists", async () => {
    const known = await api('POST', '/api/auth/check-login-options', { body: { email: platform.credentials.USER.email } });
    const unknown = await api('POST', '/api/auth/check-login-options', { body: { email: 'Nobody-Here@Demo.Example.com' } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({
      email: platform.credentials.USER.email,
      organizationFound: true,
      organizationName: 'Demo Company',
      loginMethods: { password: true, google: true },
      signupAllowed: false,
    });
    expect({ ...unknown.body, email: undefined }).toEqual({ ...known.body, email: undefined });
    expect(unknown.body.email).toBe('nobody-here@demo.example.com');
  });

  it('reports an unknown domain as not found, and a sign-up organization as open', async () => {
    const unknown = await api('POST', '/api/auth/check-login-options', { body: { email: 'a@unknown-domain.example.com' } });
    expect(unknown.body).toEqual({ email: 'a@unknown-domain.example.com', organizationFound: false, loginMethods: { password: true, google: true }, signupAllowed: false });
    await createOrganization('Sign Me Up', 'signmeup.example.com', { auth: { allowSelfSignup: true, googleLoginEnabled: false } });
    const open = await api('POST', '/api/auth/check-login-options', { body: { email: 'a@signmeup.example.com' } });
    expect(open.body).toMatchObject({ organizationFound: true, organizationName: 'Sign Me Up', loginMethods: { password: true, google: false }, signupAllowed: true });
  });

  it('refuses an invalid or missing email', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { email: 42 }]) {
      expectError(await api('POST', '/api/auth/check-login-options', { body }), 400, 'VALIDATION_ERROR', 'Please enter a valid email address');
    }
  });
});

describe('POST /api/auth/check-org-settings (§4.4)', () => {
  it('finds an organization by id, domain or email and answers its public policy', async () => {
    const policy = { minLength: 12, requireUppercase: true, requireLowercase: false, requireNumber: true, requireSymbol: false };
    const org = await createOrganization('Policy Co', 'policy.example.com', { security: { passwordPolicy: policy } });
    const expected = {
      organizationFound: true,
      organizationId: org.id,
      organizationName: 'Policy Co',
      isConsumer: false,
      allowSelfSignup: false,
      loginMethods: { password: true, google: true },
      passwordPolicy: policy,
    };
    for (const body of [{ organizationId: org.id }, { domain: 'Policy.Example.com' }, { email: 'someone@policy.example.com' }]) {
      const answer = await api('POST', '/api/auth/check-org-settings', { body });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(expected);
    }
  });

  it('answers the defaults when nothing is found', async () => {
    const answer = await api('POST', '/api/auth/check-org-settings', { body: { domain: 'nothing.example.com' } });
    expect(answer.body).toEqual({
      organizationFound: false,
      isConsumer: false,
      allowSelfSignup: false,
      loginMethods: { password: true, google: true },
      passwordPolicy: { minLength: 8, requireUppercase: false, requireLowercase: false, requireNumber: false, requireSymbol: false },
    });
  });

  it('needs exactly one selector', async () => {
    for (const body of [{}, { organizationId: '' }, { organizationId: 42 }, { domain: 'demo.example.com', email: 'a@demo.example.com' }]) {
      expectError(await api('POST', '/api/auth/check-org-settings', { body }), 400, 'VALIDATION_ERROR', 'One of organizationId, domain or email is required');
    }
  });
});

describe('POST /api/auth/signup (§4.2)', () => {
  let signupOrg: OrganizationRecord;
  beforeAll(async () => {
    signupOrg = await createOrganization('Join Us', 'joinus.example.com', { auth: { allowSelfSignup: true, defaultRole: 'rag_user' }, security: { passwordPolicy: { minLength: 10, requireUppercase: false, requireLowercase: false, requireNumber: true, requireSymbol: false } } });
  });

  it("creates an active user with the organization's default role, who can sign in", async () => {
    const answer = await api('POST', '/api/auth/signup', { body: { fullName: '  Jo Joiner ', email: 'Jo@JoinUs.example.com', password: 'joining-12345', termsAccepted: true } });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      message: 'Account created successfully!',
      user: { email: 'jo@joinus.example.com', full_name: 'Jo Joiner', role: 'rag_user', status: 'active', organization_id: signupOrg.id, auth_providers: ['password'], invitation_pending: false },
    });
    expect((await login('jo@joinus.example.com', 'joining-12345')).user.role).toBe('rag_user');
  });

  it('lists every field problem, the password judged by the target policy', async () => {
    for (const body of [{}, []]) {
      const empty = await api('POST', '/api/auth/signup', { body });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Full name is required\nEmail is required\nPassword is required\nPlease accept the terms and conditions');
    }
    const weak = await api('POST', '/api/auth/signup', { body: { fullName: 'Weak', email: 'weak@joinus.example.com', password: 'short', termsAccepted: false } });
    expect(weak.body.message).toBe('Password must be at least 10 characters long\nPassword must contain a number\nPlease accept the terms and conditions');
    const invalid = await api('POST', '/api/auth/signup', { body: { fullName: 'x'.repeat(256), email: 'nope', password: 'long-enough', termsAccepted: true } });
    expect(invalid.body.details).toEqual([
      { field: 'fullName', message: 'Full name must be at most 255 characters' },
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
  });

  it('refuses a domain organization without sign-up, an email with nowhere to go, and a taken email', async () => {
    const body = { fullName: 'Someone', password: 'password-123', termsAccepted: true };
    expectError(await api('POST', '/api/auth/signup', { body: { ...body, email: 'new@demo.example.com' } }), 403, 'FORBIDDEN', 'Signup is disabled for your organization. Ask your administrator for an invitation.');
    expectError(await api('POST', '/api/auth/signup', { body: { ...body, email: 'new@nowhere-org.example.com' } }), 403, 'FORBIDDEN', 'Signup is not available for this email address');
    expectError(await api('POST', '/api/auth/signup', { body: { ...body, email: 'jo@joinus.example.com', password: 'another-12345' } }), 409, 'CONFLICT', 'An account with this email already exists');
  });

  it('sends other domains to the default consumer organization once one exists', async () => {
    const consumer = await createOrganization('Everyone', 'consumer.groundwork.example.com', {}, 'consumer');
    const answer = await api('POST', '/api/auth/signup', { body: { fullName: 'Free Agent', email: 'free@nowhere-org.example.com', password: 'password-123', termsAccepted: true } });
    expect(answer.status).toBe(201);
    expect(answer.body.user).toMatchObject({ organization_id: consumer.id, role: 'user' });
    const options = await api('POST', '/api/auth/check-login-options', { body: { email: 'someone@elsewhere.example.com' } });
    expect(options.body).toMatchObject({ organizationFound: false, signupAllowed: true });
    expect(options.body.organizationName).toBeUndefined();
  });
});

describe('POST /api/auth/verify-token and /oidc/verify (§4.5, §4.6)', () => {
  it('echoes a token from POST /api/auth/login with the user, on both paths', async () => {
    const { email, password } = platform.credentials.USER;
    const signedIn = await login(email, password);
    for (const path of ['/api/auth/verify-token', '/api/auth/verify-auth0-token']) {
      const answer = await api('POST', path, { token: signedIn.token, body: { email: email.toUpperCase() } });
      expect(answer.status, path).toBe(200);
      expect(answer.body).toMatchObject({ token: signedIn.token, refreshToken: null, user: { email, role: 'user' } });
      expect(answer.body.expiresIn).toBeGreaterThan(3500);
    }
  });

  it('accepts the token in the body, under token or auth0Token, token winning', async () => {
    const { email, password } = platform.credentials.USER;
    const signedIn = await login(email, password);
    for (const [path, body] of [
      ['/api/auth/oidc/verify', { token: signedIn.idToken, email }],
      ['/api/auth/auth0/verify', { auth0Token: signedIn.token, email }],
      ['/api/auth/oidc/verify', { token: signedIn.token, auth0Token: 'garbage', email }],
    ] as const) {
      const answer = await api('POST', path, { body });
      expect(answer.status, `${path} ${JSON.stringify(Object.keys(body))}`).toBe(200);
      expect(answer.body.user.email).toBe(email);
    }
  });

  it('answers each refusal with its contract message', async () => {
    const { email, password } = platform.credentials.USER;
    const signedIn = await login(email, password);
    expectError(await api('POST', '/api/auth/verify-token', { body: { email } }), 400, 'VALIDATION_ERROR', 'Token and email are required');
    expectError(await api('POST', '/api/auth/verify-token', { token: signedIn.token, body: {} }), 400, 'VALIDATION_ERROR', 'Token and email are required');
    expectError(await api('POST', '/api/auth/oidc/verify', { body: { email } }), 400, 'VALIDATION_ERROR', 'Token and email are required');
    expectError(await api('POST', '/api/auth/verify-token', { token: signedIn.token, body: { email: platform.credentials.ADMIN.email } }), 401, 'UNAUTHORIZED', 'Token verification failed');
    expectError(await api('POST', '/api/auth/verify-token', { token: 'not-a-jwt', body: { email } }), 401, 'UNAUTHORIZED', 'Token verification failed');
    expectError(await api('POST', '/api/auth/oidc/verify', { body: { token: signedIn.idToken, email, nonce: 'not-the-nonce' } }), 401, 'UNAUTHORIZED', 'Token verification failed');

    const sso = await createOrganization('Verify SSO', 'verify-sso.example.com');
    const person = await createUser(sso, 'person@verify-sso.example.com');
    const token = (await login(person.email, person.password)).token;
    await saveSettings(sso, { auth: { passwordLoginEnabled: false } });
    expectError(await api('POST', '/api/auth/verify-token', { token, body: { email: person.email } }), 403, 'FORBIDDEN', 'Password login is disabled for your organization');
    await saveSettings(sso, { auth: { passwordLoginEnabled: true }, status: 'inactive' });
    expectError(await api('POST', '/api/auth/verify-token', { token, body: { email: person.email } }), 403, 'FORBIDDEN', 'Your organization is not active');
  });

  it('links a pending invitation by verified email, settling it (user resolution step 2)', async () => {
    const invited = await users().create({ organization_id: demo.id, email: 'invited-verify@demo.example.com', full_name: 'Invitee', role: 'user', auth_providers: [], invitation_pending: true });
    // A provider account made outside the invitation flow, as a federated first sign-in would be.
    const { sub } = await platform.ports.identity.createAccount({ email: invited.email, password: 'Password-123', fullName: 'Invitee' });
    const provider = await platform.ports.identity.passwordSignIn(invited.email, 'Password-123');
    // An access token names no email and its subject is not linked yet: nothing proves the email.
    expectError(await api('POST', '/api/auth/verify-token', { token: provider.accessToken, body: { email: invited.email } }), 401, 'UNAUTHORIZED', 'Token verification failed');
    const answer = await api('POST', '/api/auth/oidc/verify', { body: { token: provider.idToken, email: invited.email } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: invited.id, invitation_pending: false, auth_providers: ['password'] });
    expect((await users().findBySubject(sub))?.id).toBe(invited.id);
    // Linked now: the access token verifies too.
    expect((await api('POST', '/api/auth/verify-token', { token: provider.accessToken, body: { email: invited.email } })).status).toBe(200);
  });

  it('creates a user just in time from a verified ID token, or refuses with 403', async () => {
    const open = await createOrganization('Verify Open', 'verify-open.example.com', { auth: { allowSelfSignup: true } });
    await platform.ports.identity.createAccount({ email: 'fresh@verify-open.example.com', password: 'Password-123', fullName: 'Fresh' });
    const fresh = await platform.ports.identity.passwordSignIn('fresh@verify-open.example.com', 'Password-123');
    const answer = await api('POST', '/api/auth/oidc/verify', { body: { token: fresh.idToken, email: 'fresh@verify-open.example.com' } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email: 'fresh@verify-open.example.com', organization_id: open.id, role: 'user' });

    await platform.ports.identity.createAccount({ email: 'lost@demo.example.com', password: 'Password-123', fullName: 'Lost' });
    const lost = await platform.ports.identity.passwordSignIn('lost@demo.example.com', 'Password-123');
    expectError(
      await api('POST', '/api/auth/oidc/verify', { body: { token: lost.idToken, email: 'lost@demo.example.com' } }),
      403,
      'FORBIDDEN',
      'No account found for this email. Ask your administrator for an invitation.',
    );
  });
});

describe('POST /api/auth/refresh-token and /logout (§4.7, §4.8)', () => {
  it('refreshes a session into tokens that work', async () => {
    const person = await createUser(demo, 'refresher@demo.example.com');
    const signedIn = await login(person.email, person.password);
    const refreshed = await api('POST', '/api/auth/refresh-token', { body: { refreshToken: signedIn.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({ token: expect.any(String), idToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 3600 });
    expect((await api('GET', '/api/auth/validate-session', { token: refreshed.body.token })).body.user.email).toBe(person.email);
  });

  it('refuses a missing, unknown or revoked refresh token, and an inactive user', async () => {
    expectError(await api('POST', '/api/auth/refresh-token', { body: {} }), 400, 'VALIDATION_ERROR', 'Refresh token is required');
    expectError(await api('POST', '/api/auth/refresh-token', { body: { refreshToken: 'made-up' } }), 401, 'UNAUTHORIZED', 'Session expired');
    const person = await createUser(demo, 'refresh-inactive@demo.example.com');
    const signedIn = await login(person.email, person.password);
    await users().update(person.user, { status: 'inactive' });
    expectError(await api('POST', '/api/auth/refresh-token', { body: { refreshToken: signedIn.refreshToken } }), 403, 'FORBIDDEN', 'Your account is inactive');
  });

  it('denylists the presented token and revokes every refresh token when none is given', async () => {
    const person = await createUser(demo, 'leaver@demo.example.com');
    const first = await login(person.email, person.password);
    const second = await login(person.email, person.password);
    const out = await api('POST', '/api/auth/logout', { token: first.token });
    expect(out.status).toBe(204);
    expect(out.body).toBeUndefined();
    expectError(await api('GET', '/api/auth/validate-session', { token: first.token }), 401, 'UNAUTHORIZED', 'Invalid or expired token');
    expectError(await api('POST', '/api/auth/verify-token', { token: first.token, body: { email: person.email } }), 401, 'UNAUTHORIZED', 'Token verification failed');
    for (const session of [first, second]) {
      expectError(await api('POST', '/api/auth/refresh-token', { body: { refreshToken: session.refreshToken } }), 401, 'UNAUTHORIZED', 'Session expired');
    }
    // The other session's access token lives on until it expires: only the presented one is denylisted.
    expect((await api('GET', '/api/auth/validate-session', { token: second.token })).status).toBe(200);
  });

  it('revokes only the given refresh token when one is sent', async () => {
    const person = await createUser(demo, 'one-device@demo.example.com');
    const first = await login(person.email, person.password);
    const second = await login(person.email, person.password);
    expect((await api('POST', '/api/auth/logout', { token: first.token, body: { refreshToken: first.refreshToken } })).status).toBe(204);
    expect((await api('POST', '/api/auth/refresh-token', { body: { refreshToken: first.refreshToken } })).status).toBe(401);
    expect((await api('POST', '/api/auth/refresh-token', { body: { refreshToken: second.refreshToken } })).status).toBe(200);
  });
});

describe('bearer rate limit (§1.8)', () => {
  it('answers the 601st bearer call of a user in a minute with 429 and Retry-After; other users go on', async () => {
    const person = await createUser(demo, 'busy@demo.example.com');
    const { token } = await login(person.email, person.password);
    // 599 calls are put on the user's counters for this minute and the next, so the test does not depend
    // on how fast this machine answers 600 requests; the last allowed call and the refused one are real.
    for (const windowOffset of [0, 1]) {
      const window = fixedWindowAt(Date.now() + windowOffset * RATE_LIMITS.bearer.windowSeconds * 1000, RATE_LIMITS.bearer.windowSeconds);
      await platform.ports.database.client.send(
        new PutCommand({
          TableName: platform.ports.database.tableName,
          Item: { ...rateCounterKey(RATE_LIMITS.bearer.scope, person.user.id, window.index), count: RATE_LIMITS.bearer.limit - 1, ttl: window.endsAt + 60 },
        }),
      );
    }
    expect((await api('GET', '/api/auth/password-status', { token })).status).toBe(200);
    const limited = await api('GET', '/api/auth/password-status', { token });
    expectError(limited, 429, 'RATE_LIMITED', 'Too many requests. Please try again later.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await api('GET', '/api/auth/password-status', { token: tokens.USER })).status).toBe(200);
  });
});

describe('validate-session and password-status (§4.9, §4.10)', () => {
  it('answers the session user and the flag', async () => {
    const session = await api('GET', '/api/auth/validate-session', { token: tokens.ADMIN });
    expect(session.body).toMatchObject({ valid: true, user: { email: platform.credentials.ADMIN.email }, expiresAt: expect.stringMatching(/Z$/) });
    expect((await api('GET', '/api/auth/password-status', { token: tokens.ADMIN })).body).toEqual({ force_password_change: false });
  });
});

describe('passwords (§4.11, §4.12, §4.13)', () => {
  it('admin reset → sign-in with the temporary password → forced change → cleared', async () => {
    const person = await createUser(demo, 'forgetful@demo.example.com');
    const before = await login(person.email, person.password);

    const reset = await api('POST', '/api/auth/reset-password/admin', { token: tokens.ADMIN, body: { userId: person.user.id } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ temporaryPasswordSet: true, token: expect.any(String), message: 'Password reset successfully' });
    expect(reset.body.token).toHaveLength(16);
    expectError(await api('POST', '/api/auth/refresh-token', { body: { refreshToken: before.refreshToken } }), 401, 'UNAUTHORIZED', 'Session expired');
    expect((await api('POST', '/api/auth/login', { body: { email: person.email, password: person.password } })).status).toBe(401);

    const temporary = await login(person.email, reset.body.token);
    expect(temporary.user.force_password_change).toBe(true);
    expect((await api('GET', '/api/auth/password-status', { token: temporary.token })).body).toEqual({ force_password_change: true });

    const changed = await api('POST', '/api/auth/change-password', { token: temporary.token, body: { currentPassword: reset.body.token, newPassword: 'Brand-new-password-1', confirmPassword: 'Brand-new-password-1' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: 'Password changed successfully' });
    expect((await api('GET', '/api/auth/password-status', { token: temporary.token })).body).toEqual({ force_password_change: false });
    expect((await api('POST', '/api/auth/refresh-token', { body: { refreshToken: temporary.refreshToken } })).status).toBe(401);
    await login(person.email, 'Brand-new-password-1');
  });

  it('admin reset with a given temporary password answers token null and checks the policy', async () => {
    const person = await createUser(demo, 'given-temp@demo.example.com');
    const given = await api('POST', '/api/auth/reset-password/admin', { token: tokens.ADMIN, body: { userId: person.user.id, temporaryPassword: 'Temporary-pass-1' } });
    expect(given.body).toEqual({ temporaryPasswordSet: true, token: null, message: 'Password reset successfully' });
    await login(person.email, 'Temporary-pass-1');
    expectError(await api('POST', '/api/auth/reset-password/admin', { token: tokens.ADMIN, body: { userId: person.user.id, temporaryPassword: 'short' } }), 400, 'VALIDATION_ERROR', 'Temporary password must be at least 8 characters long');
    expectError(await api('POST', '/api/auth/reset-password/admin', { token: tokens.ADMIN, body: {} }), 400, 'VALIDATION_ERROR', 'User ID is required');
  });

  it('admin reset keeps to the roles: own organization, no system_admin target, system_admin anywhere', async () => {
    const person = await createUser(demo, 'role-target@demo.example.com');
    expectError(await api('POST', '/api/auth/reset-password/admin', { token: tokens.USER, body: { userId: person.user.id } }), 403, 'FORBIDDEN', "You don't have permission to access this resource.");
    expectError(await api('POST', '/api/auth/reset-password/admin', { token: tokens.RAG_USER, body: { userId: person.user.id } }), 403, 'FORBIDDEN', "You don't have permission to access this resource.");

    const elsewhere = await createOrganization('Elsewhere', 'elsewhere.example.com');
    const stranger = await createUser(elsewhere, 'stranger@elsewhere.example.com');
    expectError(await api('POST', '/api/auth/reset-password/admin', { token: tokens.ADMIN, body: { userId: stranger.user.id } }), 404, 'NOT_FOUND', 'User not found');
    expectError(await api('POST', '/api/auth/reset-password/admin', { token: tokens.ADMIN, body: { userId: 'usr_unknown' } }), 404, 'NOT_FOUND', 'User not found');

    const root = await users().create({ organization_id: demo.id, email: 'root-in-demo@demo.example.com', full_name: 'Root', role: 'system_admin', auth_providers: ['password'] });
    expectError(await api('POST', '/api/auth/reset-password/admin', { token: tokens.ADMIN, body: { userId: root.id } }), 403, 'FORBIDDEN', "You don't have permission to access this resource.");
    await users().delete(root);

    const bySystem = await api('POST', '/api/auth/reset-password/admin', { token: tokens.SYSTEM_ADMIN, body: { userId: stranger.user.id, temporaryPassword: 'From-the-top-1' } });
    expect(bySystem.status).toBe(200);
    expect((await login(stranger.email, 'From-the-top-1')).user.force_password_change).toBe(true);
  });

  it('admin reset gives an invited user without a provider account one, and the invitation still stands', async () => {
    const invited = await users().create({ organization_id: demo.id, email: 'invited-reset@demo.example.com', full_name: 'Invited', role: 'user', auth_providers: [], invitation_pending: true });
    const reset = await api('POST', '/api/auth/reset-password/admin', { token: tokens.ADMIN, body: { userId: invited.id, temporaryPassword: 'Temporary-pass-1' } });
    expect(reset.status).toBe(200);
    const stored = await users().findByEmail(invited.email);
    expect(stored).toMatchObject({ subject: expect.any(String), force_password_change: true, auth_providers: ['password'] });
    expectError(await api('POST', '/api/auth/login', { body: { email: invited.email, password: 'Temporary-pass-1' } }), 403, 'FORBIDDEN', 'Please complete your invitation first');
    // Signing in at the provider proves the email, which settles the invitation (§4 user resolution).
    const provider = await platform.ports.identity.passwordSignIn(invited.email, 'Temporary-pass-1');
    const verified = await api('POST', '/api/auth/verify-token', { token: provider.accessToken, body: { email: invited.email } });
    expect(verified.body.user).toMatchObject({ id: invited.id, invitation_pending: false, force_password_change: true });
  });

  it('change-password answers each problem with its contract message', async () => {
    const person = await createUser(demo, 'changer@demo.example.com');
    const { token } = await login(person.email, person.password);
    const change = (body: Record<string, unknown>) => api('POST', '/api/auth/change-password', { token, body });
    expectError(await change({ newPassword: 'Another-pass-1' }), 400, 'VALIDATION_ERROR', 'Current password is required');
    expectError(await change({ currentPassword: person.password, newPassword: 'short' }), 400, 'VALIDATION_ERROR', 'New password must be at least 8 characters long');
    expectError(await change({ currentPassword: person.password, newPassword: 'Another-pass-1', confirmPassword: 'Another-pass-2' }), 400, 'VALIDATION_ERROR', "New passwords don't match");
    expectError(await change({ currentPassword: person.password, newPassword: person.password }), 400, 'VALIDATION_ERROR', 'New password must be different from the current password');
    expectError(await change({ currentPassword: 'not-my-password', newPassword: 'Another-pass-1' }), 400, 'VALIDATION_ERROR', 'Current password is incorrect');
    const all = await change({ newPassword: 'x', confirmPassword: 'y' });
    expect(all.body.message).toBe("Current password is required\nNew password must be at least 8 characters long\nNew passwords don't match");

    const strict = await createOrganization('Symbols Inc', 'symbols.example.com', { security: { passwordPolicy: { minLength: 8, requireUppercase: true, requireLowercase: true, requireNumber: true, requireSymbol: true } } });
    const member = await createUser(strict, 'member@symbols.example.com', 'user', 'Strong-pass-1');
    const memberToken = (await login(member.email, member.password)).token;
    const weak = await api('POST', '/api/auth/change-password', { token: memberToken, body: { currentPassword: member.password, newPassword: 'alllowercase' } });
    expect(weak.body.message).toBe('New password must contain an uppercase letter\nNew password must contain a number\nNew password must contain a symbol');
  });

  it('reset-password answers the hosted reset link for the own email only', async () => {
    const own = await api('POST', '/api/auth/reset-password', { token: tokens.USER, body: { email: platform.credentials.USER.email.toUpperCase(), connection: 'Username-Password-Authentication' } });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ resetUrl: `${platform.url}/oidc/reset-password` });
    expectError(await api('POST', '/api/auth/reset-password', { token: tokens.USER, body: { email: platform.credentials.ADMIN.email } }), 403, 'FORBIDDEN', 'You can only reset your own password');
    expectError(await api('POST', '/api/auth/reset-password', { token: tokens.USER, body: {} }), 400, 'VALIDATION_ERROR', 'Email is required');
  });

  it('refuses password change and resets for Google-only accounts', async () => {
    const person = await createUser(demo, 'googler@demo.example.com');
    const { token } = await login(person.email, person.password);
    const signedIn = await users().findByEmail(person.email);
    await users().update(signedIn!, { auth_providers: ['google'] });
    expectError(await api('POST', '/api/auth/change-password', { token, body: { currentPassword: person.password, newPassword: 'Another-pass-1' } }), 409, 'CONFLICT', 'Password change is not available for accounts that sign in with Google only');
    expectError(await api('POST', '/api/auth/reset-password', { token, body: { email: person.email } }), 409, 'CONFLICT', 'Password reset is not available for accounts that sign in with Google only');
    expectError(await api('POST', '/api/auth/reset-password/admin', { token: tokens.ADMIN, body: { userId: person.user.id } }), 409, 'CONFLICT', 'Password reset is not available for accounts that sign in with Google only');
  });
});

describe('profile (§5)', () => {
  it('reads and updates the own profile; the email is read-only', async () => {
    const person = await createUser(demo, 'profiled@demo.example.com');
    const { token } = await login(person.email, person.password);
    const read = await api('GET', '/api/profile', { token });
    expect(read.status).toBe(200);
    expect(read.body.user).toMatchObject({ email: person.email, full_name: person.user.full_name, fullName: person.user.full_name });

    const updated = await api('PUT', '/api/profile', { token, body: { fullName: '  New Name ', email: person.email.toUpperCase() } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ message: 'Profile updated successfully', user: { full_name: 'New Name', fullName: 'New Name', email: person.email } });
    expect((await api('GET', '/api/profile', { token })).body.user.full_name).toBe('New Name');

    expectError(await api('PUT', '/api/profile', { token, body: { fullName: 'Name', email: 'other@demo.example.com' } }), 400, 'VALIDATION_ERROR', 'Email cannot be changed');
    expectError(await api('PUT', '/api/profile', { token, body: { fullName: '   ' } }), 400, 'VALIDATION_ERROR', 'Full name is required');
    expectError(await api('PUT', '/api/profile', { token, body: {} }), 400, 'VALIDATION_ERROR', 'Full name is required');
    const both = await api('PUT', '/api/profile', { token, body: { fullName: 'x'.repeat(256), email: 'other@demo.example.com' } });
    expect(both.body.message).toBe('Full name must be at most 255 characters\nEmail cannot be changed');
  });

  it('deletes the own account everywhere: tokens, sign-in, the product user', async () => {
    const person = await createUser(demo, 'goodbye@demo.example.com');
    const { token, refreshToken } = await login(person.email, person.password);
    const deleted = await api('DELETE', '/api/profile', { token });
    expect(deleted.status).toBe(204);
    expectError(await api('GET', '/api/profile', { token }), 401, 'UNAUTHORIZED', 'Invalid or expired token');
    expect((await api('POST', '/api/auth/refresh-token', { body: { refreshToken } })).status).toBe(401);
    expectError(await api('POST', '/api/auth/login', { body: { email: person.email, password: person.password } }), 401, 'UNAUTHORIZED', 'Invalid email or password');
    expect(await users().findByEmail(person.email)).toBeUndefined();
  });

  it('keeps the last admin of an organization and the last system administrator', async () => {
    const solo = await createOrganization('Solo Ltd', 'solo.example.com');
    const admin = await createUser(solo, 'admin@solo.example.com', 'admin');
    const adminToken = (await login(admin.email, admin.password)).token;
    expectError(await api('DELETE', '/api/profile', { token: adminToken }), 409, 'CONFLICT', 'You are the last admin of your organization. Assign another admin before deleting your account.');
    expectError(await api('DELETE', '/api/profile', { token: tokens.SYSTEM_ADMIN }), 409, 'CONFLICT', 'The last system administrator cannot be deleted');

    await createUser(solo, 'second-admin@solo.example.com', 'admin');
    expect((await api('DELETE', '/api/profile', { token: adminToken })).status).toBe(204);
  });
});
