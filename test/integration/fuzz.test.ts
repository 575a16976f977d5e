import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { createUserWithAccount } from '../../functions/domain/users/user-lifecycle';
import { UserRepository, type UserRecord } from '../../functions/domain/users/user-repository';
import { ROUTES, type RouteDefinition } from '../../shared/api/route-table';
import { isRoleAllowed, type Role } from '../../shared/auth/roles';
import { describeFailure, lacksRequestId, problemsOf, type FuzzAnswer } from '../support/fuzz/fuzz-checks';
import { FUZZ_CALLERS, fuzzBody, fuzzPath, hostileId, type FuzzCaller, type FuzzRequest, type IdPool } from '../support/fuzz/fuzz-requests';
import { hostileString } from '../support/fuzz/hostile-values';
import { fuzzSeed, Random } from '../support/fuzz/random';
import { snapshotDifferences, tableSnapshot } from '../support/fuzz/table-snapshot';
import { knowledgeFlows, subscribe, type KnowledgeFlows } from '../support/knowledge-flows';
import { removeDataDir, startTestPlatform } from '../support/local-platform-fixture';
import { nextClientIp, unique } from '../support/unique-values';

/**
 * Every route of the table, as every kind of caller, with generated bodies, paths and queries:
 * no answer may be a 5xx (but a not-implemented family's 501), every error is in the §1.4 shape,
 * every answer carries X-Request-Id, and requests refused for their credentials or for their body
 * store nothing. The seed is printed; FUZZ_SEED replays a run.
 */

const SEED = fuzzSeed();
const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
const CONCURRENCY = 6;
const PASSWORD = 'Fuzz-caller-passw0rd';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let flows: KnowledgeFlows;
const tokens = {} as Record<Exclude<FuzzCaller, 'NONE' | 'API_KEY'>, string[]>;
let apiKey: string;
/** Fresh tokens for routes that end the session or the account they are sent with. */
const logoutTokens: string[] = [];
const disposableTokens: string[] = [];
let readIds: IdPool;
let writeIds: IdPool;
let demo: OrganizationRecord;

const ROLE_OF: Record<Exclude<FuzzCaller, 'NONE' | 'API_KEY'>, Role> = { SYSTEM_ADMIN: 'system_admin', ADMIN: 'admin', USER: 'user', RAG_USER: 'rag_user' };

async function demoUser(role: 'admin' | 'user' | 'rag_user', label: string): Promise<UserRecord> {
  return createUserWithAccount(platform.ports, { organization: demo, email: `${unique(label)}@demo.example.com`, fullName: unique('Fuzz '), role, password: PASSWORD });
}

