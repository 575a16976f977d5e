import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_GROUP_NAME, GroupRepository, type GroupRecord } from '../../functions/domain/groups/group-repository';
import { invitationKey } from '../../functions/domain/invitations/invitation-repository';
import { hashInvitationToken } from '../../functions/domain/invitations/invitation-token';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { createUserWithAccount, inviteUser } from '../../functions/domain/users/user-lifecycle';
import { UserRepository, type UserRecord } from '../../functions/domain/users/user-repository';
import { keys } from '../../functions/contracts/keys/table-keys';
import type { OutboxEntry } from '../../local/mail/outbox-mail';
import { callApi, removeDataDir, startTestPlatform } from '../support/local-platform-fixture';
import { unique } from '../support/unique-values';
import type { Json } from '../support/json';

type Body = Json;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let outboxDir: string;
const tokens: Record<'SYSTEM_ADMIN' | 'ADMIN' | 'USER' | 'RAG_USER', string> = { SYSTEM_ADMIN: '', ADMIN: '', USER: '', RAG_USER: '' };
const PASSWORD = 'Sturdy-passw0rd';

let demo: OrganizationRecord;
let demoAdmin: UserRecord;
let demoAdminGroup: GroupRecord;

/** A second organization, built straight through the repositories, whose ids must stay invisible. */
const foreign = {} as { organization: OrganizationRecord; admin: UserRecord; user: UserRecord; group: GroupRecord; adminGroup: GroupRecord };

const demoEmail = (prefix: string) => `${unique(prefix)}@demo.example.com`;

const api = <T = Body>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(platform.url, method, path, { token, body });

async function login(email: string, password: string) {
  return callApi<Body>(platform.url, 'POST', '/api/auth/login', { body: { email, password } });
}

