import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_RELEVANT } from '../../functions/domain/answering/answer-texts';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { createUserWithAccount } from '../../functions/domain/users/user-lifecycle';
import { ROUTES, type Family, type RouteDefinition } from '../../shared/api/route-table';
import { knowledgeFlows, subscribe, type Body, type KnowledgeFlows } from '../support/knowledge-flows';
import { removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import { unique } from '../support/unique-values';

/**
 * The access matrices of contract §1.3 for knowledge bases, applications, chat and the Slack
 * receiver (§15–§18), next to the per-family tests in knowledge-bases.test.ts and rag-chat.test.ts:
 * - every route of those families × caller → status, the rows checked against the route table so a
 *   new route of these families cannot go untested;
 * - every id-taking route with another organization's ids → 404 with the family's message, and
 *   nothing changed in that organization;
 * - group access: who sees an application or a knowledge base, who may chat, and over which indexes;
 * - the in-use delete guard through the product path, validation texts the family tests leave out,
 *   and the API-token rules on all five §17.5 routes.
 */

type Caller = 'SYSTEM_ADMIN' | 'ADMIN' | 'USER' | 'RAG_USER' | 'ANONYMOUS';
const CALLERS: Caller[] = ['SYSTEM_ADMIN', 'ADMIN', 'USER', 'RAG_USER', 'ANONYMOUS'];
const FAMILIES: ReadonlySet<Family> = new Set<Family>(['knowledge-bases', 'rag', 'chat', 'integrations']);
const PASSWORD = 'Matrix-passw0rd';
const ROLE_REFUSED = "You don't have permission to access this resource.";
const NO_APP_ACCESS = 'You do not have access to this application';
const NO_KB_ACCESS = 'You do not have access to this knowledge base';

const OFFICE = [
  'Office handbook.',
  'The office opens at 8 am and closes at 6 pm on weekdays.',
  'Visitors must sign in at the reception desk and wear a visitor badge at all times.',
].join('\n\n');
const SALARIES = [
  'Compensation guide.',
  'Annual bonuses are paid every March, after the yearly performance review.',
  'Senior engineers earn between 90000 and 120000 euros per year.',
].join('\n\n');
const STATION = ['Station notes.', 'The research station generator is refuelled every Monday morning by the duty engineer.'].join('\n\n');

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let api: KnowledgeFlows;
const tokens = {} as Record<Exclude<Caller, 'ANONYMOUS'>, string>;
let demo: OrganizationRecord;

/** What one organization's callers work on: the system admin acts in the system organization, everyone else in the demo company (§25 item 29). */
interface Estate {
  /** An admin of that organization, who prepares fresh targets for destructive calls. */
  adminToken: string;
  fileId: string;
  kb: Body;
  app: Body;
  groupIds: string[];
}
let demoEstate: Estate;
let systemEstate: Estate;
let crewGroupId: string;
let slackApp: Body;

const estateOf = (caller: Caller) => (caller === 'SYSTEM_ADMIN' ? systemEstate : demoEstate);
const tokenOf = (caller: Caller) => (caller === 'ANONYMOUS' ? undefined : tokens[caller]);

function expectError(answer: JsonAnswer<Body>, status: number, message: string): void {
  expect([answer.status, answer.body], JSON.stringify(answer.body)).toEqual([status, expect.objectContaining({ message, status, code: expect.any(String) })]);
}

const kbBody = (fileId: string, overrides: Body = {}) => ({ name: unique('Matrix KB '), source_type: 'files', embedding_model: 'text-embedding-ada-002', data_source_ids: [fileId], ...overrides });

async function draftKnowledgeBase(estate: Estate): Promise<Body> {
  const created = await api.call('POST', '/api/knowledge-bases', estate.adminToken, kbBody(estate.fileId));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** A session of the caller's own (an admin's for the anonymous caller, whose call never gets that far). */
async function ownSession(caller: Caller, appId = estateOf(caller).app.id): Promise<Body> {
  return api.newSession(appId, tokenOf(caller) ?? estateOf(caller).adminToken);
}

interface Request {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Row {
  route: string;
  expected: Record<Caller, number>;
  /** The 401 text where it is not §1.2's "Authentication required" (the Slack receiver checks its signature). */
  unauthorized?: string;
  request(caller: Caller): Promise<Request> | Request;
}

/** §15 reads are `member`; a system_admin is the admin of the system organization (§1.3, §25 item 29), so it reads that organization's knowledge bases. */
const KB_READ: Record<Caller, number> = { SYSTEM_ADMIN: 200, ADMIN: 200, USER: 200, RAG_USER: 403, ANONYMOUS: 401 };
const ADMINS = (status: number): Record<Caller, number> => ({ SYSTEM_ADMIN: status, ADMIN: status, USER: 403, RAG_USER: 403, ANONYMOUS: 401 });
const ANYONE = (status: number): Record<Caller, number> => ({ SYSTEM_ADMIN: status, ADMIN: status, USER: status, RAG_USER: status, ANONYMOUS: 401 });

const ROWS: Row[] = [
  { route: 'knowledge-bases.list', expected: KB_READ, request: () => ({ path: '/api/knowledge-bases' }) },
  { route: 'knowledge-bases.get', expected: KB_READ, request: (caller) => ({ path: `/api/knowledge-bases/${estateOf(caller).kb.id}` }) },
  { route: 'knowledge-bases.usage', expected: KB_READ, request: (caller) => ({ path: `/api/knowledge-bases/${estateOf(caller).kb.id}/usage` }) },
  { route: 'knowledge-bases.create', expected: ADMINS(201), request: (caller) => ({ path: '/api/knowledge-bases', body: kbBody(estateOf(caller).fileId) }) },
  // A ready knowledge base still takes a new description (§15.5).
  { route: 'knowledge-bases.update', expected: ADMINS(200), request: (caller) => ({ path: `/api/knowledge-bases/${estateOf(caller).kb.id}`, body: { description: 'Edited by the matrix' } }) },
  { route: 'knowledge-bases.delete', expected: ADMINS(204), request: async (caller) => ({ path: `/api/knowledge-bases/${(await draftKnowledgeBase(estateOf(caller))).id}` }) },
  { route: 'knowledge-bases.deploy', expected: ADMINS(202), request: async (caller) => ({ path: `/api/knowledge-bases/${(await draftKnowledgeBase(estateOf(caller))).id}/deploy`, body: {} }) },
  { route: 'knowledge-bases.getGroups', expected: ADMINS(200), request: (caller) => ({ path: `/api/knowledge-bases/${estateOf(caller).kb.id}/groups` }) },
  { route: 'knowledge-bases.putGroups', expected: ADMINS(200), request: (caller) => ({ path: `/api/knowledge-bases/${estateOf(caller).kb.id}/groups`, body: { groupIds: estateOf(caller).groupIds } }) },
  { route: 'rag.list', expected: ANYONE(200), request: () => ({ path: '/api/rag' }) },
  { route: 'rag.get', expected: ANYONE(200), request: (caller) => ({ path: `/api/rag/${estateOf(caller).app.id}` }) },
  { route: 'rag.accessCheck', expected: ANYONE(200), request: (caller) => ({ path: `/api/rag/${estateOf(caller).app.id}/access-check` }) },
  { route: 'rag.create', expected: ADMINS(201), request: (caller) => ({ path: '/api/rag', body: { name: unique('Matrix app '), llmModel: 'gpt-4', indexIds: [estateOf(caller).kb.id] } }) },
  { route: 'rag.update', expected: ADMINS(200), request: (caller) => ({ path: `/api/rag/${estateOf(caller).app.id}`, body: { description: 'Edited by the matrix' } }) },
  {
    route: 'rag.delete',
    expected: ADMINS(204),
    request: async (caller) => ({ path: `/api/rag/${(await api.createApplication(estateOf(caller).adminToken, { name: unique('Doomed '), indexIds: [estateOf(caller).kb.id] })).id}` }),
  },
  { route: 'rag.setEnabled', expected: ADMINS(200), request: (caller) => ({ path: `/api/rag/${estateOf(caller).app.id}/enabled`, body: { enabled: true } }) },
  { route: 'rag.getGroups', expected: ADMINS(200), request: (caller) => ({ path: `/api/rag/${estateOf(caller).app.id}/groups` }) },
  { route: 'rag.putGroups', expected: ADMINS(200), request: (caller) => ({ path: `/api/rag/${estateOf(caller).app.id}/groups`, body: { groupIds: estateOf(caller).groupIds } }) },
  {
    route: 'rag.notify',
    // Any role with chat access (§16.10), over an exchange the caller really had.
    expected: ANYONE(200),
    request: async (caller) => {
      if (caller === 'ANONYMOUS') return { path: `/api/rag/integrations/${demoEstate.app.id}/notify`, body: { query: 'q', response: 'r' } };
      const appId = estateOf(caller).app.id;
      const session = await ownSession(caller);
      const sent = await api.ask(appId, session.id, tokens[caller], 'When does the office open?');
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      return { path: `/api/rag/integrations/${appId}/notify`, body: { query: sent.body.messages[0].text, response: sent.body.messages[1].text } };
    },
  },
  { route: 'chat.listSessions', expected: ANYONE(200), request: (caller) => ({ path: `/api/chat/sessions/${estateOf(caller).app.id}` }) },
  { route: 'chat.createSession', expected: ANYONE(201), request: (caller) => ({ path: `/api/chat/sessions/${estateOf(caller).app.id}`, body: {} }) },
  { route: 'chat.listMessages', expected: ANYONE(200), request: async (caller) => ({ path: `/api/chat/messages/${estateOf(caller).app.id}/sessions/${(await ownSession(caller)).id}` }) },
  {
    route: 'chat.sendMessage',
    expected: ANYONE(200),
    request: async (caller) => ({ path: `/api/chat/messages/${estateOf(caller).app.id}/sessions/${(await ownSession(caller)).id}`, body: { message: { text: 'Must visitors wear a badge?', sender: 'user' } } }),
  },
  {
    route: 'integrations.slackEvents',
    // Slack-signed (§18.1): a bearer token is no credential here, so every caller meets the signature check.
    expected: { SYSTEM_ADMIN: 401, ADMIN: 401, USER: 401, RAG_USER: 401, ANONYMOUS: 401 },
    unauthorized: 'Invalid Slack signature',
    request: () => ({ path: `/api/integrations/slack/events/${slackApp.id}`, body: { type: 'url_verification', challenge: 'matrix' } }),
  },
];

const routeOf = (id: string) => ROUTES.find((route) => route.id === id) as RouteDefinition;

beforeAll(async () => {
  platform = await startTestPlatform({ trustProxy: true });
  api = knowledgeFlows(platform);
  for (const role of ['SYSTEM_ADMIN', 'ADMIN', 'USER', 'RAG_USER'] as const) tokens[role] = await api.login(platform.credentials[role].email, platform.credentials[role].password);
  const organizations = new OrganizationRepository(platform.ports.database);
  demo = (await organizations.findByDomain('demo.example.com')) as OrganizationRecord;
  // Enough knowledge bases for the matrix's fresh targets, and API access for the token rules.
  await subscribe(platform, demo.id, 'enterprise');

  // The demo company: one ready knowledge base and one application, shared with a group holding the seeded user and rag_user.
  const crew = await api.call('POST', '/api/groups', tokens.ADMIN, { name: unique('Crew ') });
  expect(crew.status).toBe(201);
  crewGroupId = crew.body.id;
  for (const role of ['USER', 'RAG_USER'] as const) {
    const userId = (await api.call('GET', '/api/profile', tokens[role])).body.user.id;
    expect((await api.call('POST', `/api/groups/${crewGroupId}/users/${userId}`, tokens.ADMIN)).status).toBeLessThan(300);
  }
  const officeFile = await api.uploadFile(tokens.ADMIN, 'office-handbook.txt', OFFICE);
  const officeKb = await api.readyKnowledgeBase(tokens.ADMIN, 'Office handbook', [officeFile]);
  expect((await api.call('PUT', `/api/knowledge-bases/${officeKb.id}/groups`, tokens.ADMIN, { groupIds: [crewGroupId] })).status).toBe(200);
  const officeApp = await api.createApplication(tokens.ADMIN, { name: 'Office assistant', indexIds: [officeKb.id] });
  expect((await api.call('PUT', `/api/rag/${officeApp.id}/groups`, tokens.ADMIN, { groupIds: [crewGroupId] })).status).toBe(200);
  demoEstate = { adminToken: tokens.ADMIN, fileId: officeFile, kb: officeKb, app: officeApp, groupIds: [crewGroupId] };
  slackApp = await api.createApplication(tokens.ADMIN, {
    name: 'Slack office',
    indexIds: [officeKb.id],
    integrations: [{ type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: 'xoxb-1-2-matrix', signingSecret: 'matrix-signing-secret', channels: '#office' } }],
  });

  // The system organization, prepared by one of its admins: files are a member's (§25 item 24), which a system_admin is not.
  const profile = await api.call('GET', '/api/profile', tokens.SYSTEM_ADMIN);
  const system = (await organizations.get(profile.body.user.organization_id)) as OrganizationRecord;
  const systemAdmin = await createUserWithAccount(platform.ports, { organization: system, email: `${unique('matrixadmin')}@groundwork.example.com`, fullName: 'System Org Admin', role: 'admin', password: PASSWORD });
  const systemToken = await api.login(systemAdmin.email, PASSWORD);
  const stationFile = await api.uploadFile(systemToken, 'station-notes.txt', STATION);
  const stationKb = await api.readyKnowledgeBase(systemToken, 'Station notes', [stationFile]);
  const stationApp = await api.createApplication(systemToken, { name: 'Station assistant', indexIds: [stationKb.id] });
  systemEstate = { adminToken: systemToken, fileId: stationFile, kb: stationKb, app: stationApp, groupIds: [] };
}, 240_000);

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('role matrix: every route of §15–§18 × caller', () => {
  it('has a row for every route of those families in the route table', () => {
    const routes = ROUTES.filter((route) => FAMILIES.has(route.family)).map((route) => route.id);
    expect(ROWS.map((row) => row.route).sort()).toEqual(routes.sort());
  });

  for (const row of ROWS) {
    it(`${row.route}: ${CALLERS.map((caller) => `${caller} ${row.expected[caller]}`).join(', ')}`, async () => {
      const route = routeOf(row.route);
      expect(route).toBeDefined();
      for (const caller of CALLERS) {
        const request = await row.request(caller);
        const answer = await api.call(route.method, request.path, tokenOf(caller), request.body, request.headers);
        expect(answer.status, `${caller} ${route.method} ${request.path}: ${JSON.stringify(answer.body)}`).toBe(row.expected[caller]);
        if (answer.status === 403) expect(answer.body).toEqual({ message: ROLE_REFUSED, status: 403, code: 'FORBIDDEN' });
        if (answer.status === 401) expect(answer.body).toEqual({ message: row.unauthorized ?? 'Authentication required', status: 401, code: 'UNAUTHORIZED' });
      }
    });
  }

  it('gives a system_admin the system organization as its own: its lists hold that organization\'s items only', async () => {
    const kbs = await api.call('GET', '/api/knowledge-bases?all=true', tokens.SYSTEM_ADMIN);
    expect(kbs.status).toBe(200);
    expect(kbs.body.knowledgeBases.map((kb: Body) => kb.id)).toContain(systemEstate.kb.id);
    expect(kbs.body.knowledgeBases.map((kb: Body) => kb.id)).not.toContain(demoEstate.kb.id);
    const apps = await api.call('GET', '/api/rag?all=true', tokens.SYSTEM_ADMIN);
    expect(apps.body.applications.map((app: Body) => app.id)).toContain(systemEstate.app.id);
    expect(apps.body.applications.map((app: Body) => app.id)).not.toContain(demoEstate.app.id);
  });
});

describe("tenant matrix: another organization's ids answer 404 and change nothing", () => {
  let foreign: { token: string; kb: Body; app: Body; session: Body; exchange: { query: string; response: string }; fileId: string };

  /** Everything of the other organization that the probes could touch, as its admin reads it. */
  async function snapshot(): Promise<Body> {
    const reads = {
      knowledgeBases: await api.call('GET', '/api/knowledge-bases?all=true', foreign.token),
      kb: await api.call('GET', `/api/knowledge-bases/${foreign.kb.id}`, foreign.token),
      kbGroups: await api.call('GET', `/api/knowledge-bases/${foreign.kb.id}/groups`, foreign.token),
      applications: await api.call('GET', '/api/rag?all=true', foreign.token),
      app: await api.call('GET', `/api/rag/${foreign.app.id}`, foreign.token),
      appGroups: await api.call('GET', `/api/rag/${foreign.app.id}/groups`, foreign.token),
      sessions: await api.call('GET', `/api/chat/sessions/${foreign.app.id}`, foreign.token),
      messages: await api.call('GET', `/api/chat/messages/${foreign.app.id}/sessions/${foreign.session.id}`, foreign.token),
    };
    for (const [name, answer] of Object.entries(reads)) expect(answer.status, name).toBe(200);
    return Object.fromEntries(Object.entries(reads).map(([name, answer]) => [name, answer.body]));
  }

  beforeAll(async () => {
    const domain = `${unique('tenant')}.example.com`;
    const created = await api.call('POST', '/api/organizations', tokens.SYSTEM_ADMIN, { name: 'Other Tenant', domain, adminEmail: `boss@${domain}`, adminFullName: 'Other Boss', adminPassword: PASSWORD });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = await api.login(`boss@${domain}`, PASSWORD);
    const fileId = await api.uploadFile(token, 'tenant-notes.txt', 'Tenant notes.\n\nThe tenant warehouse ships parcels every Thursday afternoon.');
    const kb = await api.readyKnowledgeBase(token, 'Tenant notes', [fileId]);
    const app = await api.createApplication(token, { name: 'Tenant assistant', indexIds: [kb.id] });
    const session = await api.newSession(app.id, token);
    const sent = await api.ask(app.id, session.id, token, 'When does the warehouse ship parcels?');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    foreign = { token, kb, app, session, fileId, exchange: { query: sent.body.messages[0].text, response: sent.body.messages[1].text } };
  }, 120_000);

  /** What a probe sends to a route that takes a body: each would change something if it got through. */
  const PROBE_BODIES: Record<string, () => unknown> = {
    'knowledge-bases.update': () => ({ name: 'Hijacked' }),
    'knowledge-bases.deploy': () => ({}),
    'knowledge-bases.putGroups': () => ({ groupIds: [] }),
    'rag.update': () => ({ name: 'Hijacked', description: 'Hijacked' }),
    'rag.setEnabled': () => ({ enabled: false }),
    'rag.putGroups': () => ({ groupIds: [] }),
    'rag.notify': () => foreign.exchange,
    'chat.createSession': () => ({ name: 'Hijacked' }),
    'chat.sendMessage': () => ({ message: { text: 'When does the warehouse ship parcels?', sender: 'user' } }),
  };
  const NOT_FOUND: Record<string, string> = { 'knowledge-bases': 'Knowledge base not found', rag: 'Application not found', chat: 'Application not found' };

  /** Every id-taking route of §15–§17, its ids taken from the other organization. The Slack receiver has no caller organization to cross. */
  const idRoutes = () => ROUTES.filter((route) => FAMILIES.has(route.family) && route.path.includes('{') && route.auth !== 'slack-signed');
  const foreignPath = (route: RouteDefinition) => route.path.replace('{id}', foreign.kb.id).replace('{appId}', foreign.app.id).replace('{sessionId}', foreign.session.id);

  it('answers every caller whose role passes 404 with the family message, for every id-taking route', async () => {
    const before = await snapshot();
    expect(idRoutes().length).toBeGreaterThanOrEqual(18);
    for (const route of idRoutes()) {
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      expect(!hasBody || PROBE_BODIES[route.id] !== undefined, `a probe body for ${route.id}`).toBe(true);
      const row = ROWS.find((candidate) => candidate.route === route.id) as Row;
      const callers = CALLERS.filter((caller) => row.expected[caller] < 300);
      expect(callers.length, route.id).toBeGreaterThan(0);
      for (const caller of callers) {
        const answer = await api.call(route.method, foreignPath(route), tokenOf(caller), hasBody ? PROBE_BODIES[route.id]?.() : undefined);
        expect([answer.status, answer.body], `${caller} ${route.method} ${foreignPath(route)}`).toEqual([404, { message: NOT_FOUND[route.family], status: 404, code: 'NOT_FOUND' }]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 \"Session not found\" for another organization's session under one's own application", async () => {
    const before = await snapshot();
    for (const route of idRoutes().filter((candidate) => candidate.path.includes('{sessionId}'))) {
      const path = route.path.replace('{appId}', demoEstate.app.id).replace('{sessionId}', foreign.session.id);
      for (const caller of ['ADMIN', 'USER', 'RAG_USER'] as const) {
        const answer = await api.call(route.method, path, tokens[caller], route.method === 'POST' ? PROBE_BODIES[route.id]?.() : undefined);
        expect([answer.status, answer.body], `${caller} ${route.method} ${path}`).toEqual([404, { message: 'Session not found', status: 404, code: 'NOT_FOUND' }]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("treats another organization's ids inside an update body as invalid references (400)", async () => {
    const draft = await draftKnowledgeBase(demoEstate);
    expectError(await api.call('PUT', `/api/knowledge-bases/${draft.id}`, tokens.ADMIN, { data_source_ids: [foreign.fileId] }), 400, `Invalid source ID: ${foreign.fileId}`);
    expectError(await api.call('PUT', `/api/rag/${demoEstate.app.id}`, tokens.ADMIN, { indexIds: [demoEstate.kb.id, foreign.kb.id] }), 400, `Invalid knowledge base ID: ${foreign.kb.id}`);
    expect((await api.call('GET', `/api/rag/${demoEstate.app.id}`, tokens.ADMIN)).body.index_ids).toEqual([demoEstate.kb.id]);
  });

  it("does not let the other organization's API token into one's own application", async () => {
    const keyed = await api.call('PUT', `/api/rag/${foreign.app.id}`, foreign.token, { integrations: [{ type: 'api', enabled: true, settings: {} }] });
    // The other organization is on the free plan, without API access (§1.9).
    expectError(keyed, 402, 'Your plan does not include API access');
    await subscribe(platform, (await api.call('GET', '/api/profile', foreign.token)).body.user.organization_id, 'professional');
    const enabled = await api.call('PUT', `/api/rag/${foreign.app.id}`, foreign.token, { integrations: [{ type: 'api', enabled: true, settings: {} }] });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    const key = enabled.body.integrations[0].settings.token as string;
    for (const route of ROUTES.filter((candidate) => candidate.auth === 'bearer-or-api-key')) {
      const path = route.path.replace('{appId}', demoEstate.app.id).replace('{sessionId}', 'ses_any');
      const answer = await api.call(route.method, path, undefined, route.method === 'POST' ? PROBE_BODIES[route.id]?.() : undefined, { 'x-api-key': key, 'x-user-id': 'customer-1' });
      expect([answer.status, answer.body], `${route.method} ${path}`).toEqual([401, { message: 'Invalid API key', status: 401, code: 'UNAUTHORIZED' }]);
    }
  });
});

describe('group access (§1.3)', () => {
  let outsider: string;
  let outsideRagUser: string;

  beforeAll(async () => {
    for (const [role, assign] of [
      ['user', (token: string) => (outsider = token)],
      ['rag_user', (token: string) => (outsideRagUser = token)],
    ] as const) {
      const user = await createUserWithAccount(platform.ports, { organization: demo, email: `${unique(role.replace('_', ''))}@demo.example.com`, fullName: `Outside ${role}`, role, password: PASSWORD });
      assign(await api.login(user.email, PASSWORD));
    }
  });

  it("shows a user or rag_user outside the application's groups no application, and refuses them chat", async () => {
    const app = demoEstate.app;
    for (const token of [outsider, outsideRagUser]) {
      const listed = await api.call('GET', '/api/rag?all=true', token);
      expect(listed.status).toBe(200);
      expect(listed.body.applications.map((item: Body) => item.id)).not.toContain(app.id);
      expect((await api.call('GET', `/api/rag?search=${encodeURIComponent(app.name)}`, token)).body).toMatchObject({ applications: [], total: 0, totalPages: 0 });
      expectError(await api.call('GET', `/api/rag/${app.id}`, token), 403, NO_APP_ACCESS);
      expect((await api.call('GET', `/api/rag/${app.id}/access-check`, token)).body).toEqual({ hasRagAccess: false, indexAccess: [{ indexId: demoEstate.kb.id, hasAccess: false }] });
      expectError(await api.call('GET', `/api/chat/sessions/${app.id}`, token), 403, NO_APP_ACCESS);
      expectError(await api.call('POST', `/api/chat/sessions/${app.id}`, token, {}), 403, NO_APP_ACCESS);
      expectError(await api.ask(app.id, 'ses_guess', token, 'When does the office open?'), 403, NO_APP_ACCESS);
      expectError(await api.call('POST', `/api/rag/integrations/${app.id}/notify`, token, { query: 'q', response: 'r' }), 403, NO_APP_ACCESS);
    }
  });

  it('lets a rag_user list, read and chat, and refuses it every knowledge-base and management route', async () => {
    // The matrix above has the whole column; this names what a rag_user is left with (§1.3).
    const allowed = ROWS.filter((row) => row.expected.RAG_USER < 300).map((row) => row.route).sort();
    expect(allowed).toEqual(['chat.createSession', 'chat.listMessages', 'chat.listSessions', 'chat.sendMessage', 'rag.accessCheck', 'rag.get', 'rag.list', 'rag.notify']);
    const session = await api.newSession(demoEstate.app.id, tokens.RAG_USER);
    const sent = await api.ask(demoEstate.app.id, session.id, tokens.RAG_USER, 'Must visitors sign in at the reception desk?');
    expect(sent.status).toBe(200);
    expect(sent.body.messages[1].sources.map((source: Body) => source.documentId)).toEqual([demoEstate.fileId]);
    // Even a knowledge base shared with its group stays closed to a rag_user: the role gate comes first.
    expectError(await api.call('GET', `/api/knowledge-bases/${demoEstate.kb.id}`, tokens.RAG_USER), 403, ROLE_REFUSED);
  });

  it('applies a change of group membership at once: joining opens the application, leaving closes it, history included', async () => {
    const app = demoEstate.app;
    const joiner = await createUserWithAccount(platform.ports, { organization: demo, email: `${unique('joiner')}@demo.example.com`, fullName: 'Jo Joiner', role: 'user', password: PASSWORD });
    const token = await api.login(joiner.email, PASSWORD);
    expectError(await api.call('POST', `/api/chat/sessions/${app.id}`, token, {}), 403, NO_APP_ACCESS);

    expect((await api.call('POST', `/api/groups/${crewGroupId}/users/${joiner.id}`, tokens.ADMIN)).status).toBeLessThan(300);
    expect((await api.call('GET', '/api/rag', token)).body.applications.map((item: Body) => item.id)).toContain(app.id);
    const session = await api.newSession(app.id, token);
    const sent = await api.ask(app.id, session.id, token, 'What time does the office close on weekdays?');
    expect(sent.status).toBe(200);
    expect(sent.body.messages[1].sources[0]).toMatchObject({ documentId: demoEstate.fileId, knowledgeBaseId: demoEstate.kb.id });

    expect((await api.call('DELETE', `/api/groups/${crewGroupId}/users/${joiner.id}`, tokens.ADMIN)).status).toBe(204);
    expect((await api.call('GET', '/api/rag', token)).body.applications.map((item: Body) => item.id)).not.toContain(app.id);
    expectError(await api.call('GET', `/api/chat/sessions/${app.id}`, token), 403, NO_APP_ACCESS);
    expectError(await api.call('GET', `/api/chat/messages/${app.id}/sessions/${session.id}`, token), 403, NO_APP_ACCESS);
    expectError(await api.ask(app.id, session.id, token, 'And on Saturdays?'), 403, NO_APP_ACCESS);

    expect((await api.call('POST', `/api/groups/${crewGroupId}/users/${joiner.id}`, tokens.ADMIN)).status).toBeLessThan(300);
    expect((await api.call('GET', `/api/chat/messages/${app.id}/sessions/${session.id}`, token)).body.messages).toHaveLength(2);
  });

  it('drops the grants of a deleted group, so its members lose the application', async () => {
    const team = await api.call('POST', '/api/groups', tokens.ADMIN, { name: unique('Short-lived ') });
    const member = await createUserWithAccount(platform.ports, { organization: demo, email: `${unique('teamer')}@demo.example.com`, fullName: 'Tea Mer', role: 'user', password: PASSWORD });
    const token = await api.login(member.email, PASSWORD);
    await api.call('POST', `/api/groups/${team.body.id}/users/${member.id}`, tokens.ADMIN);
    const app = await api.createApplication(tokens.ADMIN, { name: unique('Team app '), indexIds: [demoEstate.kb.id] });
    expect((await api.call('PUT', `/api/rag/${app.id}/groups`, tokens.ADMIN, { groupIds: [team.body.id] })).status).toBe(200);
    expect((await api.call('GET', `/api/rag/${app.id}`, token)).status).toBe(200);
    expect((await api.call('DELETE', `/api/groups/${team.body.id}`, tokens.ADMIN)).status).toBe(204);
    expectError(await api.call('GET', `/api/rag/${app.id}`, token), 403, NO_APP_ACCESS);
    expect((await api.call('GET', `/api/rag/${app.id}/groups`, tokens.ADMIN)).body.groups.map((group: Body) => group.name)).toEqual(['Administrators']);
  });

  describe('knowledge bases inside an application', () => {
    let salaryFile: string;
    let salaryKb: Body;
    let mixed: Body;

    beforeAll(async () => {
      salaryFile = await api.uploadFile(tokens.ADMIN, 'compensation-guide.txt', SALARIES);
      salaryKb = await api.readyKnowledgeBase(tokens.ADMIN, 'Compensation guide', [salaryFile]);
      mixed = await api.createApplication(tokens.ADMIN, { name: unique('Mixed app '), indexIds: [demoEstate.kb.id, salaryKb.id] });
      expect((await api.call('PUT', `/api/rag/${mixed.id}/groups`, tokens.ADMIN, { groupIds: [crewGroupId] })).status).toBe(200);
    }, 120_000);

    it('shows a user a knowledge base only through a group: not listed, not picked by ids, 403 on reads', async () => {
      const listed = await api.call('GET', '/api/knowledge-bases?all=true', tokens.USER);
      expect(listed.body.knowledgeBases.map((kb: Body) => kb.id)).toContain(demoEstate.kb.id);
      expect(listed.body.knowledgeBases.map((kb: Body) => kb.id)).not.toContain(salaryKb.id);
      const picked = await api.call('GET', `/api/knowledge-bases?ids=${salaryKb.id},${demoEstate.kb.id}`, tokens.USER);
      expect(picked.body.knowledgeBases.map((kb: Body) => kb.id)).toEqual([demoEstate.kb.id]);
      expect(picked.body.indexes).toEqual(picked.body.knowledgeBases);
      expect((await api.call('GET', '/api/knowledge-bases?search=Compensation', tokens.USER)).body.total).toBe(0);
      expect((await api.call('GET', `/api/knowledge-bases/${salaryKb.id}`, tokens.USER)).body).toEqual({ message: NO_KB_ACCESS, status: 403, code: 'FORBIDDEN' });
      expect((await api.call('GET', `/api/knowledge-bases/${salaryKb.id}/usage`, tokens.USER)).body).toEqual({ message: NO_KB_ACCESS, status: 403, code: 'FORBIDDEN' });
      expect((await api.call('GET', `/api/knowledge-bases/${salaryKb.id}`, tokens.ADMIN)).status).toBe(200);
    });

    it("retrieves only from a member's accessible indexes, and from all of them for an admin", async () => {
      const question = 'When are the annual bonuses paid?';
      expect((await api.call('GET', `/api/rag/${mixed.id}/access-check`, tokens.USER)).body).toEqual({
        hasRagAccess: true,
        indexAccess: [
          { indexId: demoEstate.kb.id, hasAccess: true },
          { indexId: salaryKb.id, hasAccess: false },
        ],
      });
      const memberSession = await api.newSession(mixed.id, tokens.USER);
      const memberReply = (await api.ask(mixed.id, memberSession.id, tokens.USER, question)).body.messages[1];
      expect(memberReply).toMatchObject({ text: NOTHING_RELEVANT, sources: [] });
      expect(memberReply.text).not.toContain('March');

      const adminSession = await api.newSession(mixed.id, tokens.ADMIN);
      const adminReply = (await api.ask(mixed.id, adminSession.id, tokens.ADMIN, question)).body.messages[1];
      expect(adminReply.text).toContain('Annual bonuses are paid every March');
      expect(adminReply.sources.map((source: Body) => [source.documentId, source.knowledgeBaseId])).toEqual([[salaryFile, salaryKb.id]]);

      // Sharing the knowledge base with the member's group opens it to their next question.
      expect((await api.call('PUT', `/api/knowledge-bases/${salaryKb.id}/groups`, tokens.ADMIN, { groupIds: [crewGroupId] })).status).toBe(200);
      try {
        const shared = (await api.ask(mixed.id, memberSession.id, tokens.USER, question)).body.messages[3];
        expect(shared.sources.map((source: Body) => source.documentId)).toEqual([salaryFile]);
      } finally {
        await api.call('PUT', `/api/knowledge-bases/${salaryKb.id}/groups`, tokens.ADMIN, { groupIds: [] });
      }
    });

    it('refuses a member chat over an application none of whose indexes they can see', async () => {
      const closed = await api.createApplication(tokens.ADMIN, { name: unique('Closed app '), indexIds: [salaryKb.id] });
      await api.call('PUT', `/api/rag/${closed.id}/groups`, tokens.ADMIN, { groupIds: [crewGroupId] });
      for (const token of [tokens.USER, tokens.RAG_USER]) {
        const session = await api.newSession(closed.id, token);
        expectError(await api.ask(closed.id, session.id, token, 'When are bonuses paid?'), 403, 'You do not have access to any knowledge base of this application');
        expect((await api.call('GET', `/api/chat/messages/${closed.id}/sessions/${session.id}`, token)).body.messages).toEqual([]);
      }
    });
  });
});

describe('the in-use delete guard (§15.3, §15.6) through the product path', () => {
  it('refuses to delete a knowledge base that applications use, naming them, until none does', async () => {
    const guarded = await api.readyKnowledgeBase(tokens.ADMIN, unique('Guarded '), [demoEstate.fileId]);
    const alpha = await api.createApplication(tokens.ADMIN, { name: 'Alpha guard', indexIds: [guarded.id] });
    const beta = await api.createApplication(tokens.ADMIN, { name: 'Beta guard', indexIds: [demoEstate.kb.id, guarded.id] });
    const both = [
      { id: alpha.id, name: 'Alpha guard' },
      { id: beta.id, name: 'Beta guard' },
    ];

    expect((await api.call('GET', `/api/knowledge-bases/${guarded.id}/usage`, tokens.ADMIN)).body).toEqual({ isInUse: true, applications: both });
    const refused = await api.call('DELETE', `/api/knowledge-bases/${guarded.id}`, tokens.ADMIN);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'Cannot delete index as it is used in: Alpha guard, Beta guard', status: 409, code: 'CONFLICT', details: { applications: both } });

    // Taking it out of one application leaves the other in the way.
    expect((await api.call('PUT', `/api/rag/${beta.id}`, tokens.ADMIN, { indexIds: [demoEstate.kb.id] })).status).toBe(200);
    const still = await api.call('DELETE', `/api/knowledge-bases/${guarded.id}`, tokens.ADMIN);
    expect(still.body).toEqual({ message: 'Cannot delete index as it is used in: Alpha guard', status: 409, code: 'CONFLICT', details: { applications: [{ id: alpha.id, name: 'Alpha guard' }] } });
    expect((await api.call('GET', `/api/knowledge-bases/${guarded.id}`, tokens.ADMIN)).body.status).toBe('ready');

    // Deleting the last application frees it at once (§16.6).
    expect((await api.call('DELETE', `/api/rag/${alpha.id}`, tokens.ADMIN)).status).toBe(204);
    expect((await api.call('GET', `/api/knowledge-bases/${guarded.id}/usage`, tokens.ADMIN)).body).toEqual({ isInUse: false, applications: [] });
    expect((await api.call('DELETE', `/api/knowledge-bases/${guarded.id}`, tokens.ADMIN)).status).toBe(204);
    expectError(await api.call('GET', `/api/knowledge-bases/${guarded.id}`, tokens.ADMIN), 404, 'Knowledge base not found');
  });
});

describe('validation texts the family tests leave out (§15.4, §15.5, §16.4, §16.5, §16.7, §16.9, §17.4)', () => {
  it('§15: an update cannot clear the name, and non-numeric chunking reads as out of range', async () => {
    const draft = await draftKnowledgeBase(demoEstate);
    const path = `/api/knowledge-bases/${draft.id}`;
    expectError(await api.call('PUT', path, tokens.ADMIN, { name: null }), 400, 'Name is required');
    expectError(await api.call('PUT', path, tokens.ADMIN, { chunk_size: 'big', overlap: 'some' }), 400, 'Chunk size must be between 100 and 2000\nOverlap must be between 0 and 200');
    expectError(await api.call('PUT', path, tokens.ADMIN, { data_source_ids: [], embedding_model: 'gpt-9' }), 400, [
      'At least one file/website/API endpoint/data source must be selected',
      'Embedding model must be one of text-embedding-ada-002, bge-large-en, gte-large, e5-large-v2',
    ].join('\n'));
    const create = await api.call('POST', '/api/knowledge-bases', tokens.ADMIN, kbBody(demoEstate.fileId, { chunk_size: 2001, overlap: -1 }));
    expectError(create, 400, 'Chunk size must be between 100 and 2000\nOverlap must be between 0 and 200');
    expect(create.body.details).toEqual([
      { field: 'chunk_size', message: 'Chunk size must be between 100 and 2000' },
      { field: 'overlap', message: 'Overlap must be between 0 and 200' },
    ]);
    expect((await api.call('GET', path, tokens.ADMIN)).body).toEqual(draft);
  });

  it('§16: an update validates what it is sent with the texts of create', async () => {
    const app = await api.createApplication(tokens.ADMIN, { name: unique('Validated '), indexIds: [demoEstate.kb.id] });
    const path = `/api/rag/${app.id}`;
    expectError(await api.call('PUT', path, tokens.ADMIN, { llmModel: 'gpt-5' }), 400, 'LLM model must be one of gpt-3.5-turbo, gpt-4, claude-3-opus, claude-3-sonnet, mistral-7b');
    expectError(await api.call('PUT', path, tokens.ADMIN, { llmModel: '' }), 400, 'LLM model is required');
    expectError(await api.call('PUT', path, tokens.ADMIN, { description: 'd'.repeat(1001) }), 400, 'Description must be at most 1000 characters');
    expectError(await api.call('PUT', path, tokens.ADMIN, { indexIds: Array.from({ length: 21 }, (_, index) => `kb_${index}`) }), 400, 'At most 20 knowledge bases can be selected');
    expectError(await api.call('PUT', path, tokens.ADMIN, { indexIds: [demoEstate.kb.id, 'kb_missing'] }), 400, 'Invalid knowledge base ID: kb_missing');
    const draft = await draftKnowledgeBase(demoEstate);
    expectError(await api.call('PUT', path, tokens.ADMIN, { indexIds: [demoEstate.kb.id, draft.id] }), 400, `Knowledge base ${draft.name} is not ready`);
    expectError(
      await api.call('PUT', path, tokens.ADMIN, { integrations: [{ type: 'api', enabled: false, settings: { rateLimit: 10001, allowedOrigins: ['https://ok.example.com', 'not an origin'] } }] }),
      400,
      'Rate limit must be between 1 and 10000\nInvalid origin: not an origin',
    );
    expectError(await api.call('PUT', path, tokens.ADMIN, { integrations: [{ type: 'messaging', platform: 'slack', enabled: true, settings: { channels: '#general' } }] }), 400, 'Slack bot token is required\nSlack signing secret is required');
    expectError(await api.call('PATCH', `${path}/enabled`, tokens.ADMIN, {}), 400, 'enabled must be a boolean');
    expectError(await api.call('PUT', `${path}/groups`, tokens.ADMIN, { group_ids: 'grp_1' }), 400, 'groupIds must be an array');
    expect((await api.call('GET', path, tokens.ADMIN)).body).toEqual(app);
  });

  it('§17: a send whose message is not an object, or whose history is not a list, is refused and stores nothing', async () => {
    const session = await api.newSession(demoEstate.app.id, tokens.USER);
    const path = `/api/chat/messages/${demoEstate.app.id}/sessions/${session.id}`;
    expectError(await api.call('POST', path, tokens.USER, { message: 'When does the office open?' }), 400, 'Message cannot be empty\nsender must be user');
    expectError(await api.call('POST', path, tokens.USER, { message: { text: 'Hi', sender: 'user' }, history: 'none' }), 400, 'history must be an array of at most 50 messages');
    expect((await api.call('GET', path, tokens.USER)).body.messages).toEqual([]);
  });
});

describe('API tokens on the five §17.5 routes', () => {
  let keyed: Body;
  let apiKey: string;
  const keyRoutes = () => ROUTES.filter((route) => route.auth === 'bearer-or-api-key');
  const withKey = (method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}) => api.call(method, path, undefined, body, { 'x-api-key': key, 'x-user-id': 'customer-7', ...headers });

  beforeAll(async () => {
    keyed = await api.createApplication(tokens.ADMIN, { name: 'Office widget', indexIds: [demoEstate.kb.id], integrations: [{ type: 'api', enabled: true, settings: { rateLimit: 1000, allowedOrigins: ['https://intranet.example.com'] } }] });
    apiKey = keyed.integrations[0].settings.token;
  });

  it('are exactly the five routes the contract names', () => {
    expect(keyRoutes().map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'GET /api/chat/messages/{appId}/sessions/{sessionId}',
      'GET /api/chat/sessions/{appId}',
      'GET /api/rag/{appId}',
      'POST /api/chat/messages/{appId}/sessions/{sessionId}',
      'POST /api/chat/sessions/{appId}',
    ]);
  });

  it('answer 401 "Invalid API key" to an unknown key, and 403 "Origin not allowed" to a foreign origin, on each of them', async () => {
    const session = (await withKey('POST', `/api/chat/sessions/${keyed.id}`, apiKey, {})).body.session;
    for (const route of keyRoutes()) {
      const path = route.path.replace('{appId}', keyed.id).replace('{sessionId}', session.id);
      const body = route.method === 'POST' ? (route.id === 'chat.sendMessage' ? { message: { text: 'When does the office open?', sender: 'user' } } : {}) : undefined;
      expectError(await withKey(route.method, path, `rag_${'Q'.repeat(40)}`, body), 401, 'Invalid API key');
      expectError(await withKey(route.method, path, apiKey, body, { origin: 'https://evil.example.com' }), 403, 'Origin not allowed');
      const allowed = await withKey(route.method, path, apiKey, body, { origin: 'https://intranet.example.com' });
      expect(allowed.status, `${route.method} ${path}: ${JSON.stringify(allowed.body)}`).toBeLessThan(300);
    }
    // Two messages: only the send with the allowed origin got through.
    expect((await withKey('GET', `/api/chat/messages/${keyed.id}/sessions/${session.id}`, apiKey)).body.messages).toHaveLength(2);
  });

  it('are the only routes of §15–§17 a key reaches: every other one answers 401 "Authentication required"', async () => {
    for (const route of ROUTES.filter((candidate) => FAMILIES.has(candidate.family) && candidate.auth === 'bearer')) {
      const path = route.path.replace('{id}', demoEstate.kb.id).replace('{appId}', keyed.id);
      const answer = await withKey(route.method, path, apiKey, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      expect([answer.status, answer.body], `${route.method} ${path}`).toEqual([401, { message: 'Authentication required', status: 401, code: 'UNAUTHORIZED' }]);
    }
    expect((await api.call('GET', `/api/rag/${keyed.id}`, tokens.ADMIN)).body.name).toBe('Office widget');
  });

  it("count every call against the token's rate limit and answer 429 past it, storing nothing", async () => {
    const limited = await api.createApplication(tokens.ADMIN, { name: unique('Tight widget '), indexIds: [demoEstate.kb.id], integrations: [{ type: 'api', enabled: true, settings: { rateLimit: 3 } }] });
    const key = limited.integrations[0].settings.token as string;
    // "*" is the default: any origin is accepted.
    const read = await withKey('GET', `/api/rag/${limited.id}`, key, undefined, { origin: 'https://anywhere.example.org' });
    expect([read.status, read.headers.get('x-ratelimit-limit'), read.headers.get('x-ratelimit-remaining')]).toEqual([200, '3', '2']);
    const session = await withKey('POST', `/api/chat/sessions/${limited.id}`, key, {});
    expect([session.status, session.headers.get('x-ratelimit-remaining')]).toEqual([201, '1']);
    const path = `/api/chat/messages/${limited.id}/sessions/${session.body.session.id}`;
    const sent = await withKey('POST', path, key, { message: { text: 'When does the office open?', sender: 'user' } });
    expect([sent.status, sent.headers.get('x-ratelimit-remaining')]).toEqual([200, '0']);

    const refused = await withKey('POST', path, key, { message: { text: 'And when does it close?', sender: 'user' } });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({ message: `Rate limit exceeded. Try again in ${retryAfter} seconds.`, status: 429, code: 'RATE_LIMITED' });
    expect([refused.headers.get('x-ratelimit-limit'), refused.headers.get('x-ratelimit-remaining')]).toEqual(['3', '0']);
    // Reads count too; a signed-in admin is not held by the key's limit.
    expect((await withKey('GET', path, key)).status).toBe(429);
    expect((await api.call('GET', `/api/rag/${limited.id}`, tokens.ADMIN)).status).toBe(200);
  });

  it("read the token's application, organization and plan once while nothing changes, and see a change made here at once", async () => {
    const warm = await api.createApplication(tokens.ADMIN, { name: unique('Warm widget '), indexIds: [demoEstate.kb.id], integrations: [{ type: 'api', enabled: true, settings: { rateLimit: 1000 } }] });
    const key = warm.integrations[0].settings.token as string;
    const reads: string[] = [];
    const client = platform.ports.database.client;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const sortKey = (args.input as { Key?: { SK?: unknown } }).Key?.SK;
        if (context.commandName === 'GetItemCommand' && (sortKey === 'APITOKEN' || sortKey === `APP#${warm.id}`)) reads.push(String(sortKey));
        return next(args);
      },
      { step: 'initialize', name: 'countTokenReads' },
    );
    try {
      for (let call = 0; call < 5; call++) expect((await withKey('GET', `/api/rag/${warm.id}`, key)).status).toBe(200);
      expect(reads).toEqual(['APITOKEN', `APP#${warm.id}`]);
      expect((await api.call('PATCH', `/api/rag/${warm.id}/enabled`, tokens.ADMIN, { enabled: false })).status).toBe(200);
      expectError(await withKey('POST', `/api/chat/sessions/${warm.id}`, key, {}), 403, 'Application is disabled');
      expect((await api.call('PUT', `/api/rag/${warm.id}`, tokens.ADMIN, { integrations: [{ type: 'api', enabled: false }] })).status).toBe(200);
      expectError(await withKey('GET', `/api/rag/${warm.id}`, key), 403, 'API access is disabled for this application');
    } finally {
      client.middlewareStack.remove('countTokenReads');
    }
  });
});