beforeAll(async () => {
  console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);
  platform = await startTestPlatform({ trustProxy: true });
  flows = knowledgeFlows(platform);
  const users = new UserRepository(platform.ports.database);
  const seededUser = (await users.findByEmail(platform.credentials.USER.email)) as UserRecord;
  demo = (await new OrganizationRepository(platform.ports.database).get(seededUser.organization_id)) as OrganizationRecord;

  // Several callers per role keep each under the bearer limit of 600 a minute (§1.8).
  for (const caller of ['SYSTEM_ADMIN', 'ADMIN', 'USER', 'RAG_USER'] as const) tokens[caller] = [await flows.login(platform.credentials[caller].email, platform.credentials[caller].password)];
  for (const caller of ['ADMIN', 'USER', 'RAG_USER'] as const) {
    for (let extra = 0; extra < 2; extra++) tokens[caller].push(await flows.login((await demoUser(ROLE_OF[caller] as 'admin' | 'user' | 'rag_user', caller.toLowerCase())).email, PASSWORD));
  }
  const leaving = await demoUser('user', 'leaving');
  for (let index = 0; index < 8; index++) logoutTokens.push(await flows.login(leaving.email, PASSWORD));
  for (let index = 0; index < 4; index++) disposableTokens.push(await flows.login((await demoUser('user', 'disposable')).email, PASSWORD));

  // Items for the ids to name: victims of the demo organization, and another organization's.
  const victims = await Promise.all([demoUser('user', 'victim'), demoUser('admin', 'victim'), demoUser('rag_user', 'victim')]);
  const admin = tokens.ADMIN[0] as string;
  const groups = await Promise.all([0, 1].map(async () => (await flows.call('POST', '/api/groups', admin, { name: unique('Fuzz group ') })).body.id as string));
  const folders = await Promise.all([0, 1].map(async () => (await flows.call('POST', '/api/folders', admin, { name: unique('Fuzz folder ') })).body.id as string));
  const fileId = await flows.uploadFile(admin, `${unique('fuzz-')}.txt`, 'Hotels are paid up to 150 euros a night. Trains are preferred.');
  const kb = await flows.readyKnowledgeBase(admin, unique('Fuzz KB '), [fileId]);
  await subscribe(platform, demo.id, 'professional');
  const keyed = await flows.createApplication(admin, { name: unique('Fuzz keyed '), indexIds: [kb.id], integrations: [{ type: 'api', enabled: true, settings: { rateLimit: 10000 } }] });
  apiKey = (keyed.integrations as Array<{ type: string; settings: { token: string } }>).find((integration) => integration.type === 'api')!.settings.token;
  expect(apiKey, JSON.stringify(keyed)).toMatch(/^rag_/);
  const victimApp = await flows.createApplication(admin, { name: unique('Fuzz victim app '), indexIds: [kb.id] });
  const session = await flows.newSession(keyed.id, admin);

  const domain = `${unique('fuzzother')}.example.com`;
  const other = await flows.call('POST', '/api/organizations', tokens.SYSTEM_ADMIN[0], { name: unique('Fuzz Other '), domain, adminEmail: `boss@${domain}`, adminFullName: 'Other Boss', adminPassword: PASSWORD });
  expect(other.status, JSON.stringify(other.body)).toBe(201);
  const otherToken = await flows.login(`boss@${domain}`, PASSWORD);
  const otherFolder = (await flows.call('POST', '/api/folders', otherToken, { name: 'Theirs' })).body.id as string;
  const otherGroup = (await flows.call('POST', '/api/groups', otherToken, { name: 'Their group' })).body.id as string;
  const otherBoss = (await users.findByEmail(`boss@${domain}`)) as UserRecord;
  const foreign = [other.body.organization.id as string, otherFolder, otherGroup, otherBoss.id];

  const real = {
    users: victims.map((victim) => victim.id),
    groups,
    folders,
    files: [fileId],
    knowledgeBases: [kb.id as string],
    applications: [victimApp.id as string],
    sessions: [session.id as string],
    organizations: [other.body.organization.id as string],
  };
  // Writes never name the callers' organizations (a status or IP allowlist there would lock the run out) nor the keyed application.
  writeIds = { real, foreign };
  readIds = { real: { ...real, applications: [victimApp.id, keyed.id], organizations: [demo.id, seededUser.organization_id, ...real.organizations] }, foreign };
}, 240_000);

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

function credentialsFor(random: Random, request: Pick<FuzzRequest, 'route' | 'caller'>): Record<string, string> {
  const { route, caller } = request;
  if (caller === 'NONE') return random.chance(0.1) ? { authorization: random.pick(['Bearer', 'Bearer x.y.z', 'Basic abc']) } : {};
  if (caller === 'API_KEY') return { 'x-api-key': random.chance(0.9) ? apiKey : 'rag_' + 'z'.repeat(40), 'x-user-id': random.chance(0.8) ? 'customer-1' : hostileString(random).slice(0, 300).replace(/[^\x20-\x7e]/g, '?') };
  // Logging out or deleting one's account would end the caller's session: those get fresh tokens of their own.
  if (route.id === 'auth.logout') return logoutTokens.length > 0 ? { authorization: `Bearer ${logoutTokens.pop()}` } : {};
  if (route.id === 'profile.delete') return disposableTokens.length > 0 ? { authorization: `Bearer ${disposableTokens.pop()}` } : {};
  return { authorization: `Bearer ${random.pick(tokens[caller])}` };
}

