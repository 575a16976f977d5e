import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupRepository } from '../../functions/domain/groups/group-repository';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { createUserWithAccount } from '../../functions/domain/users/user-lifecycle';
import { UserRepository, type UserRecord } from '../../functions/domain/users/user-repository';
import { ROUTES } from '../../shared/api/route-table';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import { nextClientIp, unique } from '../support/unique-values';
import type { Json } from '../support/json';

/**
 * The access matrices of contract §1.3 for the people and tenancy families (§4–§8):
 * every bearer endpoint × caller → status, and every id-taking endpoint with another
 * organization's ids → 404 with nothing changed.
 */

type Caller = 'SYSTEM_ADMIN' | 'ADMIN' | 'USER' | 'RAG_USER' | 'ANONYMOUS';
const CALLERS: Caller[] = ['SYSTEM_ADMIN', 'ADMIN', 'USER', 'RAG_USER', 'ANONYMOUS'];
type Body = Json;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
const tokens = {} as Record<Exclude<Caller, 'ANONYMOUS'>, string>;
const PASSWORD = 'Matrix-passw0rd';
let demo: OrganizationRecord;
let demoUser: UserRecord;
let demoGroupId: string;

// Each request comes from its own address, so the per-IP limits of public auth endpoints stay out of the way.

function call(method: string, path: string, token: string | undefined, body?: unknown): Promise<JsonAnswer<Body>> {
  return callApi<Body>(platform.url, method, path, { token, body, headers: { 'x-forwarded-for': nextClientIp() } });
}