async function tokenFor(email: string, password: string): Promise<string> {
  const answer = await login(email, password);
  expect(answer.status, `login ${email}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.token as string;
}

function outbox(): OutboxEntry[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(outboxDir, file), 'utf8')) as OutboxEntry);
}

/** The token of the latest invitation mailed to the address. */
function invitationTokenFor(email: string): string {
  const entry = outbox().filter((message) => message.to === email).at(-1);
  expect(entry, `no mail to ${email}`).toBeDefined();
  const link = new URL(entry?.link as string);
  expect(`${link.origin}${link.pathname}`).toBe(`${platform.url}/accept-invitation`);
  return link.searchParams.get('token') as string;
}

async function invite(body: Body, token = tokens.ADMIN) {
  const answer = await api('POST', '/api/users/invite', token, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function createGroup(name = unique('Group '), description = 'A group') {
  const answer = await api('POST', '/api/groups', tokens.ADMIN, { name, description });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** An active password user of the demo organization, made through the product, with a token. */
async function activeDemoUser(role: 'user' | 'admin' | 'rag_user' = 'user') {
  const user = await createUserWithAccount(platform.ports, { organization: demo, email: demoEmail(role), fullName: unique('Person '), role, password: PASSWORD });
  return { user, token: await tokenFor(user.email, PASSWORD) };
}

function expectError(answer: { status: number; body: Body }, status: number, message: string) {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ status, message });
  expect(answer.status).toBe(status);
}

beforeAll(async () => {
  platform = await startTestPlatform();
  outboxDir = join(platform.dataDir, 'outbox');
  for (const role of Object.keys(tokens) as Array<keyof typeof tokens>) {
    const { email, password } = platform.credentials[role];
    tokens[role] = await tokenFor(email, password);
  }
  const database = platform.ports.database;
  demoAdmin = (await new UserRepository(database).findByEmail(platform.credentials.ADMIN.email)) as UserRecord;
  demo = (await new OrganizationRepository(database).get(demoAdmin.organization_id)) as OrganizationRecord;
  demoAdminGroup = (await new GroupRepository(database).findAdminGroup(demo.id)) as GroupRecord;

  const organizations = new OrganizationRepository(database);
  const groups = new GroupRepository(database);
  foreign.organization = await organizations.create({ name: 'Other Inc', domain: 'other.example.com', type: 'business', is_system_org: false });
  foreign.adminGroup = await groups.create({ organization_id: foreign.organization.id, name: ADMIN_GROUP_NAME, description: '', is_admin_group: true });
  foreign.group = await groups.create({ organization_id: foreign.organization.id, name: 'Other people', description: '', is_admin_group: false });
  foreign.admin = await createUserWithAccount(platform.ports, { organization: foreign.organization, email: 'boss@other.example.com', fullName: 'Other Boss', role: 'admin', password: PASSWORD });
  foreign.user = await createUserWithAccount(platform.ports, { organization: foreign.organization, email: 'worker@other.example.com', fullName: 'Other Worker', role: 'user', password: PASSWORD });
  await groups.addMember(foreign.organization.id, foreign.group.id, foreign.user.id);
});

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('roles (contract §1.3)', () => {
  it('keeps user and rag_user out of the admin routes', async () => {
    for (const token of [tokens.USER, tokens.RAG_USER]) {
      for (const [method, path] of [
        ['GET', '/api/users'],
        ['POST', '/api/users/invite'],
        ['PUT', `/api/users/${demoAdmin.id}`],
        ['DELETE', `/api/users/${demoAdmin.id}`],
        ['GET', '/api/groups'],
        ['POST', '/api/groups'],
        ['GET', `/api/groups/${demoAdminGroup.id}`],
        ['GET', `/api/groups/${demoAdminGroup.id}/users`],
      ] as const) {
        expectError(await api(method, path, token, method === 'GET' || method === 'DELETE' ? undefined : {}), 403, "You don't have permission to access this resource.");
      }
    }
  });

  it('keeps a system_admin outside the system organization out of them, but lets them read themself', async () => {
    const outsider = await createUserWithAccount(platform.ports, { organization: foreign.organization, email: 'sysop@other.example.com', fullName: 'Stray Sysop', role: 'system_admin', password: PASSWORD });
    const token = await tokenFor(outsider.email, PASSWORD);
    expectError(await api('GET', '/api/users', token), 403, "You don't have permission to access this resource.");
    expectError(await api('GET', '/api/groups', token), 403, "You don't have permission to access this resource.");
    expectError(await api('GET', `/api/users/${foreign.user.id}`, token), 403, "You don't have permission to access this resource.");
    expect((await api('GET', `/api/users/${outsider.id}`, token)).status).toBe(200);
  });

  it('asks for a token everywhere but on accept-invitation', async () => {
    expectError(await api('GET', '/api/users'), 401, 'Authentication required');
    expectError(await api('GET', '/api/groups'), 401, 'Authentication required');
  });
});

describe('GET /api/users (§7.1)', () => {
  it('lists the organization only, sorted by full name, with groups and pagination', async () => {
    const answer = await api('GET', '/api/users?limit=100', tokens.ADMIN);
    expect(answer.status).toBe(200);
    const users = answer.body.data as Body[];
    expect(users.every((user) => user.organization_id === demo.id)).toBe(true);
    expect(users.map((user) => user.email)).not.toContain(foreign.user.email);
    const names = users.map((user) => user.full_name as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(answer.body.pagination).toMatchObject({ page: 1, limit: 100, total: users.length, totalPages: 1 });
    const admin = users.find((user) => user.id === demoAdmin.id);
    expect(admin).toMatchObject({ role: 'admin', organization_domain: 'demo.example.com', fullName: admin?.full_name, organizationId: demo.id, isSystemOrg: false });
    expect(admin?.groups).toEqual([{ id: demoAdminGroup.id, name: ADMIN_GROUP_NAME, is_admin_group: true }]);
  });

  it('filters by role, status, group and excluded group, and searches email and name (q too)', async () => {
    const group = await createGroup();
    const inGroup = await invite({ email: demoEmail('filter'), fullName: unique('Filtered '), groupIds: [group.id], status: 'inactive', role: 'rag_user' });

    const byRole = await api('GET', '/api/users?role=rag_user&limit=100', tokens.ADMIN);
    expect((byRole.body.data as Body[]).every((user) => user.role === 'rag_user')).toBe(true);
    expect((byRole.body.data as Body[]).map((user) => user.id)).toContain(inGroup.id);

    const inactive = await api('GET', '/api/users?status=inactive&limit=100', tokens.ADMIN);
    expect((inactive.body.data as Body[]).map((user) => user.id)).toEqual([inGroup.id]);

    const members = await api('GET', `/api/users?group_id=${group.id}`, tokens.ADMIN);
    expect((members.body.data as Body[]).map((user) => user.id)).toEqual([inGroup.id]);

    const others = await api('GET', `/api/users?exclude_group_id=${group.id}&limit=100`, tokens.ADMIN);
    const otherIds = (others.body.data as Body[]).map((user) => user.id);
    expect(otherIds).not.toContain(inGroup.id);
    expect(otherIds).toContain(demoAdmin.id);

    const search = await api('GET', `/api/users?search=${encodeURIComponent(inGroup.full_name.toUpperCase())}`, tokens.ADMIN);
    expect((search.body.data as Body[]).map((user) => user.id)).toEqual([inGroup.id]);
    const alias = await api('GET', `/api/users?q=${encodeURIComponent(inGroup.email)}`, tokens.ADMIN);
    expect((alias.body.data as Body[]).map((user) => user.id)).toEqual([inGroup.id]);
  });

  it('sorts by every listed field and pages', async () => {
    for (const field of ['full_name', 'email', 'created_at', 'last_login']) {
      const answer = await api('GET', `/api/users?sort_by=${field}&sort_order=desc&limit=100`, tokens.ADMIN);
      expect(answer.status, field).toBe(200);
    }
    const byEmail = (await api('GET', '/api/users?sort_by=email&sort_order=DESC&limit=100', tokens.ADMIN)).body.data as Body[];
    const emails = byEmail.map((user) => user.email as string);
    expect(emails).toEqual([...emails].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    const page = await api('GET', '/api/users?limit=2&page=2', tokens.ADMIN);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.pagination).toMatchObject({ page: 2, limit: 2 });
  });

  it('rejects bad list parameters with the contract messages', async () => {
    expectError(await api('GET', '/api/users?sort_by=role', tokens.ADMIN), 400, 'Invalid sort_by value');
    expectError(await api('GET', '/api/users?sort_order=up', tokens.ADMIN), 400, 'Invalid sort_order value');
    expectError(await api('GET', '/api/users?page=0', tokens.ADMIN), 400, 'page must be a positive integer');
    expectError(await api('GET', '/api/users?role=boss', tokens.ADMIN), 400, 'Invalid role');
    expectError(await api('GET', '/api/users?status=gone', tokens.ADMIN), 400, 'Status must be one of active, inactive');
  });
});

describe('GET /api/users/{id} and /role (§7.2, §7.3)', () => {
  it('lets an admin read anyone of the organization', async () => {
    const seededUser = (await new UserRepository(platform.ports.database).findByEmail(platform.credentials.USER.email)) as UserRecord;
    const answer = await api('GET', `/api/users/${seededUser.id}`, tokens.ADMIN);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: platform.credentials.USER.email, role: 'user' });
    const role = await api('GET', `/api/users/${demoAdmin.id}/role`, tokens.ADMIN);
    expect(role.body).toEqual({ role: 'admin' });
  });

  it('lets anyone read themself and nobody else', async () => {
    const ragUser = (await new UserRepository(platform.ports.database).findByEmail(platform.credentials.RAG_USER.email)) as UserRecord;
    expect((await api('GET', `/api/users/${ragUser.id}`, tokens.RAG_USER)).body).toMatchObject({ id: ragUser.id, role: 'rag_user' });
    expect((await api('GET', `/api/users/${ragUser.id}/role`, tokens.RAG_USER)).body).toEqual({ role: 'rag_user' });
    expectError(await api('GET', `/api/users/${demoAdmin.id}`, tokens.USER), 403, "You don't have permission to access this resource.");
    expectError(await api('GET', `/api/users/${demoAdmin.id}/role`, tokens.RAG_USER), 403, "You don't have permission to access this resource.");
    expectError(await api('GET', '/api/users/usr_unknown/role', tokens.USER), 403, "You don't have permission to access this resource.");
  });

  it('answers 404 for an unknown id', async () => {
    expectError(await api('GET', '/api/users/usr_unknown', tokens.ADMIN), 404, 'User not found');
    expectError(await api('GET', '/api/users/usr_unknown/role', tokens.ADMIN), 404, 'User not found');
  });
});

describe('POST /api/users/invite (§7.4)', () => {
  it('collects the field problems in the contract\'s order', async () => {
    expectError(await api('POST', '/api/users/invite', tokens.ADMIN, {}), 400, 'Email is required\nFull name is required');
    const all = await api('POST', '/api/users/invite', tokens.ADMIN, { email: 'not-an-email', fullName: '  ', groupIds: ['grp_nope'], status: 'gone', role: 'boss' });
    expectError(all, 400, 'Please enter a valid email address\nFull name is required\nInvalid group ID: grp_nope\nStatus must be one of active, inactive\nInvalid role');
    expect(all.body.code).toBe('VALIDATION_ERROR');
    expect(all.body.details).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'fullName', message: 'Full name is required' },
      { field: 'groupIds', message: 'Invalid group ID: grp_nope' },
      { field: 'status', message: 'Status must be one of active, inactive' },
      { field: 'role', message: 'Invalid role' },
    ]);
    expectError(await api('POST', '/api/users/invite', tokens.ADMIN, { email: 'x@demo.example.com', fullName: 'X', role: 'system_admin' }), 400, 'Invalid role');
    expectError(await api('POST', '/api/users/invite', tokens.ADMIN, { email: 'x@demo.example.com', fullName: 'x'.repeat(256) }), 400, 'Full name must be at most 255 characters');
  });

  it('holds the email to the organization\'s domain', async () => {
    expectError(await api('POST', '/api/users/invite', tokens.ADMIN, { email: 'someone@elsewhere.com', fullName: 'Some One' }), 400, 'Email must be from the demo.example.com domain');
  });

  it('asks for support when a business organization has no domain', async () => {
    const organization = await new OrganizationRepository(platform.ports.database).create({ name: 'No Domain Ltd', domain: '', type: 'business', is_system_org: false });
    await new GroupRepository(platform.ports.database).create({ organization_id: organization.id, name: ADMIN_GROUP_NAME, description: '', is_admin_group: true });
    const admin = await createUserWithAccount(platform.ports, { organization, email: 'lead@nodomain.example.net', fullName: 'Lead', role: 'admin', password: PASSWORD });
    const token = await tokenFor(admin.email, PASSWORD);
    expectError(await api('POST', '/api/users/invite', token, { email: 'new@nodomain.example.net', fullName: 'New' }), 400, 'Unable to determine organization domain. Please contact support.');
  });

  it('refuses an email already used in any organization', async () => {
    expectError(await api('POST', '/api/users/invite', tokens.ADMIN, { email: platform.credentials.USER.email.toUpperCase(), fullName: 'Dup' }), 409, 'A user with this email already exists');
    const elsewhere = await createUserWithAccount(platform.ports, { organization: foreign.organization, email: demoEmail('moved'), fullName: 'Moved', role: 'user', password: PASSWORD });
    expectError(await api('POST', '/api/users/invite', tokens.ADMIN, { email: elsewhere.email, fullName: 'Dup' }), 409, 'A user with this email already exists');
  });

  it('creates a pending user in the groups (admin group ignored) and mails a single-use link', async () => {
    const group = await createGroup();
    const email = demoEmail('invitee');
    const user = await invite({ email: `  ${email.toUpperCase()} `, fullName: '  Ivy Invitee ', groupIds: [group.id, demoAdminGroup.id] });
    expect(user).toMatchObject({ email, full_name: 'Ivy Invitee', role: 'user', status: 'active', invitation_pending: true, organization_id: demo.id, auth_providers: [] });
    expect(user.created_at).toBe(user.updated_at);
    expect(user.groups).toEqual([{ id: group.id, name: group.name, is_admin_group: false }]);
    const mail = outbox().filter((entry) => entry.to === email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain('Demo Company');
    expect(mail[0]?.text).toContain(mail[0]?.link as string);
    expect(invitationTokenFor(email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectError(await login(email, 'anything-at-all'), 403, 'Please complete your invitation first');
  });

  it('puts an invited admin into Administrators', async () => {
    const user = await invite({ email: demoEmail('newadmin'), fullName: 'New Admin', role: 'ADMIN' });
    expect(user.role).toBe('admin');
    expect(user.groups).toEqual([{ id: demoAdminGroup.id, name: ADMIN_GROUP_NAME, is_admin_group: true }]);
  });
});

describe('POST /api/users/accept-invitation (§7.7)', () => {
  it('validates the token and the password', async () => {
    expectError(await api('POST', '/api/users/accept-invitation', undefined, {}), 400, 'Invitation token is required');
    expectError(await api('POST', '/api/users/accept-invitation', undefined, { token: 'made-up', password: PASSWORD }), 400, 'Invitation is invalid or has expired');
    const email = demoEmail('acceptor');
    await invite({ email, fullName: 'Acceptor' });
    const token = invitationTokenFor(email);
    expectError(await api('POST', '/api/users/accept-invitation', undefined, { token }), 400, 'Password is required');
    expectError(await api('POST', '/api/users/accept-invitation', undefined, { token, password: 'short' }), 400, 'Password must be at least 8 characters long');
  });

  it('creates the account, replaces the name and lets the user sign in; the link works once', async () => {
    const email = demoEmail('joiner');
    const group = await createGroup();
    await invite({ email, fullName: 'Invited Name', groupIds: [group.id] });
    const token = invitationTokenFor(email);
    const accepted = await api('POST', '/api/users/accept-invitation', tokens.USER, { token, password: PASSWORD, fullName: ' Chosen Name ' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.message).toBe('Invitation accepted');
    expect(accepted.body.user).toMatchObject({ email, full_name: 'Chosen Name', invitation_pending: false, auth_providers: ['password'], role: 'user' });
    expect(accepted.body.user.groups).toEqual([{ id: group.id, name: group.name, is_admin_group: false }]);

    expectError(await api('POST', '/api/users/accept-invitation', undefined, { token, password: PASSWORD }), 409, 'Invitation has already been accepted');

    const signedIn = await login(email, PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email, full_name: 'Chosen Name', invitation_pending: false });
  });

  it('refuses an expired invitation', async () => {
    const email = demoEmail('late');
    await invite({ email, fullName: 'Late' });
    const token = invitationTokenFor(email);
    await platform.ports.database.client.send(
      new UpdateCommand({
        TableName: platform.ports.database.tableName,
        Key: invitationKey(hashInvitationToken(token)),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expectError(await api('POST', '/api/users/accept-invitation', undefined, { token, password: PASSWORD }), 400, 'Invitation is invalid or has expired');
  });

  it('applies the organization\'s password policy', async () => {
    await setOrganizationSettings(demo.id, { securitySettings: { passwordPolicy: { minLength: 12, requireNumber: true } } });
    try {
      const email = demoEmail('policy');
      await invite({ email, fullName: 'Policy' });
      const answer = await api('POST', '/api/users/accept-invitation', undefined, { token: invitationTokenFor(email), password: 'abcdefghi' });
      expectError(answer, 400, 'Password must be at least 12 characters long\nPassword must contain a number');
    } finally {
      await setOrganizationSettings(demo.id, { securitySettings: null });
    }
  });

  it('needs no password when the organization has password login off', async () => {
    const organization = await new OrganizationRepository(platform.ports.database).create({ name: 'Google Only', domain: 'googleonly.example.com', type: 'business', is_system_org: false });
    await setOrganizationSettings(organization.id, { authSettings: { passwordLoginEnabled: false, invitationExpiryDays: 2 } });
    const stored = (await new OrganizationRepository(platform.ports.database).get(organization.id)) as OrganizationRecord;
    const inviter = await createUserWithAccount(platform.ports, { organization: stored, email: 'lead@googleonly.example.com', fullName: 'Lead', role: 'admin', password: PASSWORD });
    const { user, invitationLink } = await inviteUser(platform.ports, { organization: stored, invitedBy: inviter, email: 'member@googleonly.example.com', fullName: 'Member', role: 'user' });
    expect(user.invitation_pending).toBe(true);
    const token = new URL(invitationLink).searchParams.get('token') as string;
    expect(invitationTokenFor('member@googleonly.example.com')).toBe(token);
    const accepted = await api('POST', '/api/users/accept-invitation', undefined, { token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.user).toMatchObject({ invitation_pending: false, auth_providers: [] });
  });
});

async function setOrganizationSettings(organizationId: string, settings: { authSettings?: Body; securitySettings?: Body | null }) {
  const assignments: string[] = [];
  const values: Record<string, unknown> = {};
  const removals: string[] = [];
  for (const [name, value] of Object.entries(settings)) {
    if (value === null) removals.push(name);
    else {
      assignments.push(`${name} = :${name}`);
      values[`:${name}`] = value;
    }
  }
  const expression = [assignments.length ? `SET ${assignments.join(', ')}` : '', removals.length ? `REMOVE ${removals.join(', ')}` : ''].filter(Boolean).join(' ');
  await platform.ports.database.client.send(
    new UpdateCommand({
      TableName: platform.ports.database.tableName,
      Key: keys.organization(organizationId),
      UpdateExpression: expression,
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    }),
  );
}

describe('PUT /api/users/{id} (§7.5)', () => {
  it('changes name, email, status and role, keeping Administrators in step with the role', async () => {
    const { user } = await activeDemoUser();
    const email = demoEmail('renamed');
    const renamed = await api('PUT', `/api/users/${user.id}`, tokens.ADMIN, { fullName: ' Renamed Person ', email: email.toUpperCase() });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ full_name: 'Renamed Person', email });
    expect(renamed.body.updated_at > renamed.body.created_at).toBe(true);
    // The old address is free again, the new one taken.
    expect(await new UserRepository(platform.ports.database).findByEmail(user.email)).toBeUndefined();
    expect((await new UserRepository(platform.ports.database).findByEmail(email))?.id).toBe(user.id);

    const promoted = await api('PUT', `/api/users/${user.id}`, tokens.ADMIN, { role: 'admin' });
    expect(promoted.body.role).toBe('admin');
    expect(promoted.body.groups).toEqual([{ id: demoAdminGroup.id, name: ADMIN_GROUP_NAME, is_admin_group: true }]);
    const demoted = await api('PUT', `/api/users/${user.id}`, tokens.ADMIN, { role: 'rag_user', status: 'inactive' });
    expect(demoted.body).toMatchObject({ role: 'rag_user', status: 'inactive', groups: [] });
  });

  it('replaces the non-admin groups only', async () => {
    const first = await createGroup();
    const second = await createGroup();
    const { user } = await activeDemoUser('admin');
    await api('PUT', `/api/users/${user.id}`, tokens.ADMIN, { groupIds: [first.id] });
    const replaced = await api('PUT', `/api/users/${user.id}`, tokens.ADMIN, { groupIds: [second.id, demoAdminGroup.id] });
    expect((replaced.body.groups as Body[]).map((group) => group.id).sort()).toEqual([demoAdminGroup.id, second.id].sort());
    const cleared = await api('PUT', `/api/users/${user.id}`, tokens.ADMIN, { groupIds: [] });
    expect(cleared.body.groups).toEqual([{ id: demoAdminGroup.id, name: ADMIN_GROUP_NAME, is_admin_group: true }]);
  });

  it('validates like the invitation, in the contract\'s order', async () => {
    const { user } = await activeDemoUser();
    expectError(await api('PUT', `/api/users/${user.id}`, tokens.ADMIN, { email: 'bad', fullName: '', status: 'x', groupIds: ['grp_nope'], role: 'system_admin' }), 400,
      'Please enter a valid email address\nFull name is required\nStatus must be one of active, inactive\nInvalid group ID: grp_nope\nInvalid role');
    expectError(await api('PUT', `/api/users/${user.id}`, tokens.ADMIN, { email: 'someone@elsewhere.com' }), 400, 'Email must be from the demo.example.com domain');
    expectError(await api('PUT', `/api/users/${user.id}`, tokens.ADMIN, { email: platform.credentials.USER.email }), 409, 'A user with this email already exists');
  });

  it('refuses a change of one\'s own role or status, but takes one\'s own name', async () => {
    expectError(await api('PUT', `/api/users/${demoAdmin.id}`, tokens.ADMIN, { role: 'user' }), 400, 'You cannot change your own role or status');
    expectError(await api('PUT', `/api/users/${demoAdmin.id}`, tokens.ADMIN, { status: 'inactive' }), 400, 'You cannot change your own role or status');
    const same = await api('PUT', `/api/users/${demoAdmin.id}`, tokens.ADMIN, { role: 'admin', status: 'active', fullName: demoAdmin.full_name });
    expect(same.status).toBe(200);
    expect(same.body.role).toBe('admin');
  });

  it('never edits a system_admin, nor sets that role', async () => {
    const systemAdmin = (await new UserRepository(platform.ports.database).findByEmail(platform.credentials.SYSTEM_ADMIN.email)) as UserRecord;
    const systemOrganization = (await new OrganizationRepository(platform.ports.database).get(systemAdmin.organization_id)) as OrganizationRecord;
    const second = await createUserWithAccount(platform.ports, { organization: systemOrganization, email: `${unique('ops')}@groundwork.example.com`, fullName: 'Second Sysop', role: 'system_admin', password: PASSWORD });
    expectError(await api('PUT', `/api/users/${second.id}`, tokens.SYSTEM_ADMIN, { fullName: 'Changed' }), 403, "You don't have permission to access this resource.");
    expectError(await api('DELETE', `/api/users/${second.id}`, tokens.SYSTEM_ADMIN), 403, "You don't have permission to access this resource.");
    expect((await new UserRepository(platform.ports.database).get(systemOrganization.id, second.id))?.full_name).toBe('Second Sysop');

    const staff = await createUserWithAccount(platform.ports, { organization: systemOrganization, email: `${unique('staff')}@groundwork.example.com`, fullName: 'Staff', role: 'user', password: PASSWORD });
    expectError(await api('PUT', `/api/users/${staff.id}`, tokens.SYSTEM_ADMIN, { role: 'system_admin' }), 400, 'Invalid role');
    // Inside the system organization a system_admin is its admin (§1.3).
    expect((await api('PUT', `/api/users/${staff.id}`, tokens.SYSTEM_ADMIN, { role: 'admin' })).body.role).toBe('admin');
  });

  it('answers 404 for an unknown id', async () => {
    expectError(await api('PUT', '/api/users/usr_unknown', tokens.ADMIN, { fullName: 'X' }), 404, 'User not found');
  });
});

describe('DELETE /api/users/{id} (§7.6)', () => {
  it('refuses one\'s own account', async () => {
    expectError(await api('DELETE', `/api/users/${demoAdmin.id}`, tokens.ADMIN), 400, 'You cannot delete your own account here. Use Delete Account in your profile.');
  });

  it('removes the user, their account, memberships and sessions, and queues the purge', async () => {
    const group = await createGroup();
    const { user, token } = await activeDemoUser('admin');
    await api('POST', `/api/groups/${group.id}/users/${user.id}`, tokens.ADMIN);
    expect((await api('GET', `/api/groups/${group.id}`, tokens.ADMIN)).body.member_count).toBe(1);

    expect((await api('DELETE', `/api/users/${user.id}`, tokens.ADMIN)).status).toBe(204);
    expectError(await api('GET', `/api/users/${user.id}`, tokens.ADMIN), 404, 'User not found');
    expect((await api('GET', `/api/groups/${group.id}`, tokens.ADMIN)).body.member_count).toBe(0);
    const admins = await api('GET', `/api/groups/${demoAdminGroup.id}/users?limit=100`, tokens.ADMIN);
    expect((admins.body.data as Body[]).map((member) => member.id)).not.toContain(user.id);
    expect((await api('GET', `/api/users/${user.id}`, token)).status).toBe(401);
    expectError(await login(user.email, PASSWORD), 401, 'Invalid email or password');

    // The purge of the user's chats is processed, not dead-lettered.
    await platform.queue.drain('indexing', 20_000);
    expect(platform.queue.deadLetters('indexing').some((letter) => letter.body.includes(user.id))).toBe(false);

    // The address can be invited again.
    await invite({ email: user.email, fullName: 'Back Again' });
  });

  it('revokes a pending invitation', async () => {
    const email = demoEmail('revoked');
    const user = await invite({ email, fullName: 'Revoked' });
    const token = invitationTokenFor(email);
    expect((await api('DELETE', `/api/users/${user.id}`, tokens.ADMIN)).status).toBe(204);
    expectError(await api('POST', '/api/users/accept-invitation', undefined, { token, password: PASSWORD }), 400, 'Invitation is invalid or has expired');
  });

  it('answers 404 for an unknown id', async () => {
    expectError(await api('DELETE', '/api/users/usr_unknown', tokens.ADMIN), 404, 'User not found');
  });
});

describe('groups (§8.1–§8.5)', () => {
  it('lists groups with the admin group and member counts, searching, sorting and all=true', async () => {
    const named = await createGroup(unique('Zeta searchable '), 'findme in description');
    const answer = await api('GET', '/api/groups?all=true', tokens.ADMIN);
    expect(answer.status).toBe(200);
    const groups = answer.body.data as Body[];
    const admin = groups.find((group) => group.is_admin_group);
    expect(admin).toMatchObject({ id: demoAdminGroup.id, name: ADMIN_GROUP_NAME, is_admin_group: true });
    expect(admin?.member_count).toBeGreaterThanOrEqual(1);
    expect(Object.keys(admin ?? {}).sort()).toEqual(['created_at', 'description', 'id', 'is_admin_group', 'member_count', 'name', 'updated_at']);
    expect(answer.body.pagination).toMatchObject({ page: 1, limit: groups.length, total: groups.length, totalPages: 1 });
    const names = groups.map((group) => group.name as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    const search = await api('GET', '/api/groups?search=FINDME', tokens.ADMIN);
    expect((search.body.data as Body[]).map((group) => group.id)).toEqual([named.id]);
    const byCount = (await api('GET', '/api/groups?sort_by=member_count&sort_order=desc&all=true', tokens.ADMIN)).body.data as Body[];
    const counts = byCount.map((group) => group.member_count as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await api('GET', '/api/groups?sort_by=created_at', tokens.ADMIN)).status).toBe(200);
    expectError(await api('GET', '/api/groups?sort_by=description', tokens.ADMIN), 400, 'Invalid sort_by value');
    expectError(await api('GET', '/api/groups?all=yes', tokens.ADMIN), 400, 'all must be true or false');
    expect((await api('GET', '/api/groups?limit=1', tokens.ADMIN)).body.data).toHaveLength(1);
  });

  it('creates a group with validated fields and a unique name', async () => {
    const name = unique('Sales ');
    const created = await api('POST', '/api/groups', tokens.ADMIN, { name: `  ${name}  ` });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name, description: '', member_count: 0, is_admin_group: false });
    expect(created.body.created_at).toBe(created.body.updated_at);
    expectError(await api('POST', '/api/groups', tokens.ADMIN, { name: name.toUpperCase() }), 409, 'A group with this name already exists');
    expectError(await api('POST', '/api/groups', tokens.ADMIN, { name: 'administrators' }), 409, 'A group with this name already exists');
    expectError(await api('POST', '/api/groups', tokens.ADMIN, {}), 400, 'Name is required');
    expectError(await api('POST', '/api/groups', tokens.ADMIN, { name: '   ' }), 400, 'Name is required');
    expectError(await api('POST', '/api/groups', tokens.ADMIN, { name: 'x'.repeat(256), description: 'd'.repeat(1001) }), 400,
      'Name must be at most 255 characters\nDescription must be at most 1000 characters');
    // Names are unique per organization only.
    expect((await api('POST', '/api/groups', tokens.ADMIN, { name: foreign.group.name })).status).toBe(201);
  });

  it('reads, renames and describes a group; the admin group stays as it is', async () => {
    const group = await createGroup();
    const read = await api('GET', `/api/groups/${group.id}`, tokens.ADMIN);
    expect(read.body).toEqual(group);

    const renamed = await api('PUT', `/api/groups/${group.id}`, tokens.ADMIN, { name: `${group.name} renamed` });
    expect(renamed.body).toMatchObject({ name: `${group.name} renamed`, description: group.description });
    const recased = await api('PUT', `/api/groups/${group.id}`, tokens.ADMIN, { name: renamed.body.name.toUpperCase() });
    expect(recased.status).toBe(200);
    const cleared = await api('PUT', `/api/groups/${group.id}`, tokens.ADMIN, { description: null });
    expect(cleared.body.description).toBe('');
    // The old name is free again.
    expect((await api('POST', '/api/groups', tokens.ADMIN, { name: group.name })).status).toBe(201);

    const other = await createGroup();
    expectError(await api('PUT', `/api/groups/${group.id}`, tokens.ADMIN, { name: other.name.toLowerCase() }), 409, 'A group with this name already exists');
    expectError(await api('PUT', `/api/groups/${group.id}`, tokens.ADMIN, { name: '' }), 400, 'Name is required');
    expectError(await api('PUT', `/api/groups/${demoAdminGroup.id}`, tokens.ADMIN, { description: 'new' }), 409, 'The admin group cannot be modified');
    expectError(await api('GET', '/api/groups/grp_unknown', tokens.ADMIN), 404, 'Group not found');
    expectError(await api('PUT', '/api/groups/grp_unknown', tokens.ADMIN, { name: 'X' }), 404, 'Group not found');
  });

  it('deletes a group with its memberships; never the admin group', async () => {
    const group = await createGroup();
    const { user } = await activeDemoUser();
    await api('POST', `/api/groups/${group.id}/users/${user.id}`, tokens.ADMIN);
    expect((await api('DELETE', `/api/groups/${group.id}`, tokens.ADMIN)).status).toBe(204);
    expectError(await api('GET', `/api/groups/${group.id}`, tokens.ADMIN), 404, 'Group not found');
    expect((await api('GET', `/api/users/${user.id}`, tokens.ADMIN)).body.groups).toEqual([]);
    expect((await api('POST', '/api/groups', tokens.ADMIN, { name: group.name })).status).toBe(201);
    expectError(await api('DELETE', `/api/groups/${demoAdminGroup.id}`, tokens.ADMIN), 409, 'The admin group cannot be deleted');
    expectError(await api('DELETE', '/api/groups/grp_unknown', tokens.ADMIN), 404, 'Group not found');
  });
});

describe('group members (§8.6–§8.8)', () => {
  it('adds, lists and removes members', async () => {
    const group = await createGroup();
    const a = await activeDemoUser();
    const b = await activeDemoUser('rag_user');
    const added = await api('POST', `/api/groups/${group.id}/users/${a.user.id}`, tokens.ADMIN);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ message: 'User added to group successfully', group: { ...group, member_count: 1 } });
    await api('POST', `/api/groups/${group.id}/users/${b.user.id}`, tokens.ADMIN);
    expectError(await api('POST', `/api/groups/${group.id}/users/${a.user.id}`, tokens.ADMIN), 409, 'User is already a member of this group');

    const members = await api('GET', `/api/groups/${group.id}/users`, tokens.ADMIN);
    expect(members.body.pagination).toMatchObject({ page: 1, limit: 10, total: 2, totalPages: 1 });
    const names = (members.body.data as Body[]).map((user) => user.full_name as string);
    expect(names).toEqual([a.user.full_name, b.user.full_name].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
    const byEmail = await api('GET', `/api/groups/${group.id}/users?sort_by=email&sort_order=desc`, tokens.ADMIN);
    expect((byEmail.body.data as Body[]).map((user) => user.email)).toEqual([a.user.email, b.user.email].sort().reverse());
    const search = await api('GET', `/api/groups/${group.id}/users?search=${encodeURIComponent(b.user.email)}`, tokens.ADMIN);
    expect((search.body.data as Body[]).map((user) => user.id)).toEqual([b.user.id]);
    expectError(await api('GET', `/api/groups/${group.id}/users?sort_by=created_at`, tokens.ADMIN), 400, 'Invalid sort_by value');

    expect((await api('DELETE', `/api/groups/${group.id}/users/${a.user.id}`, tokens.ADMIN)).status).toBe(204);
    expectError(await api('DELETE', `/api/groups/${group.id}/users/${a.user.id}`, tokens.ADMIN), 404, 'User is not a member of this group');
    expect((await api('GET', `/api/groups/${group.id}`, tokens.ADMIN)).body.member_count).toBe(1);
  });

  it('keeps the admin group\'s membership to the role', async () => {
    const { user } = await activeDemoUser();
    expectError(await api('POST', `/api/groups/${demoAdminGroup.id}/users/${user.id}`, tokens.ADMIN), 409, 'Admin group membership follows the admin role');
    expectError(await api('DELETE', `/api/groups/${demoAdminGroup.id}/users/${demoAdmin.id}`, tokens.ADMIN), 409, 'Admin group membership follows the admin role');
    const admins = await api('GET', `/api/groups/${demoAdminGroup.id}/users?limit=100`, tokens.ADMIN);
    expect((admins.body.data as Body[]).every((member) => member.role === 'admin')).toBe(true);
  });

  it('answers 404 for unknown groups and users', async () => {
    const group = await createGroup();
    expectError(await api('GET', '/api/groups/grp_unknown/users', tokens.ADMIN), 404, 'Group not found');
    expectError(await api('POST', `/api/groups/grp_unknown/users/${demoAdmin.id}`, tokens.ADMIN), 404, 'Group not found');
    expectError(await api('POST', `/api/groups/${group.id}/users/usr_unknown`, tokens.ADMIN), 404, 'User not found');
    expectError(await api('DELETE', `/api/groups/grp_unknown/users/${demoAdmin.id}`, tokens.ADMIN), 404, 'Group not found');
    expectError(await api('DELETE', `/api/groups/${group.id}/users/usr_unknown`, tokens.ADMIN), 404, 'User is not a member of this group');
  });
});

describe('tenant isolation (§1.3)', () => {
  it('answers every foreign id as unknown and changes nothing', async () => {
    const ownGroup = await createGroup();
    const { user: ownUser } = await activeDemoUser();
    const f = foreign;
    const checks: Array<[string, string, unknown, number, string]> = [
      ['GET', `/api/users/${f.user.id}`, undefined, 404, 'User not found'],
      ['GET', `/api/users/${f.user.id}/role`, undefined, 404, 'User not found'],
      ['PUT', `/api/users/${f.user.id}`, { fullName: 'Hijacked', role: 'admin' }, 404, 'User not found'],
      ['DELETE', `/api/users/${f.user.id}`, undefined, 404, 'User not found'],
      ['DELETE', `/api/users/${f.admin.id}`, undefined, 404, 'User not found'],
      ['GET', `/api/groups/${f.group.id}`, undefined, 404, 'Group not found'],
      ['PUT', `/api/groups/${f.group.id}`, { name: 'Hijacked' }, 404, 'Group not found'],
      ['DELETE', `/api/groups/${f.group.id}`, undefined, 404, 'Group not found'],
      ['DELETE', `/api/groups/${f.adminGroup.id}`, undefined, 404, 'Group not found'],
      ['GET', `/api/groups/${f.group.id}/users`, undefined, 404, 'Group not found'],
      ['POST', `/api/groups/${f.group.id}/users/${ownUser.id}`, undefined, 404, 'Group not found'],
      ['POST', `/api/groups/${f.group.id}/users/${f.user.id}`, undefined, 404, 'Group not found'],
      ['POST', `/api/groups/${ownGroup.id}/users/${f.user.id}`, undefined, 404, 'User not found'],
      ['DELETE', `/api/groups/${f.group.id}/users/${f.user.id}`, undefined, 404, 'Group not found'],
      ['DELETE', `/api/groups/${ownGroup.id}/users/${f.user.id}`, undefined, 404, 'User is not a member of this group'],
      ['POST', '/api/users/invite', { email: demoEmail('cross'), fullName: 'Cross', groupIds: [f.group.id] }, 400, `Invalid group ID: ${f.group.id}`],
      ['PUT', `/api/users/${ownUser.id}`, { groupIds: [f.group.id] }, 400, `Invalid group ID: ${f.group.id}`],
    ];
    for (const [method, path, body, status, message] of checks) {
      const answer = await api(method, path, tokens.ADMIN, body);
      expect({ method, path, status: answer.status, message: answer.body?.message }).toEqual({ method, path, status, message });
    }
    expect((await api('GET', `/api/users?group_id=${f.group.id}`, tokens.ADMIN)).body.data).toEqual([]);

    const users = new UserRepository(platform.ports.database);
    const groups = new GroupRepository(platform.ports.database);
    expect(await users.get(f.organization.id, f.user.id)).toMatchObject(f.user);
    expect(await users.get(f.organization.id, f.admin.id)).toMatchObject(f.admin);
    expect(await groups.get(f.organization.id, f.group.id)).toMatchObject(f.group);
    expect(await groups.get(f.organization.id, f.adminGroup.id)).toMatchObject(f.adminGroup);
    expect(await groups.memberIds(f.organization.id, f.group.id)).toEqual([f.user.id]);
    expect(await groups.memberIds(f.organization.id, f.adminGroup.id)).toEqual([f.admin.id]);
    expect(await groups.memberIds(demo.id, ownGroup.id)).toEqual([]);
    expect(await tokenFor(f.user.email, PASSWORD)).toEqual(expect.any(String));
  });
});