function fuzzQuery(random: Random): string {
  if (!random.chance(0.3)) return '';
  const parameters = random.some(['page', 'limit', 'search', 'sort_by', 'sort_order', 'all', 'ids', 'folderId', 'source', 'recursive', 'role', 'status', 'q'], random.int(3) + 1);
  return `?${parameters.map((name) => `${name}=${encodeURIComponent(random.pick(['-1', '0', '1e308', 'NaN', 'true', 'maybe', 'asc', '__proto__', 'x'.repeat(300), Array.from({ length: 150 }, (_, index) => `id${index}`).join(','), hostileId(random)]))}`).join('&')}`;
}

function buildRequest(random: Random, route: RouteDefinition, caller: FuzzCaller, body?: { body?: string; contentType?: string }): FuzzRequest {
  const ids = route.method === 'GET' ? readIds : writeIds;
  const request: FuzzRequest = { route, caller, method: route.method, path: fuzzPath(random, route, ids) + (route.method === 'GET' ? fuzzQuery(random) : ''), headers: {} };
  const sent = body ?? (route.method === 'GET' || (route.method === 'DELETE' && random.chance(0.8)) ? {} : fuzzBody(random, ids, route.id));
  request.body = sent.body;
  request.contentType = sent.contentType;
  request.headers = { 'x-forwarded-for': nextClientIp(), ...credentialsFor(random, request) };
  if (request.contentType) request.headers['content-type'] = request.contentType;
  if (route.method === 'POST' && random.chance(0.15)) request.headers['idempotency-key'] = random.pick([unique('fuzz-key-'), 'k'.repeat(256), 'fixed-key']);
  return request;
}