async function login(email: string, password: string): Promise<string> {
  const answer = await call('POST', '/api/auth/login', undefined, { email, password });
  expect(answer.status, `login ${email}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.token as string;
}

async function freshDemoUser(role: 'user' | 'admin' | 'rag_user' = 'user'): Promise<UserRecord> {
  return createUserWithAccount(platform.ports, { organization: demo, email: `${unique(role)}@demo.example.com`, fullName: unique('Matrix '), role, password: PASSWORD });
}

interface Row {
  route: string;
  expected: Record<Caller, number>;
  /** Builds the request for one caller; may create fresh targets so destructive calls do not interfere. */
  request(caller: Caller): Promise<{ path: string; body?: unknown; token?: string }> | { path: string; body?: unknown; token?: string };
}

const ALL_SIGNED_IN = (status: number): Record<Caller, number> => ({ SYSTEM_ADMIN: status, ADMIN: status, USER: status, RAG_USER: status, ANONYMOUS: 401 });
const SYSTEM_ONLY = (status: number): Record<Caller, number> => ({ SYSTEM_ADMIN: status, ADMIN: 403, USER: 403, RAG_USER: 403, ANONYMOUS: 401 });
const ADMINS = (status: number, systemAdmin = status): Record<Caller, number> => ({ SYSTEM_ADMIN: systemAdmin, ADMIN: status, USER: 403, RAG_USER: 403, ANONYMOUS: 401 });

const ownEmail = (caller: Caller) => (caller === 'ANONYMOUS' ? 'nobody@demo.example.com' : platform.credentials[caller].email);

const ROWS: Row[] = [
  { route: 'auth.logout', expected: { SYSTEM_ADMIN: 204, ADMIN: 204, USER: 204, RAG_USER: 204, ANONYMOUS: 401 }, request: async (caller) => ({ path: '/api/auth/logout', token: caller === 'ANONYMOUS' ? undefined : await login(platform.credentials[caller].email, platform.credentials[caller].password) }) },
  { route: 'auth.validateSession', expected: ALL_SIGNED_IN(200), request: () => ({ path: '/api/auth/validate-session' }) },
  { route: 'auth.passwordStatus', expected: ALL_SIGNED_IN(200), request: () => ({ path: '/api/auth/password-status' }) },
  { route: 'auth.changePassword', expected: ALL_SIGNED_IN(400), request: () => ({ path: '/api/auth/change-password', body: { currentPassword: 'not-my-password', newPassword: 'Another-passw0rd' } }) },
  { route: 'auth.resetPassword', expected: ALL_SIGNED_IN(200), request: (caller) => ({ path: '/api/auth/reset-password', body: { email: ownEmail(caller) } }) },
  { route: 'auth.resetPasswordAdmin', expected: ADMINS(200), request: async () => ({ path: '/api/auth/reset-password/admin', body: { userId: (await freshDemoUser()).id } }) },
  { route: 'profile.get', expected: ALL_SIGNED_IN(200), request: () => ({ path: '/api/profile' }) },
  { route: 'profile.update', expected: ALL_SIGNED_IN(200), request: () => ({ path: '/api/profile', body: { fullName: 'Same Person' } }) },
  {
    route: 'profile.delete',
    // The only system administrator may not delete themself; fresh users of the other roles may.
    expected: { SYSTEM_ADMIN: 409, ADMIN: 204, USER: 204, RAG_USER: 204, ANONYMOUS: 401 },
    request: async (caller) => {
      if (caller === 'SYSTEM_ADMIN' || caller === 'ANONYMOUS') return { path: '/api/profile' };
      const role = caller === 'ADMIN' ? 'admin' : caller === 'USER' ? 'user' : 'rag_user';
      const user = await freshDemoUser(role);
      return { path: '/api/profile', token: await login(user.email, PASSWORD) };
    },
  },
  { route: 'organizations.list', expected: SYSTEM_ONLY(200), request: () => ({ path: '/api/organizations' }) },
  {
    route: 'organizations.create',
    expected: SYSTEM_ONLY(201),
    request: () => {
      const domain = `${unique('m')}.example.com`;
      return { path: '/api/organizations', body: { name: unique('Org '), domain, adminEmail: `boss@${domain}`, adminFullName: 'New Boss', adminPassword: PASSWORD } };
    },
  },
  { route: 'organizations.get', expected: ALL_SIGNED_IN(200), request: () => ({ path: `/api/organizations/${demo.id}` }) },
  { route: 'organizations.update', expected: ADMINS(200), request: () => ({ path: `/api/organizations/${demo.id}`, body: { name: 'Demo Company' } }) },
  { route: 'organizations.users', expected: ADMINS(200), request: () => ({ path: `/api/organizations/${demo.id}/users` }) },
  { route: 'organizations.admins', expected: ADMINS(200), request: () => ({ path: `/api/organizations/${demo.id}/admins` }) },
  {
    route: 'organizations.systemInviteUser',
    // An admin may use it only in a consumer organization; the demo company is not one.
    expected: SYSTEM_ONLY(201),
    request: () => ({ path: `/api/organizations/${demo.id}/system-invite-user`, body: { email: `${unique('sys')}@demo.example.com`, fullName: 'Invited Person', role: 'user' } }),
  },
  { route: 'organizations.cloudResources', expected: ADMINS(200), request: () => ({ path: `/api/organizations/${demo.id}/cloud-resources` }) },
  { route: 'organizations.provisionCloudResources', expected: SYSTEM_ONLY(200), request: () => ({ path: `/api/organizations/${demo.id}/cloud-resources` }) },
  { route: 'organizations.cloudResourcesQuota', expected: ADMINS(200), request: () => ({ path: `/api/organizations/${demo.id}/cloud-resources/quota` }) },
  { route: 'organizations.cloudResourcesStatus', expected: ADMINS(200), request: () => ({ path: `/api/organizations/${demo.id}/cloud-resources/status` }) },
  { route: 'organizations.getAuthSettings', expected: ADMINS(200), request: () => ({ path: `/api/organizations/${demo.id}/auth-settings` }) },
  { route: 'organizations.putAuthSettings', expected: ADMINS(200), request: () => ({ path: `/api/organizations/${demo.id}/auth-settings`, body: { invitationExpiryDays: 7 } }) },
  { route: 'organizations.getSecuritySettings', expected: ADMINS(200), request: () => ({ path: `/api/organizations/${demo.id}/security-settings` }) },
  { route: 'organizations.putSecuritySettings', expected: ADMINS(200), request: () => ({ path: `/api/organizations/${demo.id}/security-settings`, body: { lockoutMinutes: 15 } }) },
  { route: 'organizations.validateSecuritySettings', expected: ADMINS(200), request: () => ({ path: `/api/organizations/${demo.id}/security-settings/validate`, body: { maxLoginAttempts: 5 } }) },
  { route: 'organizations.securitySettingsDefaults', expected: ADMINS(200), request: () => ({ path: `/api/organizations/${demo.id}/security-settings/defaults` }) },
  { route: 'organizations.isConsumer', expected: ALL_SIGNED_IN(200), request: () => ({ path: `/api/organizations/${demo.id}/is-consumer` }) },
  // A system_admin is an admin only inside the system organization, so the demo company's users are foreign to them.
  { route: 'users.list', expected: ADMINS(200), request: () => ({ path: '/api/users' }) },
  { route: 'users.get', expected: { SYSTEM_ADMIN: 404, ADMIN: 200, USER: 200, RAG_USER: 403, ANONYMOUS: 401 }, request: () => ({ path: `/api/users/${demoUser.id}` }) },
  { route: 'users.role', expected: { SYSTEM_ADMIN: 404, ADMIN: 200, USER: 200, RAG_USER: 403, ANONYMOUS: 401 }, request: () => ({ path: `/api/users/${demoUser.id}/role` }) },
  {
    route: 'users.invite',
    expected: ADMINS(201),
    request: (caller) => ({ path: '/api/users/invite', body: { email: `${unique('inv')}@${caller === 'SYSTEM_ADMIN' ? 'groundwork.example.com' : 'demo.example.com'}`, fullName: 'Invited Person' } }),
  },
  { route: 'users.update', expected: ADMINS(200, 404), request: async () => ({ path: `/api/users/${(await freshDemoUser()).id}`, body: { fullName: 'Edited Name' } }) },
  { route: 'users.delete', expected: ADMINS(204, 404), request: async () => ({ path: `/api/users/${(await freshDemoUser()).id}` }) },
  { route: 'groups.list', expected: ADMINS(200), request: () => ({ path: '/api/groups' }) },
  { route: 'groups.create', expected: ADMINS(201), request: () => ({ path: '/api/groups', body: { name: unique('Team '), description: 'x' } }) },
  { route: 'groups.get', expected: ADMINS(200, 404), request: () => ({ path: `/api/groups/${demoGroupId}` }) },
  { route: 'groups.update', expected: ADMINS(200, 404), request: () => ({ path: `/api/groups/${demoGroupId}`, body: { description: 'Edited' } }) },
  { route: 'groups.delete', expected: ADMINS(204, 404), request: async () => ({ path: `/api/groups/${(await freshGroup()).id}` }) },
  { route: 'groups.members', expected: ADMINS(200, 404), request: () => ({ path: `/api/groups/${demoGroupId}/users` }) },
  { route: 'groups.addMember', expected: ADMINS(200, 404), request: async () => ({ path: `/api/groups/${demoGroupId}/users/${(await freshDemoUser()).id}` }) },
  {
    route: 'groups.removeMember',
    expected: ADMINS(204, 404),
    request: async () => {
      const user = await freshDemoUser();
      await new GroupRepository(platform.ports.database).addMember(demo.id, demoGroupId, user.id);
      return { path: `/api/groups/${demoGroupId}/users/${user.id}` };
    },
  },
];

async function freshGroup() {
  return new GroupRepository(platform.ports.database).create({ organization_id: demo.id, name: unique('Doomed '), description: '', is_admin_group: false });
}

beforeAll(async () => {
  platform = await startTestPlatform({ trustProxy: true });
  for (const role of ['SYSTEM_ADMIN', 'ADMIN', 'USER', 'RAG_USER'] as const) tokens[role] = await login(platform.credentials[role].email, platform.credentials[role].password);
  const users = new UserRepository(platform.ports.database);
  demoUser = (await users.findByEmail(platform.credentials.USER.email)) as UserRecord;
  demo = (await new OrganizationRepository(platform.ports.database).get(demoUser.organization_id)) as OrganizationRecord;
  demoGroupId = (await freshGroup()).id;
});

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('role matrix: every bearer endpoint of §4–§8 × caller', () => {
  const families = new Set(['auth', 'profile', 'organizations', 'users', 'groups']);

  it('has a row for every bearer route of those families', () => {
    const bearer = ROUTES.filter((route) => families.has(route.family) && route.auth === 'bearer').map((route) => route.id);
    expect(ROWS.map((row) => row.route).sort()).toEqual(bearer.sort());
  });

  for (const row of ROWS) {
    const route = ROUTES.find((candidate) => candidate.id === row.route);
    it(`${row.route}: ${CALLERS.map((caller) => `${caller} ${row.expected[caller]}`).join(', ')}`, async () => {
      expect(route).toBeDefined();
      for (const caller of CALLERS) {
        const request = await row.request(caller);
        const token = caller === 'ANONYMOUS' ? undefined : (request.token ?? tokens[caller]);
        const answer = await call(route!.method, request.path, token, request.body);
        expect(answer.status, `${caller} ${route!.method} ${request.path}: ${JSON.stringify(answer.body)}`).toBe(row.expected[caller]);
        if (answer.status === 403) expect(answer.body.code).toBe('FORBIDDEN');
        if (answer.status === 401) expect(answer.body).toEqual({ message: 'Authentication required', status: 401, code: 'UNAUTHORIZED' });
      }
    });
  }
});

describe('tenant matrix: another organization\'s ids answer 404 and change nothing', () => {
  let other: { organization: Body; admin: Body; adminToken: string; user: Body; group: Body };

  async function snapshot() {
    const organization = await call('GET', `/api/organizations/${other.organization.id}`, other.adminToken);
    const user = await call('GET', `/api/users/${other.user.id}`, other.adminToken);
    const group = await call('GET', `/api/groups/${other.group.id}`, other.adminToken);
    const members = await call('GET', `/api/groups/${other.group.id}/users`, other.adminToken);
    const auth = await call('GET', `/api/organizations/${other.organization.id}/auth-settings`, other.adminToken);
    const security = await call('GET', `/api/organizations/${other.organization.id}/security-settings`, other.adminToken);
    for (const answer of [organization, user, group, members, auth, security]) expect(answer.status).toBe(200);
    return { organization: organization.body, user: user.body, group: group.body, members: members.body, auth: auth.body, security: security.body };
  }

  beforeAll(async () => {
    const domain = `${unique('tenant')}.example.com`;
    const created = await call('POST', '/api/organizations', tokens.SYSTEM_ADMIN, { name: 'Other Tenant', domain, adminEmail: `boss@${domain}`, adminFullName: 'Other Boss', adminPassword: PASSWORD });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const adminToken = await login(`boss@${domain}`, PASSWORD);
    const organizationRecord = (await new OrganizationRepository(platform.ports.database).get(created.body.organization.id)) as OrganizationRecord;
    const user = await createUserWithAccount(platform.ports, { organization: organizationRecord, email: `worker@${domain}`, fullName: 'Other Worker', role: 'user', password: PASSWORD });
    const group = await call('POST', '/api/groups', adminToken, { name: 'Other team', description: 'Theirs' });
    expect(group.status).toBe(201);
    expect((await call('POST', `/api/groups/${group.body.id}/users/${user.id}`, adminToken)).status).toBe(200);
    other = { organization: created.body.organization, admin: created.body.adminUser, adminToken, user: { id: user.id }, group: group.body };
  });

  it('answers the demo admin 404 with the family message for every id of the other organization', async () => {
    const before = await snapshot();
    const org = other.organization.id;
    const probes: Array<[string, string, string, unknown?]> = [
      ...ROUTES.filter((route) => route.family === 'organizations' && route.path.includes('{id}')).map(
        (route) => [route.method, route.path.replace('{id}', org), 'Organization not found', route.method === 'GET' ? undefined : route.id === 'organizations.update' ? { name: 'Hijacked' } : route.id === 'organizations.systemInviteUser' ? { email: `x@${other.organization.domain}`, fullName: 'X', role: 'user' } : { invitationExpiryDays: 3, lockoutMinutes: 3 }] as [string, string, string, unknown?],
      ),
      ['GET', `/api/users/${other.user.id}`, 'User not found'],
      ['GET', `/api/users/${other.user.id}/role`, 'User not found'],
      ['PUT', `/api/users/${other.user.id}`, 'User not found', { fullName: 'Hijacked', status: 'inactive' }],
      ['DELETE', `/api/users/${other.user.id}`, 'User not found'],
      ['POST', '/api/auth/reset-password/admin', 'User not found', { userId: other.user.id }],
      ['GET', `/api/groups/${other.group.id}`, 'Group not found'],
      ['PUT', `/api/groups/${other.group.id}`, 'Group not found', { name: 'Hijacked' }],
      ['DELETE', `/api/groups/${other.group.id}`, 'Group not found'],
      ['GET', `/api/groups/${other.group.id}/users`, 'Group not found'],
      ['POST', `/api/groups/${other.group.id}/users/${demoUser.id}`, 'Group not found'],
      ['DELETE', `/api/groups/${other.group.id}/users/${other.user.id}`, 'Group not found'],
      ['POST', `/api/groups/${demoGroupId}/users/${other.user.id}`, 'User not found'],
    ];
    for (const [method, path, message, body] of probes) {
      // provisioning is system_admin only, so the demo admin meets the role gate first there.
      if (path.endsWith('/cloud-resources') && method === 'POST') continue;
      const answer = await call(method, path, tokens.ADMIN, body);
      expect([answer.status, answer.body], `${method} ${path}`).toEqual([404, { message, status: 404, code: 'NOT_FOUND' }]);
    }
    // A user of the demo company is just as blind to the other organization.
    expect((await call('GET', `/api/organizations/${org}`, tokens.USER)).status).toBe(404);
    expect((await call('GET', `/api/organizations/${org}/is-consumer`, tokens.RAG_USER)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('treats another organization\'s ids inside a body as invalid references', async () => {
    const invite = await call('POST', '/api/users/invite', tokens.ADMIN, { email: `${unique('ref')}@demo.example.com`, fullName: 'Ref Person', groupIds: [other.group.id] });
    expect([invite.status, invite.body.message]).toEqual([400, `Invalid group ID: ${other.group.id}`]);
    const update = await call('PUT', `/api/users/${demoUser.id}`, tokens.ADMIN, { groupIds: [other.group.id] });
    expect([update.status, update.body.message]).toEqual([400, `Invalid group ID: ${other.group.id}`]);
  });

  it('lets the system admin, the one cross-tenant role, reach the other organization', async () => {
    expect((await call('GET', `/api/organizations/${other.organization.id}`, tokens.SYSTEM_ADMIN)).status).toBe(200);
    expect((await call('GET', `/api/organizations/${other.organization.id}/users`, tokens.SYSTEM_ADMIN)).body.data.map((user: Body) => user.email).sort()).toEqual(
      [`boss@${other.organization.domain}`, `worker@${other.organization.domain}`].sort(),
    );
  });
});
