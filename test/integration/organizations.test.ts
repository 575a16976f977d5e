import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countersKey } from '../../functions/contracts/keys/table-keys';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { UserRepository, type UserRecord } from '../../functions/domain/users/user-repository';
import { installPorts } from '../../functions/contracts/ports/ports';
import { createS3Objects } from '../../functions/adapters/aws/s3-objects';
import { callApi, removeDataDir, startTestPlatform } from '../support/local-platform-fixture';
import { unique } from '../support/unique-values';
import type { Json } from '../support/json';

type Body = Json;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
const tokens: Record<'SYSTEM_ADMIN' | 'ADMIN' | 'USER' | 'RAG_USER', string> = { SYSTEM_ADMIN: '', ADMIN: '', USER: '', RAG_USER: '' };
const PASSWORD = 'Sturdy-passw0rd';
const GB = 1024 ** 3;

let demo: OrganizationRecord;
let system: OrganizationRecord;
let demoAdmin: UserRecord;

/** An organization made through §6.2 by the system admin, with its admin signed in. */
const acme = {} as { organization: Body; admin: Body; token: string };
/** A consumer organization made through §6.2, with its admin signed in. */
const consumer = {} as { organization: Body; admin: Body; token: string };


const api = <T = Body>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(platform.url, method, path, { token, body });