async function send(request: FuzzRequest): Promise<FuzzAnswer> {
  // The API's own answer is judged: a download's 302 points at the object store, which is not the API.
  const response = await fetch(`${platform.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Sends requests a few at a time; answers each request with its answer. */
async function sendAll(requests: FuzzRequest[]): Promise<Array<{ request: FuzzRequest; answer: FuzzAnswer }>> {
  const started = Date.now();
  const results: Array<{ request: FuzzRequest; answer: FuzzAnswer }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const request = requests[next++] as FuzzRequest;
        results.push({ request, answer: await send(request) });
      }
    }),
  );
  console.log(`fuzz: ${requests.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return results;
}

function failuresOf(results: Array<{ request: FuzzRequest; answer: FuzzAnswer }>): string[] {
  for (const { request, answer } of results) {
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (lacksRequestId(answer)) withoutRequestId.push(describeFailure(request, answer, ['no X-Request-Id']));
  }
  return results.flatMap(({ request, answer }) => {
    const problems = problemsOf(answer);
    return problems.length > 0 ? [describeFailure(request, answer, problems)] : [];
  });
}

/** The status the route table's credentials and roles give before anything else runs, when they refuse. */
function refusalOf(route: RouteDefinition, caller: FuzzCaller): number | undefined {
  if (route.auth !== 'bearer' && route.auth !== 'bearer-or-api-key') return undefined;
  if (caller === 'NONE') return 401;
  if (caller === 'API_KEY') return route.auth === 'bearer' ? 401 : undefined;
  return isRoleAllowed(route.roles, { role: ROLE_OF[caller], isSystemOrg: caller === 'SYSTEM_ADMIN' }) ? undefined : 403;
}

let sent = 0;
const allFailures: string[] = [];
const withoutRequestId: string[] = [];
const statuses = new Map<number, number>();
/** Values only DynamoDB refused: a 400 all the same, but each is a schema bound missing, printed to fix. */
const reachedTheTable: string[] = [];

describe(`fuzzing every route (seed ${SEED})`, () => {
  it('stores nothing for requests refused for their credentials or role, and refuses them exactly', async () => {
    const random = new Random(SEED ^ 0xa5a5a5a5);
    const requests: FuzzRequest[] = [];
    for (const route of ROUTES) {
      for (const caller of FUZZ_CALLERS) {
        if (refusalOf(route, caller) === undefined || route.id === 'auth.logout' || route.id === 'profile.delete') continue;
        for (let copy = 0; copy < 2; copy++) requests.push(buildRequest(random, route, caller));
      }
    }
    const before = await tableSnapshot(platform.ports.database);
    const results = await sendAll(requests);
    const after = await tableSnapshot(platform.ports.database);
    sent += results.length;
    allFailures.push(...failuresOf(results));
    const wrong = results.filter(({ request, answer }) => answer.status !== refusalOf(request.route, request.caller)).map(({ request, answer }) => describeFailure(request, answer, [`expected ${refusalOf(request.route, request.caller)}`]));
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(snapshotDifferences(before, after).slice(0, 20)).toEqual([]);
  }, 600_000);

  it('stores nothing for bodies that are no JSON object, on every route that takes one', async () => {
    const random = new Random(SEED ^ 0x5a5a5a5a);
    const requests: FuzzRequest[] = [];
    for (const route of ROUTES) {
      if (route.method === 'GET' || route.method === 'DELETE' || route.id === 'auth.logout') continue;
      for (const caller of FUZZ_CALLERS) {
        if (refusalOf(route, caller) !== undefined) continue;
        for (const raw of random.some(['[]', '"text"', '42', '[{"name":"x"}]', '{"a":', 'name=x', 'null', 'true'], 3)) {
          const request = buildRequest(random, route, caller, { body: raw, contentType: raw === 'name=x' ? 'text/plain' : 'application/json' });
          // Ids that name nothing, so a route that ignored its body still could not touch a real item.
          request.path = route.path.replace(/\{\w+\}/g, () => `nothing_${random.int(1e9)}`);
          requests.push(request);
        }
      }
    }
    const before = await tableSnapshot(platform.ports.database);
    const results = await sendAll(requests);
    const after = await tableSnapshot(platform.ports.database);
    sent += results.length;
    allFailures.push(...failuresOf(results));
    const accepted = results.filter(({ answer }) => answer.status < 400).map(({ request, answer }) => describeFailure(request, answer, ['accepted a body that is no object']));
    expect(accepted.slice(0, 20)).toEqual([]);
    expect(snapshotDifferences(before, after).slice(0, 20)).toEqual([]);
  }, 600_000);

  it(`answers ${TOTAL_REQUESTS} generated requests without a 5xx, in the §1.4 shape, each with X-Request-Id`, async () => {
    const random = new Random(SEED);
    const started = Date.now();
    const requests: FuzzRequest[] = [];
    while (sent + requests.length < TOTAL_REQUESTS) {
      const route = random.pick(ROUTES);
      // Mostly callers the route lets in, so the bodies reach the handlers and not only the role check.
      const admitted = FUZZ_CALLERS.filter((caller) => refusalOf(route, caller) === undefined);
      const request = buildRequest(random, route, random.chance(0.75) ? random.pick(admitted) : random.pick(FUZZ_CALLERS));
      // Now and then a path no route has: the unknown-route answer must keep the conventions too.
      if (random.chance(0.01)) request.path = random.pick([`${request.path}/extra`, '/api/nope', `${route.path.split('/').slice(0, 3).join('/')}/${encodeURIComponent(hostileId(random).slice(0, 100))}/x/y`]);
      requests.push(request);
    }
    const results = await sendAll(requests);
    sent += results.length;
    allFailures.push(...failuresOf(results));
    if (reachedTheTable.length > 0) console.log(`refused by the table rather than a schema:\n${reachedTheTable.slice(0, 30).join('\n')}`);
    console.log(`fuzz seed ${SEED}: ${sent} requests in ${Math.round((Date.now() - started) / 1000)} s, ${allFailures.length} failures; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
    expect(allFailures.slice(0, 40)).toEqual([]);
  }, 600_000);

  it('put X-Request-Id on every answer it got (§1.1)', () => {
    expect(withoutRequestId.slice(0, 20)).toEqual([]);
  });
});