async function tokenFor(email: string, password: string): Promise<string> {
  const answer = await callApi<Body>(platform.url, 'POST', '/api/auth/login', { body: { email, password } });
  expect(answer.status, `login ${email}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.token as string;
}

function expectError(answer: { status: number; body: Body }, status: number, message: string) {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ status, message });
  expect(answer.status).toBe(status);
}

async function createOrganization(body: Body) {
  const answer = await api('POST', '/api/organizations', tokens.SYSTEM_ADMIN, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function markerExists(key: string): Promise<boolean> {
  try {
    await platform.ports.objects.client.send(new HeadObjectCommand({ Bucket: platform.ports.objects.bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  platform = await startTestPlatform();
  for (const role of Object.keys(tokens) as Array<keyof typeof tokens>) {
    const { email, password } = platform.credentials[role];
    tokens[role] = await tokenFor(email, password);
  }
  const database = platform.ports.database;
  const users = new UserRepository(database);
  const organizations = new OrganizationRepository(database);
  demoAdmin = (await users.findByEmail(platform.credentials.ADMIN.email)) as UserRecord;
  demo = (await organizations.get(demoAdmin.organization_id)) as OrganizationRecord;
  const systemAdmin = (await users.findByEmail(platform.credentials.SYSTEM_ADMIN.email)) as UserRecord;
  system = (await organizations.get(systemAdmin.organization_id)) as OrganizationRecord;

  const acmeDomain = `${unique('acme')}.example.com`;
  const created = await createOrganization({ name: 'Acme Widgets', domain: acmeDomain, adminEmail: `boss@${acmeDomain}`, adminFullName: 'Bea Boss', adminPassword: PASSWORD });
  Object.assign(acme, { organization: created.organization, admin: created.adminUser, token: await tokenFor(`boss@${acmeDomain}`, PASSWORD) });

  const consumerDomain = `${unique('consumer')}.example.com`;
  const made = await createOrganization({ name: 'Consumer Club', domain: consumerDomain, adminEmail: `${unique('owner')}@gmail.example.com`, adminFullName: 'Cora Owner', adminPassword: PASSWORD });
  Object.assign(consumer, { organization: made.organization, admin: made.adminUser, token: await tokenFor(made.adminUser.email, PASSWORD) });
});

afterAll(async () => {
  if (platform) installPorts(platform.ports);
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('POST /api/organizations (§6.2)', () => {
  it('creates the organization, its admin, its admin group, default settings and cloud resources', async () => {
    const domain = `${unique('globex')}.example.com`;
    const answer = await api('POST', '/api/organizations', tokens.SYSTEM_ADMIN, {
      name: '  Globex  ',
      domain: domain.toUpperCase(),
      adminEmail: `Hank@${domain}`,
      adminFullName: 'Hank Scorpio',
      adminPassword: PASSWORD,
      cloudProvider: 'aws',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { organization, adminUser, cloudResources } = answer.body;
    const bucket = platform.ports.objects.bucket;
    expect(organization).toMatchObject({
      name: 'Globex',
      domain,
      status: 'active',
      type: 'business',
      is_system_org: false,
      isConsumer: false,
      user_count: 1,
      cloudResources: { provider: 'aws', status: 'ready', bucketName: `${bucket}/org/${organization.id}/`, auditBucketName: `${bucket}/audit/${organization.id}/` },
    });
    expect(organization.createdAt).toBe(organization.updatedAt);
    expect(adminUser).toMatchObject({
      email: `hank@${domain}`,
      full_name: 'Hank Scorpio',
      role: 'admin',
      status: 'active',
      organization_id: organization.id,
      organization_domain: domain,
      invitation_pending: false,
      force_password_change: false,
      auth_providers: ['password'],
    });
    expect(adminUser.groups).toEqual([expect.objectContaining({ name: 'Administrators', is_admin_group: true })]);
    expect(cloudResources).toEqual({
      provider: 'aws',
      region: expect.any(String),
      bucketName: `${bucket}/org/${organization.id}/`,
      auditBucketName: `${bucket}/audit/${organization.id}/`,
      status: 'ready',
      createdAt: expect.any(String),
    });
    expect(await markerExists(`org/${organization.id}/.groundwork-namespace`)).toBe(true);
    expect(await markerExists(`audit/${organization.id}/.groundwork-namespace`)).toBe(true);

    // The new admin signs in with the password chosen here and lands in the new organization.
    const token = await tokenFor(`hank@${domain}`, PASSWORD);
    const session = await api('GET', '/api/auth/validate-session', token);
    expect(session.body.user).toMatchObject({ role: 'admin', organization_id: organization.id, is_system_org: false });
    expect((await api('GET', `/api/organizations/${organization.id}/auth-settings`, token)).body).toEqual({
      passwordLoginEnabled: true,
      googleLoginEnabled: true,
      allowSelfSignup: false,
      defaultRole: 'user',
      invitationExpiryDays: 7,
    });
  });

  it('makes an organization whose domain says consumer a consumer one, whose admin may use any domain', () => {
    expect(consumer.organization).toMatchObject({ type: 'consumer', isConsumer: true });
    expect(consumer.admin.email).toMatch(/@gmail\.example\.com$/);
  });

  it('honours an explicit type', async () => {
    const domain = `${unique('shop')}.example.com`;
    const { organization } = await createOrganization({ name: 'Shop', domain, adminEmail: `me@${domain}`, adminFullName: 'Me', adminPassword: PASSWORD, type: 'consumer' });
    expect(organization).toMatchObject({ type: 'consumer', isConsumer: true });
    const settings = await api('GET', `/api/organizations/${organization.id}/auth-settings`, tokens.SYSTEM_ADMIN);
    expect(settings.body.allowSelfSignup).toBe(true);
  });

  it('reports every missing field, in the contract order', async () => {
    const answer = await api('POST', '/api/organizations', tokens.SYSTEM_ADMIN, {});
    expectError(answer, 400, ['Name is required', 'Domain is required', 'Admin full name is required', 'Admin email is required', 'Admin password is required'].join('\n'));
    expect(answer.body.code).toBe('VALIDATION_ERROR');
    expect(answer.body.details).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'domain', message: 'Domain is required' },
      { field: 'adminFullName', message: 'Admin full name is required' },
      { field: 'adminEmail', message: 'Admin email is required' },
      { field: 'adminPassword', message: 'Admin password is required' },
    ]);
  });

  it('reports every invalid value with its message', async () => {
    expectError(
      await api('POST', '/api/organizations', tokens.SYSTEM_ADMIN, { name: 'N', domain: 'not a domain', adminFullName: 'A', adminEmail: 'nope', adminPassword: 'short', cloudProvider: 'gcp' }),
      400,
      ['Domain must be a valid domain name', 'Please enter a valid email address', 'Password must be at least 8 characters long', 'Unsupported cloud provider: gcp'].join('\n'),
    );
    expectError(
      await api('POST', '/api/organizations', tokens.SYSTEM_ADMIN, { name: 'N', domain: 'initech.example.com', adminFullName: 'A', adminEmail: 'peter@gmail.example.com', adminPassword: PASSWORD }),
      400,
      'Admin email must be from the initech.example.com domain',
    );
    expect((await api('GET', '/api/organizations?search=initech', tokens.SYSTEM_ADMIN)).body.pagination.total).toBe(0);
  });

  it('refuses a domain that another organization holds', async () => {
    for (const domain of [acme.organization.domain, demo.domain]) {
      expectError(
        await api('POST', '/api/organizations', tokens.SYSTEM_ADMIN, { name: 'Copy', domain, adminEmail: `${unique('x')}@${domain}`, adminFullName: 'X', adminPassword: PASSWORD }),
        409,
        'An organization with this domain already exists',
      );
    }
  });

  it('refuses an admin email that already has a user, and leaves no organization behind', async () => {
    const domain = `${unique('consumer-dup')}.example.com`;
    expectError(
      await api('POST', '/api/organizations', tokens.SYSTEM_ADMIN, { name: 'Dup', domain, adminEmail: platform.credentials.USER.email, adminFullName: 'Dup', adminPassword: PASSWORD }),
      409,
      'A user with this email already exists',
    );
    expect(await new OrganizationRepository(platform.ports.database).findByDomain(domain)).toBeUndefined();
    // The domain is still free.
    await createOrganization({ name: 'Dup', domain, adminEmail: `${unique('fresh')}@${domain}`, adminFullName: 'Dup', adminPassword: PASSWORD });
  });

  it('is for system administrators only', async () => {
    for (const token of [tokens.ADMIN, tokens.USER, acme.token]) {
      expectError(await api('POST', '/api/organizations', token, { name: 'X' }), 403, "You don't have permission to access this resource.");
    }
  });
});

describe('GET /api/organizations (§6.1)', () => {
  it('lists every organization, newest first, as Organization entities', async () => {
    const answer = await api('GET', '/api/organizations?limit=100', tokens.SYSTEM_ADMIN);
    expect(answer.status).toBe(200);
    const data = answer.body.data as Body[];
    const ids = data.map((organization) => organization.id);
    expect(ids).toEqual(expect.arrayContaining([system.id, demo.id, acme.organization.id, consumer.organization.id]));
    const created = data.map((organization) => organization.createdAt as string);
    expect(created).toEqual([...created].sort().reverse());
    expect(answer.body.pagination).toEqual({ page: 1, limit: 100, total: data.length, totalPages: 1 });
    expect(data.find((organization) => organization.id === demo.id)).toMatchObject({ name: 'Demo Company', user_count: 3, is_system_org: false, isConsumer: false });
    expect(data.find((organization) => organization.id === system.id)).toMatchObject({ is_system_org: true, status: 'active' });
    expect(data.find((organization) => organization.id === acme.organization.id)?.cloudResources).toMatchObject({ status: 'ready' });
  });

  it('searches name and domain, filters by status and sorts by the listed fields', async () => {
    const byDomain = await api('GET', `/api/organizations?search=${encodeURIComponent(acme.organization.domain.toUpperCase())}`, tokens.SYSTEM_ADMIN);
    expect(byDomain.body.data.map((organization: Body) => organization.id)).toEqual([acme.organization.id]);
    const byName = await api('GET', '/api/organizations?search=demo%20comp', tokens.SYSTEM_ADMIN);
    expect(byName.body.data.map((organization: Body) => organization.id)).toEqual([demo.id]);

    const names = (await api('GET', '/api/organizations?sort_by=name&sort_order=asc&limit=100', tokens.SYSTEM_ADMIN)).body.data.map((organization: Body) => organization.name as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const counts = (await api('GET', '/api/organizations?sort_by=user_count&limit=100', tokens.SYSTEM_ADMIN)).body.data.map((organization: Body) => organization.user_count as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const paged = await api('GET', '/api/organizations?limit=2&page=2', tokens.SYSTEM_ADMIN);
    expect(paged.body.data).toHaveLength(2);
    expect(paged.body.pagination).toMatchObject({ page: 2, limit: 2 });

    const active = await api('GET', '/api/organizations?status=active&limit=100', tokens.SYSTEM_ADMIN);
    expect(active.body.data.every((organization: Body) => organization.status === 'active')).toBe(true);
    expectError(await api('GET', '/api/organizations?status=gone', tokens.SYSTEM_ADMIN), 400, 'Status must be one of active, inactive, suspended');
    expectError(await api('GET', '/api/organizations?sort_by=domain', tokens.SYSTEM_ADMIN), 400, 'Invalid sort_by value');
  });

  it('is for system administrators only', async () => {
    for (const token of [tokens.ADMIN, tokens.USER, tokens.RAG_USER]) expectError(await api('GET', '/api/organizations', token), 403, "You don't have permission to access this resource.");
  });
});

describe('GET /api/organizations/{id} (§6.3) and is-consumer (§6.18)', () => {
  it('shows any organization to a system admin', async () => {
    const answer = await api('GET', `/api/organizations/${demo.id}`, tokens.SYSTEM_ADMIN);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: demo.id, name: demo.name, domain: demo.domain, user_count: 3, cloudResources: expect.objectContaining({ provider: 'aws' }) });
    expect((await api('GET', `/api/organizations/${consumer.organization.id}/is-consumer`, tokens.SYSTEM_ADMIN)).body).toEqual({ isConsumer: true });
  });

  it('shows every role its own organization', async () => {
    for (const token of [tokens.ADMIN, tokens.USER, tokens.RAG_USER]) {
      const own = await api('GET', `/api/organizations/${demo.id}`, token);
      expect(own.status).toBe(200);
      expect(own.body.id).toBe(demo.id);
      expect(await api('GET', `/api/organizations/${demo.id}/is-consumer`, token)).toMatchObject({ status: 200, body: { isConsumer: false } });
    }
  });

  it('answers 404 for an unknown id', async () => {
    expectError(await api('GET', '/api/organizations/org_nothing', tokens.SYSTEM_ADMIN), 404, 'Organization not found');
    expectError(await api('GET', '/api/organizations/org_nothing/is-consumer', tokens.USER), 404, 'Organization not found');
  });
});

describe('PUT /api/organizations/{id} (§6.4)', () => {
  it('lets an admin rename their own organization, and nothing else', async () => {
    const renamed = await api('PUT', `/api/organizations/${acme.organization.id}`, acme.token, { name: '  Acme Widgets Ltd  ' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ id: acme.organization.id, name: 'Acme Widgets Ltd', domain: acme.organization.domain, user_count: 1 });
    expect(renamed.body.updatedAt > acme.organization.updatedAt).toBe(true);

    // Posting the current values back is not a change.
    const whole = await api('PUT', `/api/organizations/${acme.organization.id}`, acme.token, { name: 'Acme Widgets', domain: acme.organization.domain, status: 'active', type: 'business' });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);

    for (const body of [{ domain: 'elsewhere.example.com' }, { status: 'inactive' }, { type: 'consumer' }, { name: 'Sneaky', status: 'suspended' }]) {
      expectError(await api('PUT', `/api/organizations/${acme.organization.id}`, acme.token, body), 403, 'Only a system administrator can change domain, status or type');
    }
    expect((await api('GET', `/api/organizations/${acme.organization.id}`, acme.token)).body).toMatchObject({ name: 'Acme Widgets', domain: acme.organization.domain, status: 'active', type: 'business' });
  });

  it('keeps users and rag users out', async () => {
    for (const token of [tokens.USER, tokens.RAG_USER]) {
      expectError(await api('PUT', `/api/organizations/${demo.id}`, token, { name: 'Mine now' }), 403, "You don't have permission to access this resource.");
    }
  });

  it('validates every sent field', async () => {
    expectError(
      await api('PUT', `/api/organizations/${acme.organization.id}`, tokens.SYSTEM_ADMIN, { name: ' ', domain: 'bad', status: 'gone', type: 'charity' }),
      400,
      ['Name is required', 'Domain must be a valid domain name', 'Status must be one of active, inactive, suspended', 'Type must be one of consumer, business'].join('\n'),
    );
    expectError(await api('PUT', `/api/organizations/${acme.organization.id}`, tokens.SYSTEM_ADMIN, { name: 'x'.repeat(256), domain: '' }), 400, 'Name must be at most 255 characters\nDomain is required');
  });

  it('never deactivates the system organization', async () => {
    for (const status of ['inactive', 'suspended']) {
      expectError(await api('PUT', `/api/organizations/${system.id}`, tokens.SYSTEM_ADMIN, { status }), 400, 'The system organization cannot be deactivated');
    }
    expect((await api('GET', `/api/organizations/${system.id}`, tokens.SYSTEM_ADMIN)).body.status).toBe('active');
  });

  it('lets a system admin move a domain, swapping the claim, and refuses a taken one', async () => {
    const domain = `${unique('movable')}.example.com`;
    const { organization } = await createOrganization({ name: 'Movable', domain, adminEmail: `a@${domain}`, adminFullName: 'A', adminPassword: PASSWORD });
    const moved = `${unique('moved')}.example.com`;
    const answer = await api('PUT', `/api/organizations/${organization.id}`, tokens.SYSTEM_ADMIN, { domain: moved.toUpperCase(), type: 'consumer' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ domain: moved, type: 'consumer', isConsumer: true });
    const repository = new OrganizationRepository(platform.ports.database);
    expect((await repository.findByDomain(moved))?.id).toBe(organization.id);
    expect(await repository.findByDomain(domain)).toBeUndefined();
    // Existing users keep their emails.
    expect((await new UserRepository(platform.ports.database).findByEmail(`a@${domain}`))?.organization_id).toBe(organization.id);

    expectError(await api('PUT', `/api/organizations/${organization.id}`, tokens.SYSTEM_ADMIN, { domain: demo.domain }), 409, 'An organization with this domain already exists');
    expect((await repository.findByDomain(moved))?.id).toBe(organization.id);
    expect((await repository.findByDomain(demo.domain))?.id).toBe(demo.id);
    // The old domain is free again.
    await createOrganization({ name: 'Successor', domain, adminEmail: `b@${domain}`, adminFullName: 'B', adminPassword: PASSWORD });
  });

  it("applies a status change on the organization's next request, and a system admin still works", async () => {
    for (const status of ['inactive', 'suspended']) {
      const answer = await api('PUT', `/api/organizations/${acme.organization.id}`, tokens.SYSTEM_ADMIN, { status });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.status).toBe(status);
      expectError(await api('GET', `/api/organizations/${acme.organization.id}`, acme.token), 403, 'Your organization is not active');
      expectError(await api('GET', '/api/auth/validate-session', acme.token), 403, 'Your organization is not active');
      expect((await api('GET', `/api/organizations/${acme.organization.id}`, tokens.SYSTEM_ADMIN)).body.status).toBe(status);
      expect((await api('GET', `/api/organizations/${acme.organization.id}/users`, tokens.SYSTEM_ADMIN)).status).toBe(200);
    }
    const inactive = await api('GET', '/api/organizations?status=suspended&limit=100', tokens.SYSTEM_ADMIN);
    expect(inactive.body.data.map((organization: Body) => organization.id)).toContain(acme.organization.id);
    expect((await api('PUT', `/api/organizations/${acme.organization.id}`, tokens.SYSTEM_ADMIN, { status: 'active' })).status).toBe(200);
    expect((await api('GET', `/api/organizations/${acme.organization.id}`, acme.token)).status).toBe(200);
  });
});

describe('GET /api/organizations/{id}/users (§6.5) and admins (§6.6)', () => {
  it('lists the users of any organization to a system admin, with filters and sorting', async () => {
    const all = await api('GET', `/api/organizations/${demo.id}/users`, tokens.SYSTEM_ADMIN);
    expect(all.status).toBe(200);
    const names = all.body.data.map((user: Body) => user.full_name as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(all.body.data.every((user: Body) => user.organization_id === demo.id)).toBe(true);
    expect(all.body.pagination).toMatchObject({ page: 1, limit: 10 });

    const admins = await api('GET', `/api/organizations/${demo.id}/users?role=admin`, tokens.SYSTEM_ADMIN);
    expect(admins.body.data.map((user: Body) => user.email)).toEqual([platform.credentials.ADMIN.email]);
    const searched = await api('GET', `/api/organizations/${demo.id}/users?search=${encodeURIComponent(platform.credentials.RAG_USER.email)}`, tokens.SYSTEM_ADMIN);
    expect(searched.body.data.map((user: Body) => user.role)).toEqual(['rag_user']);
    const byEmail = await api('GET', `/api/organizations/${demo.id}/users?sort_by=email&sort_order=desc&status=active`, tokens.SYSTEM_ADMIN);
    const emails = byEmail.body.data.map((user: Body) => user.email as string);
    expect(emails).toEqual([...emails].sort().reverse());
    expectError(await api('GET', `/api/organizations/${demo.id}/users?role=owner`, tokens.SYSTEM_ADMIN), 400, 'Invalid role');
    expectError(await api('GET', `/api/organizations/${demo.id}/users?sort_by=last_login`, tokens.SYSTEM_ADMIN), 400, 'Invalid sort_by value');
  });

  it("lists the admin's own organization to an admin", async () => {
    const answer = await api('GET', `/api/organizations/${demo.id}/users?limit=100`, tokens.ADMIN);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((user: Body) => user.email)).toEqual(expect.arrayContaining([platform.credentials.USER.email, platform.credentials.RAG_USER.email]));
    const admins = await api('GET', `/api/organizations/${demo.id}/admins`, tokens.ADMIN);
    expect(admins.status).toBe(200);
    expect(admins.body).toEqual({ data: [expect.objectContaining({ id: demoAdmin.id, role: 'admin', groups: [expect.objectContaining({ name: 'Administrators' })] })] });
    expect((await api('GET', `/api/organizations/${acme.organization.id}/admins`, tokens.SYSTEM_ADMIN)).body.data.map((user: Body) => user.id)).toEqual([acme.admin.id]);
  });

  it('keeps users and rag users out', async () => {
    for (const token of [tokens.USER, tokens.RAG_USER]) {
      expectError(await api('GET', `/api/organizations/${demo.id}/users`, token), 403, "You don't have permission to access this resource.");
      expectError(await api('GET', `/api/organizations/${demo.id}/admins`, token), 403, "You don't have permission to access this resource.");
    }
  });
});

describe('POST /api/organizations/{id}/system-invite-user (§6.7)', () => {
  it('lets a system admin invite into any organization, on its domain', async () => {
    const email = `${unique('invitee')}@${acme.organization.domain}`;
    const answer = await api('POST', `/api/organizations/${acme.organization.id}/system-invite-user`, tokens.SYSTEM_ADMIN, { email: email.toUpperCase(), fullName: ' Ivy Invitee ', role: 'admin' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ email, full_name: 'Ivy Invitee', role: 'admin', invitation_pending: true, organization_id: acme.organization.id, auth_providers: [] });
    expect(answer.body.groups).toEqual([expect.objectContaining({ name: 'Administrators' })]);

    const plain = await api('POST', `/api/organizations/${acme.organization.id}/system-invite-user`, tokens.SYSTEM_ADMIN, { email: `${unique('plain')}@${acme.organization.domain}`, fullName: 'Pat' });
    expect(plain.body).toMatchObject({ role: 'user', invitation_pending: true, groups: [] });

    expectError(
      await api('POST', `/api/organizations/${acme.organization.id}/system-invite-user`, tokens.SYSTEM_ADMIN, { email: 'someone@gmail.example.com', fullName: 'S' }),
      400,
      `Email must be from the ${acme.organization.domain} domain`,
    );
    expectError(await api('POST', `/api/organizations/${acme.organization.id}/system-invite-user`, tokens.SYSTEM_ADMIN, { email, fullName: 'Again' }), 409, 'A user with this email already exists');
  });

  it('validates with its own wording', async () => {
    expectError(
      await api('POST', `/api/organizations/${acme.organization.id}/system-invite-user`, tokens.SYSTEM_ADMIN, { email: 'nope', fullName: ' ', role: 'rag_user' }),
      400,
      ['Please enter a valid email address', 'Please enter a full name', 'Role must be user or admin'].join('\n'),
    );
  });

  it('lets an admin invite into their own organization only when it is consumer', async () => {
    expectError(
      await api('POST', `/api/organizations/${demo.id}/system-invite-user`, tokens.ADMIN, { email: `${unique('x')}@demo.example.com`, fullName: 'X' }),
      403,
      "You don't have permission to invite users to this organization, or this is not a consumer organization.",
    );
    const answer = await api('POST', `/api/organizations/${consumer.organization.id}/system-invite-user`, consumer.token, { email: `${unique('friend')}@anywhere.example.net`, fullName: 'Friend' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ role: 'user', invitation_pending: true, organization_id: consumer.organization.id });
  });

  it('keeps users and rag users out', async () => {
    for (const token of [tokens.USER, tokens.RAG_USER]) {
      expectError(await api('POST', `/api/organizations/${demo.id}/system-invite-user`, token, { email: 'a@demo.example.com', fullName: 'A' }), 403, "You don't have permission to access this resource.");
    }
  });
});

describe('cloud resources (§6.8–§6.11)', () => {
  it('shows an organization that was never provisioned as failed, until a system admin provisions it', async () => {
    // The seed provisions its organizations; one written straight to the table never was.
    const bare = await new OrganizationRepository(platform.ports.database).create({ name: 'Bare Org', domain: 'bare-org.example.com', type: 'business', is_system_org: false });
    const before = await api('GET', `/api/organizations/${bare.id}/cloud-resources`, tokens.SYSTEM_ADMIN);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ provider: 'aws', status: 'failed', error: 'Cloud resources have not been provisioned', bucketName: `${platform.ports.objects.bucket}/org/${bare.id}/` });

    expectError(await api('POST', `/api/organizations/${demo.id}/cloud-resources`, tokens.ADMIN), 403, "You don't have permission to access this resource.");
    const seeded = await api('GET', `/api/organizations/${demo.id}/cloud-resources`, tokens.ADMIN);
    expect(seeded.body).toMatchObject({ status: 'ready', bucketName: `${platform.ports.objects.bucket}/org/${demo.id}/` });
    const provisioned = await api('POST', `/api/organizations/${bare.id}/cloud-resources`, tokens.SYSTEM_ADMIN);
    expect(provisioned.status, JSON.stringify(provisioned.body)).toBe(200);
    expect(provisioned.body).toEqual({
      provider: 'aws',
      region: expect.any(String),
      bucketName: `${platform.ports.objects.bucket}/org/${bare.id}/`,
      auditBucketName: `${platform.ports.objects.bucket}/audit/${bare.id}/`,
      status: 'ready',
      createdAt: expect.any(String),
    });
    expect((await api('GET', `/api/organizations/${bare.id}/cloud-resources`, tokens.SYSTEM_ADMIN)).body).toEqual(provisioned.body);
    // Idempotent: a second run keeps the record's creation time.
    expect((await api('POST', `/api/organizations/${bare.id}/cloud-resources`, tokens.SYSTEM_ADMIN)).body).toEqual(provisioned.body);
  });

  it('checks the namespaces live, sees one go missing, and provisioning brings it back', async () => {
    const id = acme.organization.id;
    const ready = await api('GET', `/api/organizations/${id}/cloud-resources/status`, acme.token);
    expect(ready.status).toBe(200);
    const bucket = platform.ports.objects.bucket;
    expect(ready.body).toEqual({
      status: 'ready',
      checkedAt: expect.any(String),
      resources: [
        { name: `${bucket}/org/${id}/`, kind: 'bucket', exists: true, encrypted: false, versioning: false },
        { name: `${bucket}/audit/${id}/`, kind: 'bucket', exists: true, encrypted: false, versioning: false },
      ],
    });
    expect((await api('GET', `/api/organizations/${id}/cloud-resources`, acme.token)).body).toMatchObject({ status: 'ready', checkedAt: ready.body.checkedAt });

    await platform.ports.objects.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `audit/${id}/.groundwork-namespace` }));
    const missing = await api('GET', `/api/organizations/${id}/cloud-resources/status`, tokens.SYSTEM_ADMIN);
    expect(missing.body).toMatchObject({ status: 'missing', error: `Missing: ${bucket}/audit/${id}/` });
    expect(missing.body.resources.map((resource: Body) => resource.exists)).toEqual([true, false]);
    expect((await api('GET', `/api/organizations/${id}/cloud-resources`, acme.token)).body).toMatchObject({ status: 'failed', error: `Missing: ${bucket}/audit/${id}/` });

    expect((await api('POST', `/api/organizations/${id}/cloud-resources`, tokens.SYSTEM_ADMIN)).body.status).toBe('ready');
    expect((await api('GET', `/api/organizations/${id}/cloud-resources/status`, acme.token)).body.status).toBe('ready');
  });

  it('answers 502 when storage cannot be reached', async () => {
    installPorts({ ...platform.ports, objects: createS3Objects({ bucket: platform.ports.objects.bucket, endpoint: 'http://127.0.0.1:9', adapter: 's3rver', credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' } }) });
    try {
      const answer = await api('GET', `/api/organizations/${acme.organization.id}/cloud-resources/status`, tokens.SYSTEM_ADMIN);
      expectError(answer, 502, 'Failed to verify cloud resources');
      expect(answer.body.code).toBe('UPSTREAM_ERROR');
    } finally {
      installPorts(platform.ports);
    }
    expect((await api('GET', `/api/organizations/${acme.organization.id}/cloud-resources/status`, tokens.SYSTEM_ADMIN)).status).toBe(200);
  });

  it('reports storage use from the counters against the plan limit', async () => {
    const quota = await api('GET', `/api/organizations/${acme.organization.id}/cloud-resources/quota`, acme.token);
    expect(quota.status).toBe(200);
    expect(quota.body).toEqual({ bucketName: `${platform.ports.objects.bucket}/org/${acme.organization.id}/`, usedBytes: 0, limitBytes: GB, objectCount: 0, percentUsed: 0 });

    const database = platform.ports.database;
    await database.client.send(new PutCommand({ TableName: database.tableName, Item: { ...countersKey(acme.organization.id), entity: 'counters', storage_bytes: GB / 4, object_count: 3 } }));
    expect((await api('GET', `/api/organizations/${acme.organization.id}/cloud-resources/quota`, tokens.SYSTEM_ADMIN)).body).toMatchObject({ usedBytes: GB / 4, objectCount: 3, limitBytes: GB, percentUsed: 25 });

    const unlimited = await api('GET', `/api/organizations/${system.id}/cloud-resources/quota`, tokens.SYSTEM_ADMIN);
    expect(unlimited.body).toMatchObject({ limitBytes: null, percentUsed: null, usedBytes: 0 });
  });

  it('keeps users and rag users out', async () => {
    for (const token of [tokens.USER, tokens.RAG_USER]) {
      for (const path of ['cloud-resources', 'cloud-resources/quota', 'cloud-resources/status']) {
        expectError(await api('GET', `/api/organizations/${demo.id}/${path}`, token), 403, "You don't have permission to access this resource.");
      }
    }
  });
});

describe('auth settings (§6.12, §6.13)', () => {
  it('merges a PUT over the saved settings', async () => {
    const path = `/api/organizations/${demo.id}/auth-settings`;
    const first = await api('PUT', path, tokens.ADMIN, { defaultRole: 'rag_user', invitationExpiryDays: 14 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ passwordLoginEnabled: true, googleLoginEnabled: true, allowSelfSignup: false, defaultRole: 'rag_user', invitationExpiryDays: 14 });
    const second = await api('PUT', path, tokens.SYSTEM_ADMIN, { googleLoginEnabled: false });
    expect(second.body).toMatchObject({ googleLoginEnabled: false, defaultRole: 'rag_user', invitationExpiryDays: 14 });
    expect((await api('GET', path, tokens.ADMIN)).body).toEqual(second.body);
    const reset = await api('PUT', path, tokens.ADMIN, { googleLoginEnabled: true, defaultRole: null, invitationExpiryDays: null });
    expect(reset.body).toEqual({ passwordLoginEnabled: true, googleLoginEnabled: true, allowSelfSignup: false, defaultRole: 'user', invitationExpiryDays: 7 });
  });

  it('reports every problem with its message', async () => {
    const path = `/api/organizations/${demo.id}/auth-settings`;
    expectError(
      await api('PUT', path, tokens.ADMIN, { passwordLoginEnabled: false, googleLoginEnabled: false, defaultRole: 'admin', invitationExpiryDays: 31 }),
      400,
      ['At least one login method must be enabled', 'defaultRole must be one of user, rag_user', 'Invitation expiry must be between 1 and 30 days'].join('\n'),
    );
    expectError(await api('PUT', path, tokens.ADMIN, { invitationExpiryDays: 0 }), 400, 'Invitation expiry must be between 1 and 30 days');
    expect((await api('GET', path, tokens.ADMIN)).body.passwordLoginEnabled).toBe(true);
  });

  it('keeps users and rag users out', async () => {
    for (const token of [tokens.USER, tokens.RAG_USER]) {
      expectError(await api('GET', `/api/organizations/${demo.id}/auth-settings`, token), 403, "You don't have permission to access this resource.");
      expectError(await api('PUT', `/api/organizations/${demo.id}/auth-settings`, token, {}), 403, "You don't have permission to access this resource.");
    }
  });
});

describe('security settings (§6.14–§6.17)', () => {
  const path = () => `/api/organizations/${demo.id}/security-settings`;
  const defaults = {
    passwordPolicy: { minLength: 8, requireUppercase: false, requireLowercase: false, requireNumber: false, requireSymbol: false },
    maxLoginAttempts: 5,
    lockoutMinutes: 15,
    sessionMaxAgeHours: 720,
    ipAllowlist: [],
    apiTokensEnabled: true,
  };
  const rangeMessages = [
    'Minimum password length must be between 8 and 128',
    'Max login attempts must be between 3 and 20',
    'Lockout minutes must be between 1 and 1440',
    'Session max age must be between 1 and 720 hours',
    'Invalid CIDR: 300.1.1.1/8',
    'At most 50 IP ranges are allowed',
  ];
  const invalidCandidate = {
    passwordPolicy: { minLength: 7 },
    maxLoginAttempts: 21,
    lockoutMinutes: 0,
    sessionMaxAgeHours: 721,
    ipAllowlist: ['300.1.1.1/8', ...Array.from({ length: 50 }, (_, index) => `10.0.${index}.0/24`)],
  };

  it('reads the defaults and merges a PUT, the policy one level deep', async () => {
    expect((await api('GET', `${path()}/defaults`, tokens.ADMIN)).body).toEqual(defaults);
    expect((await api('GET', path(), tokens.ADMIN)).body).toEqual(defaults);
    const saved = await api('PUT', path(), tokens.ADMIN, { passwordPolicy: { minLength: 12, requireNumber: true }, lockoutMinutes: 30 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ ...defaults, passwordPolicy: { ...defaults.passwordPolicy, minLength: 12, requireNumber: true }, lockoutMinutes: 30 });
    const merged = await api('PUT', path(), tokens.SYSTEM_ADMIN, { passwordPolicy: { requireSymbol: true } });
    expect(merged.body.passwordPolicy).toEqual({ ...defaults.passwordPolicy, minLength: 12, requireNumber: true, requireSymbol: true });
    expect((await api('GET', path(), tokens.ADMIN)).body).toEqual(merged.body);
    expect((await api('GET', `${path()}/defaults`, tokens.ADMIN)).body).toEqual(defaults);
    expect((await api('PUT', path(), tokens.ADMIN, { passwordPolicy: null, lockoutMinutes: null })).body).toEqual(defaults);
  });

  it('refuses invalid settings with the messages of §6.16, saving nothing', async () => {
    expectError(await api('PUT', path(), tokens.ADMIN, invalidCandidate), 400, rangeMessages.join('\n'));
    expect((await api('GET', path(), tokens.ADMIN)).body).toEqual(defaults);
  });

  it('validates a candidate without saving it, answering 200 either way', async () => {
    const invalid = await api('POST', `${path()}/validate`, tokens.ADMIN, invalidCandidate);
    expect(invalid.status).toBe(200);
    expect(invalid.body.valid).toBe(false);
    expect(invalid.body.errors.map((error: Body) => error.message)).toEqual(rangeMessages);
    expect(invalid.body.errors[0]).toEqual({ field: 'passwordPolicy.minLength', message: rangeMessages[0] });
    const valid = await api('POST', `${path()}/validate`, tokens.SYSTEM_ADMIN, { passwordPolicy: { minLength: 128 }, ipAllowlist: ['10.0.0.0/8'] });
    expect(valid.body).toEqual({ valid: true, errors: [] });
    expect((await api('GET', path(), tokens.ADMIN)).body).toEqual(defaults);
  });

  it("refuses an IP allowlist that would lock the caller out, and enforces a saved one on the organization's next request", async () => {
    expectError(await api('PUT', path(), tokens.ADMIN, { ipAllowlist: ['10.0.0.0/8'] }), 400, 'The IP allowlist must include your current IP address');
    expect((await api('GET', path(), tokens.ADMIN)).body.ipAllowlist).toEqual([]);

    // The local platform's requests come from the loopback address, in either family.
    const own = await api('PUT', path(), tokens.ADMIN, { ipAllowlist: ['127.0.0.0/8', '::1/128'] });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await api('GET', `/api/organizations/${demo.id}`, tokens.USER)).status).toBe(200);

    // A system admin may set another organization's range: the rule protects the caller's own access.
    const elsewhere = await api('PUT', `/api/organizations/${acme.organization.id}/security-settings`, tokens.SYSTEM_ADMIN, { ipAllowlist: ['10.0.0.0/8'] });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    expectError(await api('GET', `/api/organizations/${acme.organization.id}`, acme.token), 403, 'Access from this IP address is not allowed');
    expect((await api('PUT', `/api/organizations/${acme.organization.id}/security-settings`, tokens.SYSTEM_ADMIN, { ipAllowlist: [] })).status).toBe(200);
    expect((await api('GET', `/api/organizations/${acme.organization.id}`, acme.token)).status).toBe(200);

    expect((await api('PUT', path(), tokens.ADMIN, { ipAllowlist: [] })).body.ipAllowlist).toEqual([]);
  });

  it('keeps users and rag users out', async () => {
    for (const token of [tokens.USER, tokens.RAG_USER]) {
      for (const [method, suffix] of [['GET', ''], ['PUT', ''], ['POST', '/validate'], ['GET', '/defaults']] as const) {
        expectError(await api(method, `${path()}${suffix}`, token, method === 'GET' ? undefined : {}), 403, "You don't have permission to access this resource.");
      }
    }
  });
});

describe('tenancy (§1.3): another organization is not found', () => {
  const routes = (id: string): Array<[string, string, Body?]> => [
    ['GET', `/api/organizations/${id}`],
    ['PUT', `/api/organizations/${id}`, { name: 'Taken over' }],
    ['GET', `/api/organizations/${id}/users`],
    ['GET', `/api/organizations/${id}/admins`],
    ['POST', `/api/organizations/${id}/system-invite-user`, { email: 'spy@demo.example.com', fullName: 'Spy' }],
    ['GET', `/api/organizations/${id}/cloud-resources`],
    ['GET', `/api/organizations/${id}/cloud-resources/quota`],
    ['GET', `/api/organizations/${id}/cloud-resources/status`],
    ['GET', `/api/organizations/${id}/auth-settings`],
    ['PUT', `/api/organizations/${id}/auth-settings`, { allowSelfSignup: true }],
    ['GET', `/api/organizations/${id}/security-settings`],
    ['PUT', `/api/organizations/${id}/security-settings`, { ipAllowlist: ['10.0.0.0/8'] }],
    ['POST', `/api/organizations/${id}/security-settings/validate`, {}],
    ['GET', `/api/organizations/${id}/security-settings/defaults`],
    ['GET', `/api/organizations/${id}/is-consumer`],
  ];

  it("answers 404 to another organization's admin on every route and changes nothing", async () => {
    const before = await api('GET', `/api/organizations/${demo.id}`, tokens.SYSTEM_ADMIN);
    const settingsBefore = await api('GET', `/api/organizations/${demo.id}/auth-settings`, tokens.SYSTEM_ADMIN);
    const securityBefore = await api('GET', `/api/organizations/${demo.id}/security-settings`, tokens.SYSTEM_ADMIN);
    for (const [method, path, body] of routes(demo.id)) {
      const answer = await api(method, path, acme.token, body);
      expect([answer.status, answer.body], `${method} ${path}`).toEqual([404, { message: 'Organization not found', status: 404, code: 'NOT_FOUND' }]);
    }
    // The system-admin-only route refuses by role before the organization is looked at.
    expectError(await api('POST', `/api/organizations/${demo.id}/cloud-resources`, acme.token), 403, "You don't have permission to access this resource.");

    expect((await api('GET', `/api/organizations/${demo.id}`, tokens.SYSTEM_ADMIN)).body).toEqual(before.body);
    expect((await api('GET', `/api/organizations/${demo.id}/auth-settings`, tokens.SYSTEM_ADMIN)).body).toEqual(settingsBefore.body);
    expect((await api('GET', `/api/organizations/${demo.id}/security-settings`, tokens.SYSTEM_ADMIN)).body).toEqual(securityBefore.body);
    expect((await new UserRepository(platform.ports.database).findByEmail('spy@demo.example.com'))).toBeUndefined();
  });

  it("answers 404 to a user of the demo organization for another organization's id on the routes open to it", async () => {
    for (const token of [tokens.USER, tokens.RAG_USER]) {
      expectError(await api('GET', `/api/organizations/${acme.organization.id}`, token), 404, 'Organization not found');
      expectError(await api('GET', `/api/organizations/${acme.organization.id}/is-consumer`, token), 404, 'Organization not found');
    }
  });
});
