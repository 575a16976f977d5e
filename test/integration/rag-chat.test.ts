import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_RATE_SCOPE, API_KEY_RATE_WINDOW_SECONDS } from '../../functions/domain/api-access/api-key-rate-limit';
import { hashApiToken } from '../../functions/domain/api-access/api-token';
import { applicationKeys } from '../../functions/domain/applications/application-record';
import { subscriptionKey } from '../../functions/contracts/keys/table-keys';
import { slackSignature } from '../../functions/domain/slack/slack-signature';
import { EXTRACTIVE_MODEL } from '../../functions/adapters/offline/extractive-answerer';
import { NOTHING_RELEVANT } from '../../functions/domain/answering/answer-texts';
import { CHAT_SEND_LIMIT } from '../../functions/domain/chat/chat-rate-limit';
import { chatKeys, newMessageId } from '../../functions/domain/chat/chat-records';
import { SessionRepository } from '../../functions/domain/chat/session-repository';
import { conversationCounterName } from '../../functions/domain/chat/conversation-quota';
import { countersKey } from '../../functions/contracts/keys/table-keys';
import { knowledgeBaseItem, type KnowledgeBaseRecord } from '../../functions/domain/knowledge-bases/knowledge-base-record';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { fixedWindowAt } from '../../functions/domain/rate-limits/fixed-window';
import { rateCounterKey } from '../../functions/domain/rate-limits/rate-limit-store';
import { createUserWithAccount } from '../../functions/domain/users/user-lifecycle';
import type { UserRecord } from '../../functions/domain/users/user-repository';
import { waitUntil } from '../support/knowledge-flows';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import { nextClientIp, unique } from '../support/unique-values';
import type { Json } from '../support/json';

/**
 * Contract §16–§18 through the HTTP API of the embedded platform: every endpoint's happy path and
 * messages; group access (§1.3); tenancy; API tokens (§17.5) with their origin, plan and rate
 * rules; chat end to end over a knowledge base built from an uploaded file and answered offline by
 * the extractive answerer; nothing stored when a send fails; the Slack receiver and notify against
 * a fake Slack server.
 */

type Body = Json;
const PASSWORD = 'RagChat-passw0rd';
const NO_ACCESS = 'You do not have access to this application';
const HANDBOOK = [
  'Travel and expenses handbook.',
  'Employees must submit expense reports within 30 days of the trip, with every receipt attached.',
  'Hotel stays are reimbursed up to 150 euros per night in capital cities and 110 euros elsewhere.',
  'Train travel is preferred over flights for any journey shorter than four hours.',
].join('\n\n');

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let demo: OrganizationRecord;
const tokens = {} as Record<'SYSTEM_ADMIN' | 'ADMIN' | 'USER' | 'RAG_USER' | 'MEMBER' | 'OUTSIDER' | 'FOREIGN_ADMIN', string>;
let member: UserRecord;
let ragUserId: string;
let groupId: string;
let fileId: string;
let kb: Body;
let app: Body;


function call(method: string, path: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer<Body>> {
  return callApi<Body>(platform.url, method, path, { token, body, headers: { 'x-forwarded-for': nextClientIp(), ...headers } });
}

function withKey(method: string, path: string, apiKey: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer<Body>> {
  return call(method, path, undefined, body, { 'x-api-key': apiKey, 'x-user-id': 'customer-42', ...headers });
}

function expectError(answer: JsonAnswer<Body>, status: number, message: string): void {
  expect([answer.status, answer.body?.message], JSON.stringify(answer.body)).toEqual([status, message]);
}

async function login(email: string, password: string): Promise<string> {
  const answer = await call('POST', '/api/auth/login', undefined, { email, password });
  expect(answer.status, `login ${email}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.token as string;
}

/** The browser's three upload steps (§9.5, §9.6), then the wait for ingest. */
async function uploadFile(token: string, filename: string, content: string): Promise<string> {
  const size = Buffer.byteLength(content);
  const ticket = await call('POST', '/api/data-sources/upload-url', token, { filename, size });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  const put = await fetch(ticket.body.uploadUrl, { method: 'PUT', headers: ticket.body.headers, body: content });
  expect(put.status).toBe(200);
  const complete = await call('POST', '/api/data-sources/upload-complete', token, { dataSourceId: ticket.body.dataSourceId, objectName: ticket.body.objectName, size, mimeType: ticket.body.headers['Content-Type'] });
  expect(complete.status, JSON.stringify(complete.body)).toBe(200);
  await waitUntil(async () => (await call('GET', `/api/data-sources/${ticket.body.dataSourceId}`, token)).body.status, 'active', 30_000);
  return ticket.body.dataSourceId;
}

const table = () => platform.ports.database.tableName;
const putItem = (item: Record<string, unknown>) => platform.ports.database.client.send(new PutCommand({ TableName: table(), Item: item }));
const getItem = async (key: { PK: string; SK: string }) => (await platform.ports.database.client.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;

/** A knowledge base written straight into the table: `ready`, with an index version that was never built. */
async function brokenKnowledgeBase(organizationId: string): Promise<string> {
  const now = new Date().toISOString();
  const id = `kb_${unique('broken').toLowerCase()}`;
  const record: KnowledgeBaseRecord = {
    id,
    organization_id: organizationId,
    name: 'Broken index',
    description: '',
    source_type: 'files',
    chunk_size: 500,
    overlap: 50,
    embedding_model: 'text-embedding-ada-002',
    data_source_ids: [fileId],
    status: 'ready',
    error: null,
    document_count: 1,
    chunk_count: 1,
    last_indexed_at: now,
    created_by: 'system',
    created_by_name: 'System',
    created_at: now,
    updated_at: now,
    version: 1,
    active_index_version: 7,
    last_index_version: 7,
  };
  await putItem(knowledgeBaseItem(record));
  return id;
}

/** Puts the organization on a plan, as billing will (§1.9: active subscriptions give their plan). */
async function subscribe(organizationId: string, planId: 'professional' | 'free'): Promise<void> {
  if (planId === 'free') {
    await platform.ports.database.client.send(new DeleteCommand({ TableName: table(), Key: subscriptionKey(organizationId) }));
    return;
  }
  const start = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  await putItem({ ...subscriptionKey(organizationId), entity: 'subscription', status: 'active', plan_id: planId, current_period_start: start.toISOString(), current_period_end: end.toISOString() });
}

const appBody = (overrides: Body = {}) => ({ name: unique('Expenses bot '), description: 'Answers travel questions', llmModel: 'claude-3-sonnet', indexIds: [kb.id], ...overrides });

async function createApp(overrides: Body = {}, token = tokens.ADMIN): Promise<Body> {
  const created = await call('POST', '/api/rag', token, appBody(overrides));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function newSession(appId: string, token: string, body: Body = {}): Promise<Body> {
  const created = await call('POST', `/api/chat/sessions/${appId}`, token, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.session;
}

const ask = (appId: string, sessionId: string, token: string, text: string) => call('POST', `/api/chat/messages/${appId}/sessions/${sessionId}`, token, { message: { text, sender: 'user' } });

beforeAll(async () => {
  platform = await startTestPlatform({ trustProxy: true });
  for (const role of ['SYSTEM_ADMIN', 'ADMIN', 'USER', 'RAG_USER'] as const) tokens[role] = await login(platform.credentials[role].email, platform.credentials[role].password);
  demo = (await new OrganizationRepository(platform.ports.database).findByDomain('demo.example.com')) as OrganizationRecord;
  member = await createUserWithAccount(platform.ports, { organization: demo, email: `${unique('member')}@demo.example.com`, fullName: 'Mia Member', role: 'user', password: PASSWORD });
  const outsider = await createUserWithAccount(platform.ports, { organization: demo, email: `${unique('outsider')}@demo.example.com`, fullName: 'Otto Outsider', role: 'user', password: PASSWORD });
  tokens.MEMBER = await login(member.email, PASSWORD);
  tokens.OUTSIDER = await login(outsider.email, PASSWORD);
  ragUserId = (await call('GET', '/api/profile', tokens.RAG_USER)).body.user.id;

  const domain = `${unique('ragforeign')}.example.com`;
  const created = await call('POST', '/api/organizations', tokens.SYSTEM_ADMIN, { name: unique('Foreign '), domain, adminEmail: `boss@${domain}`, adminFullName: 'Foreign Boss', adminPassword: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  tokens.FOREIGN_ADMIN = await login(`boss@${domain}`, PASSWORD);

  // The knowledge base as an admin builds it in the browser: upload, create, deploy, wait for ready.
  fileId = await uploadFile(tokens.ADMIN, 'travel-handbook.txt', HANDBOOK);
  const kbCreated = await call('POST', '/api/knowledge-bases', tokens.ADMIN, { name: 'Travel handbook', source_type: 'files', embedding_model: 'text-embedding-ada-002', chunk_size: 200, overlap: 20, data_source_ids: [fileId] });
  expect(kbCreated.status, JSON.stringify(kbCreated.body)).toBe(201);
  kb = kbCreated.body;
  expect((await call('POST', `/api/knowledge-bases/${kb.id}/deploy`, tokens.ADMIN, {})).status).toBe(202);
  await waitUntil(async () => (await call('GET', `/api/knowledge-bases/${kb.id}`, tokens.ADMIN)).body.status, 'ready');

  const group = await call('POST', '/api/groups', tokens.ADMIN, { name: unique('Travellers ') });
  groupId = group.body.id;
  for (const userId of [member.id, ragUserId]) expect((await call('POST', `/api/groups/${groupId}/users/${userId}`, tokens.ADMIN)).status).toBeLessThan(300);
  expect((await call('PUT', `/api/knowledge-bases/${kb.id}/groups`, tokens.ADMIN, { groupIds: [groupId] })).status).toBe(200);
  app = await createApp({ name: 'Travel assistant' });
  expect((await call('PUT', `/api/rag/${app.id}/groups`, tokens.ADMIN, { groupIds: [groupId] })).status).toBe(200);
}, 240_000);

afterAll(async () => {
  delete process.env.SLACK_API_BASE_URL;
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('creating and editing applications (§16.4, §16.5, §16.7)', () => {
  it('creates an enabled application shared with the admin group only', async () => {
    const created = await createApp({ name: '  Policy helper  ', description: 'Policies', llmModel: 'gpt-3.5-turbo', selectedKnowledgeBases: [{ id: 'ignored' }] });
    expect(created).toEqual({
      id: expect.stringMatching(/^app_/),
      name: 'Policy helper',
      description: 'Policies',
      enabled: true,
      status: 'ready',
      llm_model: 'gpt-3.5-turbo',
      index_ids: [kb.id],
      knowledge_bases: [{ id: kb.id, name: 'Travel handbook', description: '', status: 'ready', source_type: 'files' }],
      integrations: [],
      created_by: expect.stringMatching(/^usr_/),
      created_by_name: expect.any(String),
      created_at: expect.stringMatching(/Z$/),
      updated_at: created.created_at,
    });
    const groups = await call('GET', `/api/rag/${created.id}/groups`, tokens.ADMIN);
    expect(groups.body.groups).toEqual([{ id: expect.any(String), name: 'Administrators', is_admin_group: true }]);
  });

  it('validates creation with the contract texts, every problem at once', async () => {
    const empty = await call('POST', '/api/rag', tokens.ADMIN, {});
    expectError(empty, 400, 'Name is required\nLLM model is required\nPlease select at least one knowledge-base');
    expect(empty.body.details.map((detail: Body) => detail.field)).toEqual(['name', 'llmModel', 'indexIds']);
    const bad = await call('POST', '/api/rag', tokens.ADMIN, { name: 'n'.repeat(256), description: 'd'.repeat(1001), llmModel: 'gpt-5', indexIds: ['kb_missing'] });
    expectError(bad, 400, [
      'Name must be at most 255 characters',
      'Description must be at most 1000 characters',
      'LLM model must be one of gpt-3.5-turbo, gpt-4, claude-3-opus, claude-3-sonnet, mistral-7b',
      'Invalid knowledge base ID: kb_missing',
    ].join('\n'));
    expectError(await call('POST', '/api/rag', tokens.ADMIN, appBody({ indexIds: Array.from({ length: 21 }, (_, index) => `kb_${index}`) })), 400, 'At most 20 knowledge bases can be selected');
    const processing = await brokenKnowledgeBase(demo.id);
    await platform.ports.database.client.send(
      new UpdateCommand({ TableName: table(), Key: { PK: `ORG#${demo.id}`, SK: `KB#${processing}` }, UpdateExpression: 'SET #s = :s', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': 'processing' } }),
    );
    expectError(await call('POST', '/api/rag', tokens.ADMIN, appBody({ indexIds: [kb.id, processing] })), 400, 'Knowledge base Broken index is not ready');
    expectError(await call('POST', '/api/rag', tokens.ADMIN, appBody({ integrations: [{ type: 'api', enabled: false }, { type: 'api', enabled: false }] })), 400, 'Duplicate integration: api');
    expectError(
      await call('POST', '/api/rag', tokens.ADMIN, appBody({ integrations: [{ type: 'api', enabled: false, settings: { token: 'rag_tooshort', rateLimit: 0, allowedOrigins: ['ftp//nope'] } }] })),
      400,
      'API token must start with rag_ followed by 32 to 64 letters or digits\nRate limit must be between 1 and 10000\nInvalid origin: ftp//nope',
    );
    expectError(
      await call('POST', '/api/rag', tokens.ADMIN, appBody({ integrations: [{ type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: 'xoxp-1', channels: 'general' } }] })),
      400,
      'Slack bot token must start with xoxb-\nSlack signing secret is required\nInvalid Slack channel: general',
    );
  });

  it('refuses to enable API access on a plan without it (402), and with API tokens off for the organization (403)', async () => {
    const refused = await call('POST', '/api/rag', tokens.ADMIN, appBody({ integrations: [{ type: 'api', enabled: true, settings: {} }] }));
    expectError(refused, 402, 'Your plan does not include API access');
    expect(refused.body).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { resource: 'api_access' } });
    await subscribe(demo.id, 'professional');
    try {
      expect((await call('PUT', `/api/organizations/${demo.id}/security-settings`, tokens.ADMIN, { apiTokensEnabled: false })).status).toBe(200);
      expectError(await call('POST', '/api/rag', tokens.ADMIN, appBody({ integrations: [{ type: 'api', enabled: true, settings: {} }] })), 403, 'API tokens are disabled for your organization');
    } finally {
      await call('PUT', `/api/organizations/${demo.id}/security-settings`, tokens.ADMIN, { apiTokensEnabled: true });
      await subscribe(demo.id, 'free');
    }
  });

  it('updates what is sent and keeps the rest; ids already attached may be in any status', async () => {
    const created = await createApp();
    const updated = await call('PUT', `/api/rag/${created.id}`, tokens.ADMIN, { name: 'Renamed', llmModel: 'mistral-7b' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Renamed', description: created.description, llm_model: 'mistral-7b', index_ids: [kb.id] });
    expect(updated.body.updated_at > created.updated_at).toBe(true);
    expectError(await call('PUT', `/api/rag/${created.id}`, tokens.ADMIN, { indexIds: [] }), 400, 'Please select at least one knowledge-base');
    expectError(await call('PUT', `/api/rag/${created.id}`, tokens.ADMIN, { name: ' ' }), 400, 'Name is required');
    expectError(await call('PUT', '/api/rag/app_missing', tokens.ADMIN, { name: 'x' }), 404, 'Application not found');
  });

  it('enables and disables; a disabled application keeps its history readable but takes no new chat', async () => {
    const created = await createApp();
    const session = await newSession(created.id, tokens.ADMIN);
    expectError(await call('PATCH', `/api/rag/${created.id}/enabled`, tokens.ADMIN, { enabled: 'no' }), 400, 'enabled must be a boolean');
    const disabled = await call('PATCH', `/api/rag/${created.id}/enabled`, tokens.ADMIN, { enabled: false });
    expect(disabled.body).toMatchObject({ enabled: false, status: 'disabled' });
    expectError(await call('POST', `/api/chat/sessions/${created.id}`, tokens.ADMIN, {}), 403, 'Application is disabled');
    expectError(await ask(created.id, session.id, tokens.ADMIN, 'Hotel limits?'), 403, 'Application is disabled');
    expect((await call('GET', `/api/chat/sessions/${created.id}`, tokens.ADMIN)).status).toBe(200);
    expect((await call('GET', `/api/chat/messages/${created.id}/sessions/${session.id}`, tokens.ADMIN)).status).toBe(200);
    expect((await call('GET', `/api/rag/${created.id}`, tokens.ADMIN)).body.status).toBe('disabled');
    expect((await call('PATCH', `/api/rag/${created.id}/enabled`, tokens.ADMIN, { enabled: true })).body).toMatchObject({ enabled: true, status: 'ready' });
  });

  it('deletes an application with its groups at once (204, then 404)', async () => {
    const created = await createApp();
    expect((await call('DELETE', `/api/rag/${created.id}`, tokens.ADMIN)).status).toBe(204);
    expectError(await call('GET', `/api/rag/${created.id}`, tokens.ADMIN), 404, 'Application not found');
    expectError(await call('DELETE', `/api/rag/${created.id}`, tokens.ADMIN), 404, 'Application not found');
    expect(await getItem(applicationKeys.applicationLookup(created.id))).toBeUndefined();
  });

  it('keeps writes to admins', async () => {
    for (const token of [tokens.USER, tokens.RAG_USER, tokens.MEMBER]) {
      expect((await call('POST', '/api/rag', token, appBody())).status).toBe(403);
      expect((await call('PUT', `/api/rag/${app.id}`, token, { name: 'x' })).status).toBe(403);
      expect((await call('DELETE', `/api/rag/${app.id}`, token)).status).toBe(403);
      expect((await call('PATCH', `/api/rag/${app.id}/enabled`, token, { enabled: false })).status).toBe(403);
      expect((await call('GET', `/api/rag/${app.id}/groups`, token)).status).toBe(403);
      expect((await call('PUT', `/api/rag/${app.id}/groups`, token, { groupIds: [] })).status).toBe(403);
    }
  });
});

describe('group access (§1.3, §16.1–§16.3, §16.8, §16.9)', () => {
  it('lists every application to an admin, and to others only those shared with one of their groups', async () => {
    const all = await call('GET', '/api/rag?all=true', tokens.ADMIN);
    expect(all.body.applications.map((item: Body) => item.id)).toContain(app.id);
    const mine = await call('GET', '/api/rag', tokens.MEMBER);
    expect(mine.body).toMatchObject({ page: 1, limit: 10, total: 1, totalPages: 1 });
    expect(mine.body.applications.map((item: Body) => item.id)).toEqual([app.id]);
    expect(mine.body.applications[0].integrations).toEqual([]);
    expect((await call('GET', '/api/rag', tokens.OUTSIDER)).body).toMatchObject({ applications: [], total: 0, totalPages: 0 });
    expect((await call('GET', '/api/rag', tokens.RAG_USER)).body.applications.map((item: Body) => item.id)).toEqual([app.id]);
  });

  it('searches, sorts and pages the list as §1.5 says', async () => {
    const searched = await call('GET', '/api/rag?search=TRAVEL%20ASSIST', tokens.ADMIN);
    expect(searched.body.applications.map((item: Body) => item.id)).toEqual([app.id]);
    const byName = await call('GET', '/api/rag?sort_by=name&sort_order=asc&limit=2', tokens.ADMIN);
    expect(byName.body.limit).toBe(2);
    const names = byName.body.applications.map((item: Body) => item.name);
    expect([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(names);
    expectError(await call('GET', '/api/rag?sort_by=llm_model', tokens.ADMIN), 400, 'Invalid sort_by value');
    expectError(await call('GET', '/api/rag?page=0', tokens.ADMIN), 400, 'page must be a positive integer');
  });

  it('reads one application: admins with settings, members without, outsiders 403', async () => {
    expect((await call('GET', `/api/rag/${app.id}`, tokens.MEMBER)).body).toMatchObject({ id: app.id, name: 'Travel assistant', integrations: [] });
    expectError(await call('GET', `/api/rag/${app.id}`, tokens.OUTSIDER), 403, NO_ACCESS);
  });

  it('answers access-check without 403: all true for admins, per index for members, all false for outsiders', async () => {
    expect((await call('GET', `/api/rag/${app.id}/access-check`, tokens.ADMIN)).body).toEqual({ hasRagAccess: true, indexAccess: [{ indexId: kb.id, hasAccess: true }] });
    expect((await call('GET', `/api/rag/${app.id}/access-check`, tokens.MEMBER)).body).toEqual({ hasRagAccess: true, indexAccess: [{ indexId: kb.id, hasAccess: true }] });
    expect((await call('GET', `/api/rag/${app.id}/access-check`, tokens.OUTSIDER)).body).toEqual({ hasRagAccess: false, indexAccess: [{ indexId: kb.id, hasAccess: false }] });
  });

  it('replaces the groups, always keeping the admin group', async () => {
    const created = await createApp();
    expectError(await call('PUT', `/api/rag/${created.id}/groups`, tokens.ADMIN, { groupIds: 'x' }), 400, 'groupIds must be an array');
    expectError(await call('PUT', `/api/rag/${created.id}/groups`, tokens.ADMIN, { groupIds: Array.from({ length: 101 }, (_, index) => `grp_${index}`) }), 400, 'At most 100 groups are allowed');
    expectError(await call('PUT', `/api/rag/${created.id}/groups`, tokens.ADMIN, { groupIds: ['grp_nope'] }), 400, 'Invalid group ID: grp_nope');
    const foreignGroup = (await call('GET', '/api/groups', tokens.FOREIGN_ADMIN)).body.data[0].id;
    expectError(await call('PUT', `/api/rag/${created.id}/groups`, tokens.ADMIN, { group_ids: [foreignGroup] }), 400, `Invalid group ID: ${foreignGroup}`);
    const saved = await call('PUT', `/api/rag/${created.id}/groups`, tokens.ADMIN, { group_ids: [groupId] });
    expect(saved.body.message).toBe('Groups updated successfully');
    expect(saved.body.groups.map((group: Body) => [group.is_admin_group, group.id === groupId])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect((await call('PUT', `/api/rag/${created.id}/groups`, tokens.ADMIN, { groupIds: [] })).body.groups.map((group: Body) => group.name)).toEqual(['Administrators']);
  });

  it('lets a member chat only over the knowledge bases shared with them', async () => {
    const created = await createApp();
    await call('PUT', `/api/rag/${created.id}/groups`, tokens.ADMIN, { groupIds: [groupId] });
    await call('PUT', `/api/knowledge-bases/${kb.id}/groups`, tokens.ADMIN, { groupIds: [] });
    try {
      expect((await call('GET', `/api/rag/${created.id}/access-check`, tokens.MEMBER)).body).toEqual({ hasRagAccess: true, indexAccess: [{ indexId: kb.id, hasAccess: false }] });
      const session = await newSession(created.id, tokens.MEMBER);
      expectError(await ask(created.id, session.id, tokens.MEMBER, 'What about hotels?'), 403, 'You do not have access to any knowledge base of this application');
    } finally {
      await call('PUT', `/api/knowledge-bases/${kb.id}/groups`, tokens.ADMIN, { groupIds: [groupId] });
    }
  });
});

describe('tenancy (§1.3)', () => {
  it("answers 404 for another organization's application on every route, as for an unknown id", async () => {
    const requests: Array<[string, string, unknown?]> = [
      ['GET', `/api/rag/${app.id}`],
      ['GET', `/api/rag/${app.id}/access-check`],
      ['PUT', `/api/rag/${app.id}`, { name: 'x' }],
      ['DELETE', `/api/rag/${app.id}`],
      ['PATCH', `/api/rag/${app.id}/enabled`, { enabled: false }],
      ['GET', `/api/rag/${app.id}/groups`],
      ['PUT', `/api/rag/${app.id}/groups`, { groupIds: [] }],
      ['POST', `/api/rag/integrations/${app.id}/notify`, { query: 'q', response: 'r' }],
      ['GET', `/api/chat/sessions/${app.id}`],
      ['POST', `/api/chat/sessions/${app.id}`, {}],
      ['GET', `/api/chat/messages/${app.id}/sessions/ses_x`],
      ['POST', `/api/chat/messages/${app.id}/sessions/ses_x`, { message: { text: 'hi', sender: 'user' } }],
    ];
    for (const [method, path, body] of requests) expectError(await call(method, path, tokens.FOREIGN_ADMIN, body), 404, 'Application not found');
    expect((await call('GET', `/api/rag/${app.id}`, tokens.ADMIN)).body.name).toBe('Travel assistant');
  });

  it("treats another organization's knowledge base in a body as unknown", async () => {
    expectError(await call('POST', '/api/rag', tokens.FOREIGN_ADMIN, { name: 'Theirs', llmModel: 'gpt-4', indexIds: [kb.id] }), 400, `Invalid knowledge base ID: ${kb.id}`);
  });
});

describe('chat sessions (§17.1, §17.2)', () => {
  it('creates a session: default name, isNewSession forced true, channel set by the server', async () => {
    const session = await newSession(app.id, tokens.MEMBER, { metadata: { isNewSession: false, channel: 'slack', theme: 'dark' } });
    expect(session).toEqual({
      id: expect.stringMatching(/^ses_/),
      name: 'New chat',
      organization_id: demo.id,
      user_id: member.id,
      rag_application_id: app.id,
      created: session.created_at,
      created_at: expect.stringMatching(/Z$/),
      updated_at: session.created_at,
      metadata: { theme: 'dark', isNewSession: true, channel: 'web' },
    });
    expect((await newSession(app.id, tokens.MEMBER, { name: '  Trip to Porto ' })).name).toBe('Trip to Porto');
  });

  it('validates the name and metadata', async () => {
    expectError(await call('POST', `/api/chat/sessions/${app.id}`, tokens.MEMBER, { name: 'n'.repeat(256) }), 400, 'Name must be at most 255 characters');
    expectError(await call('POST', `/api/chat/sessions/${app.id}`, tokens.MEMBER, { metadata: ['x'] }), 400, 'Metadata must be an object of at most 4 KB');
    expectError(await call('POST', `/api/chat/sessions/${app.id}`, tokens.MEMBER, { metadata: { blob: 'x'.repeat(5000) } }), 400, 'Metadata must be an object of at most 4 KB');
  });

  it("lists the caller's own sessions, newest updated first, with hasMore; limit at most 50", async () => {
    const user = await createUserWithAccount(platform.ports, { organization: demo, email: `${unique('lister')}@demo.example.com`, fullName: 'Lister', role: 'admin', password: PASSWORD });
    const token = await login(user.email, PASSWORD);
    const made: string[] = [];
    for (let index = 0; index < 3; index++) made.push((await newSession(app.id, token, { name: `S${index}` })).id);
    const first = await call('GET', `/api/chat/sessions/${app.id}?page=1&limit=2`, token);
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasMore: true });
    expect(first.body.sessions.map((session: Body) => session.id)).toEqual([made[2], made[1]]);
    const second = await call('GET', `/api/chat/sessions/${app.id}?page=2&limit=2`, token);
    expect(second.body.pagination.hasMore).toBe(false);
    expect(second.body.sessions.map((session: Body) => session.id)).toEqual([made[0]]);
    expect((await call('GET', `/api/chat/sessions/${app.id}?limit=500`, token)).body.pagination.limit).toBe(50);
    expectError(await call('GET', `/api/chat/sessions/${app.id}?limit=0`, token), 400, 'limit must be a positive integer');
    expect((await call('GET', `/api/chat/sessions/${app.id}`, tokens.ADMIN)).body.sessions.map((session: Body) => session.id)).not.toContain(made[0]);
  });

  it("answers 404 for another user's session, and 403 for a user outside the application's groups", async () => {
    const session = await newSession(app.id, tokens.MEMBER);
    expectError(await call('GET', `/api/chat/messages/${app.id}/sessions/${session.id}`, tokens.ADMIN), 404, 'Session not found');
    expectError(await ask(app.id, session.id, tokens.ADMIN, 'Hotels?'), 404, 'Session not found');
    expectError(await call('GET', `/api/chat/sessions/${app.id}`, tokens.OUTSIDER), 403, NO_ACCESS);
    expectError(await call('POST', `/api/chat/sessions/${app.id}`, tokens.OUTSIDER, {}), 403, NO_ACCESS);
    expectError(await ask(app.id, session.id, tokens.OUTSIDER, 'Hotels?'), 403, NO_ACCESS);
    const other = await createApp();
    expectError(await call('GET', `/api/chat/messages/${other.id}/sessions/${session.id}`, tokens.ADMIN), 404, 'Session not found');
  });
});

describe('sending messages (§17.3, §17.4)', () => {
  it('answers from the knowledge base, cites the file, labels the extractive answerer, and stores both messages', async () => {
    const session = await newSession(app.id, tokens.MEMBER);
    const question = 'How many days do employees have to submit expense reports after the trip?';
    const sent = await ask(app.id, session.id, tokens.MEMBER, question);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [user, assistant] = sent.body.messages;
    expect(sent.body.messages).toHaveLength(2);
    expect(user).toEqual({ id: expect.stringMatching(/^msg_/), sessionId: session.id, text: question, sender: 'user', timestamp: expect.stringMatching(/Z$/) });
    expect(assistant).toMatchObject({ sessionId: session.id, sender: 'assistant', generator: { kind: 'extractive', model: EXTRACTIVE_MODEL } });
    expect(assistant.text).toContain('Employees must submit expense reports within 30 days of the trip, with every receipt attached.');
    expect(assistant.text).toMatch(/\[1\]$/);
    expect(assistant.sources).toHaveLength(1);
    expect(assistant.sources[0]).toMatchObject({ documentId: fileId, name: 'travel-handbook.txt', knowledgeBaseId: kb.id, sourceType: 'file', url: null });
    expect(assistant.sources[0].snippet.length).toBeLessThanOrEqual(300);
    expect(assistant.sources[0].score).toBeGreaterThan(0);
    expect(assistant.sources[0].score).toBeLessThanOrEqual(1);
    expect(assistant.timestamp > user.timestamp).toBe(true);
    expect(sent.body.session).toMatchObject({ id: session.id, name: 'How many days do employees have to submit expense', metadata: { isNewSession: false, channel: 'web' } });
    expect(sent.body.session.updated_at > session.updated_at).toBe(true);

    const listed = await call('GET', `/api/chat/messages/${app.id}/sessions/${session.id}`, tokens.MEMBER);
    expect(listed.body).toEqual({ messages: sent.body.messages });
    const sessions = await call('GET', `/api/chat/sessions/${app.id}`, tokens.MEMBER);
    expect(sessions.body.sessions[0]).toMatchObject({ id: session.id, name: 'How many days do employees have to submit expense' });
  });

  it("answers a conversation's next send from the session this process wrote, and still finds what another process wrote behind its back", async () => {
    const session = await newSession(app.id, tokens.MEMBER);
    expect((await ask(app.id, session.id, tokens.MEMBER, 'How many days for expense reports?')).body.messages).toHaveLength(2);
    const reads: string[] = [];
    const client = platform.ports.database.client;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Key?: { SK?: string }; ExpressionAttributeValues?: Record<string, unknown> };
        if (context.commandName === 'GetItemCommand' && input.Key?.SK?.includes(session.id)) reads.push('session');
        if (context.commandName === 'QueryCommand' && String(input.ExpressionAttributeValues?.[':pk'] ?? '').endsWith(`#SESSION#${session.id}`)) reads.push('messages');
        return next(args);
      },
      { step: 'initialize', name: 'countSessionReads' },
    );
    try {
      const second = await ask(app.id, session.id, tokens.MEMBER, 'And hotel reimbursement?');
      expect(second.body.messages).toHaveLength(4);
      expect(reads).toEqual([]);

      // Another process (another Lambda instance) answers the same session through its own client, unseen here.
      const endpoint = await client.config.endpoint?.();
      const elsewhere = { ...platform.ports.database, client: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, endpoint: `${endpoint?.protocol}//${endpoint?.hostname}:${endpoint?.port}` })) };
      const repository = new SessionRepository(elsewhere);
      const stored = (await repository.get({ organizationId: demo.id, applicationId: app.id, channel: 'web', userId: member.id }, session.id))!;
      const at = new Date().toISOString();
      await repository.storeExchange(stored, {
        user: { id: newMessageId(), session_id: session.id, sender: 'user', text: 'Asked elsewhere', timestamp: at },
        assistant: { id: newMessageId(), session_id: session.id, sender: 'assistant', text: 'Answered elsewhere', timestamp: new Date(Date.parse(at) + 1).toISOString(), sources: [], generator: { kind: 'extractive', model: EXTRACTIVE_MODEL } },
      });
      elsewhere.client.destroy();

      const third = await ask(app.id, session.id, tokens.MEMBER, 'What about meals?');
      expect(third.status, JSON.stringify(third.body)).toBe(200);
      expect(third.body.messages.map((message: Body) => message.text).slice(4, 6)).toEqual(['Asked elsewhere', 'Answered elsewhere']);
      expect(third.body.messages).toHaveLength(8);
      expect((await call('GET', `/api/chat/messages/${app.id}/sessions/${session.id}`, tokens.MEMBER)).body.messages).toEqual(third.body.messages);
    } finally {
      client.middlewareStack.remove('countSessionReads');
    }
  });

  it('keeps the first name, uses the stored messages as context, and says so when nothing is relevant', async () => {
    const session = await newSession(app.id, tokens.MEMBER);
    await ask(app.id, session.id, tokens.MEMBER, 'Hotel reimbursement in capital cities?');
    const second = await call('POST', `/api/chat/messages/${app.id}/sessions/${session.id}`, tokens.MEMBER, {
      message: { text: 'What is the best pizza topping?', sender: 'user', sessionId: session.id, timestamp: '2001-01-01T00:00:00.000Z' },
      history: [{ text: 'ignored', sender: 'user' }],
    });
    expect(second.status).toBe(200);
    expect(second.body.messages).toHaveLength(4);
    expect(second.body.messages[3]).toMatchObject({ text: NOTHING_RELEVANT, sources: [], generator: { kind: 'extractive' } });
    expect(second.body.messages[2].timestamp > '2020').toBe(true);
    expect(second.body.session.name).toBe('Hotel reimbursement in capital cities?');
  });

  it('validates the body with the contract texts', async () => {
    const session = await newSession(app.id, tokens.MEMBER);
    const path = `/api/chat/messages/${app.id}/sessions/${session.id}`;
    expectError(await call('POST', path, tokens.MEMBER, {}), 400, 'Message cannot be empty\nsender must be user');
    expectError(await call('POST', path, tokens.MEMBER, { message: { text: '   ', sender: 'user' } }), 400, 'Message cannot be empty');
    expectError(await call('POST', path, tokens.MEMBER, { message: { text: 'x'.repeat(4001), sender: 'user' } }), 400, 'Message must be at most 4000 characters');
    expectError(await call('POST', path, tokens.MEMBER, { message: { text: 'hi', sender: 'assistant' } }), 400, 'sender must be user');
    expectError(await call('POST', path, tokens.MEMBER, { message: { text: 'hi', sender: 'user', sessionId: 'ses_other' } }), 400, 'sessionId does not match the path');
    expectError(await call('POST', path, tokens.MEMBER, { message: { text: 'hi', sender: 'user' }, history: Array.from({ length: 51 }, () => ({})) }), 400, 'history must be an array of at most 50 messages');
    expect((await call('GET', path, tokens.MEMBER)).body.messages).toEqual([]);
  });

  it('lets a rag_user chat when one of their groups has the application', async () => {
    const session = await newSession(app.id, tokens.RAG_USER);
    const sent = await ask(app.id, session.id, tokens.RAG_USER, 'Is train travel preferred over flights?');
    expect(sent.status).toBe(200);
    expect(sent.body.messages[1].text).toContain('Train travel is preferred over flights for any journey shorter than four hours.');
  });

  it('stores nothing and counts nothing when retrieval fails', async () => {
    const broken = await brokenKnowledgeBase(demo.id);
    const created = await createApp({ indexIds: [broken] });
    const session = await newSession(created.id, tokens.ADMIN);
    const period = conversationCounterName(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString());
    const before = (await getItem(countersKey(demo.id)))?.[period] ?? 0;
    const failed = await ask(created.id, session.id, tokens.ADMIN, 'Hotel limits?');
    expect(failed.body).toEqual({ message: 'Failed to generate a response', status: 502, code: 'UPSTREAM_ERROR' });
    expect((await call('GET', `/api/chat/messages/${created.id}/sessions/${session.id}`, tokens.ADMIN)).body.messages).toEqual([]);
    const after = (await call('GET', `/api/chat/sessions/${created.id}`, tokens.ADMIN)).body.sessions[0];
    expect(after).toMatchObject({ id: session.id, name: 'New chat', updated_at: session.updated_at, metadata: { isNewSession: true } });
    expect((await getItem(countersKey(demo.id)))?.[period] ?? 0).toBe(before);
  });

  it('counts a conversation at the first message only, and refuses a new one at the plan limit (402)', async () => {
    const period = conversationCounterName(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString());
    const ongoing = await newSession(app.id, tokens.MEMBER);
    const before = Number((await getItem(countersKey(demo.id)))?.[period] ?? 0);
    await ask(app.id, ongoing.id, tokens.MEMBER, 'Hotel limits?');
    await ask(app.id, ongoing.id, tokens.MEMBER, 'And elsewhere?');
    expect(Number((await getItem(countersKey(demo.id)))?.[period])).toBe(before + 1);

    await platform.ports.database.client.send(
      new UpdateCommand({ TableName: table(), Key: countersKey(demo.id), UpdateExpression: 'SET #c = :limit', ExpressionAttributeNames: { '#c': period }, ExpressionAttributeValues: { ':limit': 100 } }),
    );
    try {
      const fresh = await newSession(app.id, tokens.MEMBER);
      const refused = await ask(app.id, fresh.id, tokens.MEMBER, 'Hotel limits?');
      expectError(refused, 402, 'Monthly conversation limit reached for your plan');
      expect(refused.body).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { resource: 'conversations', limit: 100, used: 100 } });
      expect((await call('GET', `/api/chat/messages/${app.id}/sessions/${fresh.id}`, tokens.MEMBER)).body.messages).toEqual([]);
      expect((await ask(app.id, ongoing.id, tokens.MEMBER, 'Trains?')).status).toBe(200);
    } finally {
      await platform.ports.database.client.send(
        new UpdateCommand({ TableName: table(), Key: countersKey(demo.id), UpdateExpression: 'SET #c = :n', ExpressionAttributeNames: { '#c': period }, ExpressionAttributeValues: { ':n': before + 1 } }),
      );
    }
  });

  it('refuses a send once the session holds 400 messages (409)', async () => {
    const session = await newSession(app.id, tokens.MEMBER);
    await platform.ports.database.client.send(
      new UpdateCommand({ TableName: table(), Key: chatKeys.session(demo.id, app.id, 'web', member.id, session.id), UpdateExpression: 'SET message_count = :full', ExpressionAttributeValues: { ':full': 400 } }),
    );
    expectError(await ask(app.id, session.id, tokens.MEMBER, 'Hotels?'), 409, 'This chat has reached its message limit. Please start a new chat.');
  });

  it('limits a user to 30 sends a minute (429 with Retry-After)', async () => {
    const user = await createUserWithAccount(platform.ports, { organization: demo, email: `${unique('chatty')}@demo.example.com`, fullName: 'Chatty', role: 'admin', password: PASSWORD });
    const token = await login(user.email, PASSWORD);
    const session = await newSession(app.id, token);
    for (const offset of [0, 1]) {
      const window = fixedWindowAt(Date.now() + offset * CHAT_SEND_LIMIT.windowSeconds * 1000, CHAT_SEND_LIMIT.windowSeconds);
      await putItem({ ...rateCounterKey(CHAT_SEND_LIMIT.scope, user.id, window.index), count: CHAT_SEND_LIMIT.limit, ttl: window.endsAt + 60 });
    }
    const limited = await ask(app.id, session.id, token, 'Hotels?');
    expectError(limited, 429, 'Too many requests. Please try again later.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('API tokens (§16, §17.5)', () => {
  let keyed: Body;
  let apiKey: string;

  beforeAll(async () => {
    await subscribe(demo.id, 'professional');
    keyed = await createApp({ name: 'Public widget', integrations: [{ type: 'api', enabled: true, settings: { rateLimit: 50, allowedOrigins: ['https://shop.example.com'] } }] });
    apiKey = keyed.integrations[0].settings.token;
  });

  it('generates rag_ + 40 characters, shown in full to admins only, stored hashed and encrypted', async () => {
    expect(keyed.integrations).toEqual([{ type: 'api', platform: null, enabled: true, settings: { token: expect.stringMatching(/^rag_[A-Za-z0-9]{40}$/), rateLimit: 50, allowedOrigins: ['https://shop.example.com'] } }]);
    await call('PUT', `/api/rag/${keyed.id}/groups`, tokens.ADMIN, { groupIds: [groupId] });
    expect((await call('GET', `/api/rag/${keyed.id}`, tokens.MEMBER)).body.integrations).toEqual([{ type: 'api', platform: null, enabled: true, settings: {} }]);
    expect(await getItem(applicationKeys.apiTokenClaim(hashApiToken(apiKey)))).toMatchObject({ applicationId: keyed.id, organizationId: demo.id });
    expect(JSON.stringify(await getItem(applicationKeys.application(demo.id, keyed.id)))).not.toContain(apiKey);
  });

  it('serves the application, sessions and messages to the key, with the X-RateLimit headers', async () => {
    const read = await withKey('GET', `/api/rag/${keyed.id}`, apiKey);
    expect(read.body).toEqual({ id: keyed.id, name: 'Public widget', description: keyed.description, enabled: true, llm_model: 'claude-3-sonnet' });
    expect(read.headers.get('x-ratelimit-limit')).toBe('50');
    expect(Number(read.headers.get('x-ratelimit-remaining'))).toBeLessThan(50);
    expect(Number(read.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);

    const created = await withKey('POST', `/api/chat/sessions/${keyed.id}`, apiKey, {});
    expect(created.status).toBe(201);
    expect(created.body.session).toMatchObject({ user_id: 'customer-42', metadata: { channel: 'api', isNewSession: true } });
    const sent = await withKey('POST', `/api/chat/messages/${keyed.id}/sessions/${created.body.session.id}`, apiKey, { message: { text: 'What is the hotel limit per night in capital cities?', sender: 'user' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.messages[1].text).toContain('150 euros per night in capital cities');
    expect(sent.body.messages[1].sources[0]).toMatchObject({ documentId: fileId, knowledgeBaseId: kb.id });
    expect(sent.headers.get('x-ratelimit-limit')).toBe('50');
    expect((await withKey('GET', `/api/chat/messages/${keyed.id}/sessions/${created.body.session.id}`, apiKey)).body.messages).toHaveLength(2);
    const listed = await withKey('GET', `/api/chat/sessions/${keyed.id}`, apiKey);
    expect(listed.body.sessions.map((session: Body) => session.id)).toEqual([created.body.session.id]);
    expect((await withKey('GET', `/api/chat/sessions/${keyed.id}`, apiKey, undefined, { 'x-user-id': 'customer-43' })).body.sessions).toEqual([]);
  });

  it('keeps API sessions apart from web ones, whatever X-User-ID says', async () => {
    const web = await newSession(keyed.id, tokens.MEMBER);
    const asMember = await withKey('GET', `/api/chat/sessions/${keyed.id}`, apiKey, undefined, { 'x-user-id': member.id });
    expect(asMember.body.sessions).toEqual([]);
    expectError(await withKey('GET', `/api/chat/messages/${keyed.id}/sessions/${web.id}`, apiKey, undefined, { 'x-user-id': member.id }), 404, 'Session not found');
  });

  it('requires a valid X-User-ID on the chat routes', async () => {
    const missing = await call('GET', `/api/chat/sessions/${keyed.id}`, undefined, undefined, { 'x-api-key': apiKey });
    expectError(missing, 400, 'X-User-ID header is required');
    expect(missing.headers.get('x-ratelimit-limit')).toBe('50');
    expectError(await withKey('GET', `/api/chat/sessions/${keyed.id}`, apiKey, undefined, { 'x-user-id': 'not valid!' }), 400, 'X-User-ID header is invalid');
  });

  it('refuses an unknown key, a key of another application, and keys on any other route', async () => {
    expectError(await withKey('GET', `/api/rag/${keyed.id}`, `rag_${'x'.repeat(40)}`), 401, 'Invalid API key');
    expectError(await withKey('GET', `/api/rag/${app.id}`, apiKey), 401, 'Invalid API key');
    expectError(await withKey('GET', '/api/rag', apiKey), 401, 'Authentication required');
    expectError(await withKey('GET', `/api/rag/${keyed.id}/access-check`, apiKey), 401, 'Authentication required');
    expectError(await withKey('GET', '/api/knowledge-bases', apiKey), 401, 'Authentication required');
  });

  it('lets a bearer token decide when one is sent', async () => {
    expectError(await call('GET', `/api/rag/${keyed.id}`, 'not-a-jwt', undefined, { 'x-api-key': apiKey }), 401, 'Invalid or expired token');
    const both = await call('GET', `/api/rag/${keyed.id}`, tokens.ADMIN, undefined, { 'x-api-key': apiKey });
    expect(both.body.integrations[0].settings.token).toBe(apiKey);
    expect(both.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('checks the Origin against allowedOrigins; server-to-server calls carry none', async () => {
    expectError(await withKey('GET', `/api/rag/${keyed.id}`, apiKey, undefined, { origin: 'https://evil.example.com' }), 403, 'Origin not allowed');
    expect((await withKey('GET', `/api/rag/${keyed.id}`, apiKey, undefined, { origin: 'https://shop.example.com' })).status).toBe(200);
    expect((await withKey('GET', `/api/rag/${keyed.id}`, apiKey)).status).toBe(200);
  });

  it('refuses with 429, Retry-After and the X-RateLimit headers past the rate limit', async () => {
    for (const offset of [0, 1]) {
      const window = fixedWindowAt(Date.now() + offset * API_KEY_RATE_WINDOW_SECONDS * 1000, API_KEY_RATE_WINDOW_SECONDS);
      await putItem({ ...rateCounterKey(API_KEY_RATE_SCOPE, hashApiToken(apiKey), window.index), count: 49, ttl: window.endsAt + 60 });
    }
    const last = await withKey('GET', `/api/rag/${keyed.id}`, apiKey);
    expect(last.status).toBe(200);
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
    const limited = await withKey('GET', `/api/rag/${keyed.id}`, apiKey);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(limited.body).toEqual({ message: `Rate limit exceeded. Try again in ${retryAfter} seconds.`, status: 429, code: 'RATE_LIMITED' });
    expect(limited.headers.get('x-ratelimit-limit')).toBe('50');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    for (const offset of [0, 1]) {
      const window = fixedWindowAt(Date.now() + offset * API_KEY_RATE_WINDOW_SECONDS * 1000, API_KEY_RATE_WINDOW_SECONDS);
      await putItem({ ...rateCounterKey(API_KEY_RATE_SCOPE, hashApiToken(apiKey), window.index), count: 0, ttl: window.endsAt + 60 });
    }
  });

  it('refuses when API access is off for the application, the organization or the plan', async () => {
    const settings = (enabled: boolean) => ({ integrations: [{ type: 'api', enabled, settings: { token: apiKey, rateLimit: 50, allowedOrigins: ['https://shop.example.com'] } }] });
    expect((await call('PUT', `/api/rag/${keyed.id}`, tokens.ADMIN, settings(false))).status).toBe(200);
    expectError(await withKey('GET', `/api/rag/${keyed.id}`, apiKey), 403, 'API access is disabled for this application');
    expect((await call('PUT', `/api/rag/${keyed.id}`, tokens.ADMIN, settings(true))).body.integrations[0].settings.token).toBe(apiKey);

    await call('PUT', `/api/organizations/${demo.id}/security-settings`, tokens.ADMIN, { apiTokensEnabled: false });
    expectError(await withKey('GET', `/api/rag/${keyed.id}`, apiKey), 403, 'API tokens are disabled for your organization');
    await call('PUT', `/api/organizations/${demo.id}/security-settings`, tokens.ADMIN, { apiTokensEnabled: true });

    await subscribe(demo.id, 'free');
    const refused = await withKey('GET', `/api/rag/${keyed.id}`, apiKey);
    expectError(refused, 402, 'Your plan does not include API access');
    expect(refused.body.code).toBe('QUOTA_EXCEEDED');
    await subscribe(demo.id, 'professional');

    await call('PATCH', `/api/rag/${keyed.id}/enabled`, tokens.ADMIN, { enabled: false });
    expect((await withKey('GET', `/api/rag/${keyed.id}`, apiKey)).body.enabled).toBe(false);
    expectError(await withKey('POST', `/api/chat/sessions/${keyed.id}`, apiKey, {}), 403, 'Application is disabled');
    await call('PATCH', `/api/rag/${keyed.id}/enabled`, tokens.ADMIN, { enabled: true });
  });

  it('regenerates: the old token is refused at once, the new one works; a supplied token must be unique', async () => {
    const regenerated = await call('PUT', `/api/rag/${keyed.id}`, tokens.ADMIN, { integrations: [{ type: 'api', enabled: true, settings: { regenerateToken: true } }] });
    const fresh = regenerated.body.integrations[0].settings.token;
    expect(fresh).toMatch(/^rag_/);
    expect(fresh).not.toBe(apiKey);
    expect(regenerated.body.integrations[0].settings).toMatchObject({ rateLimit: 50, allowedOrigins: ['https://shop.example.com'] });
    expectError(await withKey('GET', `/api/rag/${keyed.id}`, apiKey), 401, 'Invalid API key');
    expect((await withKey('GET', `/api/rag/${keyed.id}`, fresh)).status).toBe(200);
    expect(await getItem(applicationKeys.apiTokenClaim(hashApiToken(apiKey)))).toBeUndefined();

    const supplied = `rag_${'S'.repeat(36)}`;
    expect((await createApp({ integrations: [{ type: 'api', enabled: true, settings: { token: supplied } }] })).integrations[0].settings.token).toBe(supplied);
    const clash = await call('POST', '/api/rag', tokens.ADMIN, appBody({ integrations: [{ type: 'api', enabled: true, settings: { token: supplied } }] }));
    expect(clash.status).toBe(409);
    apiKey = fresh;
  });

  it('refuses the key of a deleted application', async () => {
    const doomed = await createApp({ integrations: [{ type: 'api', enabled: true, settings: {} }] });
    const key = doomed.integrations[0].settings.token;
    expect((await withKey('GET', `/api/rag/${doomed.id}`, key)).status).toBe(200);
    expect((await call('DELETE', `/api/rag/${doomed.id}`, tokens.ADMIN)).status).toBe(204);
    expectError(await withKey('GET', `/api/rag/${doomed.id}`, key), 401, 'Invalid API key');
  });
});

describe('Slack (§16.10, §18.1)', () => {
  const SIGNING_SECRET = 'slack-signing-secret-0123456789';
  const BOT_TOKEN = 'xoxb-1111-2222-abcdefghijkl';
  let slackApp: Body;
  let slack: Server;
  const posts: Array<{ authorization: string | undefined; body: Body }> = [];
  const answers: Body[] = [];

  const signed = (appId: string, payload: unknown, secret = SIGNING_SECRET, at = Math.floor(Date.now() / 1000)) => {
    const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return callApi<Body>(platform.url, 'POST', `/api/integrations/slack/events/${appId}`, {
      rawBody: raw,
      headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': String(at), 'x-slack-signature': slackSignature(secret, String(at), raw) },
    });
  };
  const mention = (eventId: string, extra: Body = {}) => ({
    type: 'event_callback',
    team_id: 'T0001',
    event_id: eventId,
    event: { type: 'app_mention', user: 'U0001', text: '<@U0BOT> What is the hotel limit?', channel: 'C0123ABCD', ts: '1700000000.000100', ...extra },
  });

  beforeAll(async () => {
    slack = createServer((request: IncomingMessage, response) => {
      let raw = '';
      request.on('data', (part) => (raw += part));
      request.on('end', () => {
        const body = JSON.parse(raw) as Body;
        posts.push({ authorization: request.headers.authorization, body });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body.channel === '#closed' ? { ok: false, error: 'channel_not_found' } : { ok: true, ts: '1.2' }));
      });
    });
    await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
    process.env.SLACK_API_BASE_URL = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/api`;
    platform.queue.register('chat-events', async (event: SQSEvent) => {
      for (const record of event.Records) answers.push(JSON.parse(record.body) as Body);
    });
    slackApp = await createApp({
      name: 'Slack helper',
      integrations: [{ type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: BOT_TOKEN, signingSecret: SIGNING_SECRET, channels: '#travel, #closed' } }],
    });
    await call('PUT', `/api/rag/${slackApp.id}/groups`, tokens.ADMIN, { groupIds: [groupId] });
  });

  afterAll(() => new Promise<void>((resolve) => slack.close(() => resolve())));

  it('masks the Slack secrets, shows the events URL, stores the secrets encrypted and keeps them on masked input', async () => {
    expect(slackApp.integrations).toEqual([
      {
        type: 'messaging',
        platform: 'slack',
        enabled: true,
        settings: { botToken: '********ijkl', signingSecret: '********6789', channels: '#travel,#closed', eventsUrl: `${platform.url}/api/integrations/slack/events/${slackApp.id}` },
      },
    ]);
    const raw = JSON.stringify(await getItem(applicationKeys.application(demo.id, slackApp.id)));
    expect(raw).not.toContain(BOT_TOKEN);
    expect(raw).not.toContain(SIGNING_SECRET);
    const kept = await call('PUT', `/api/rag/${slackApp.id}`, tokens.ADMIN, { integrations: [{ type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: '********ijkl', signingSecret: '********6789', channels: '#travel, #closed' } }] });
    expect(kept.body.integrations[0].settings).toMatchObject({ botToken: '********ijkl', signingSecret: '********6789' });
    expect((await signed(slackApp.id, { type: 'url_verification', challenge: 'still-verifies' })).body).toEqual({ challenge: 'still-verifies' });
  });

  it('answers url_verification, and refuses bad signatures and applications without Slack', async () => {
    expect((await signed(slackApp.id, { type: 'url_verification', challenge: 'abc123' })).body).toEqual({ challenge: 'abc123' });
    expectError(await signed(slackApp.id, { type: 'url_verification', challenge: 'x' }, 'wrong-secret'), 401, 'Invalid Slack signature');
    expectError(await signed(slackApp.id, { type: 'url_verification', challenge: 'x' }, SIGNING_SECRET, Math.floor(Date.now() / 1000) - 400), 401, 'Invalid Slack signature');
    expectError(await signed(app.id, { type: 'url_verification', challenge: 'x' }), 404, 'Application not found');
    expectError(await signed('app_missing', { type: 'url_verification', challenge: 'x' }), 404, 'Application not found');
    expectError(await signed(slackApp.id, '{"type": '), 400, 'Invalid JSON body');
  });

  it('queues slack.answer for a mention once, however often Slack repeats it, and ignores bots', async () => {
    expect((await signed(slackApp.id, mention('Ev0001'))).body).toEqual({ ok: true });
    expect((await signed(slackApp.id, mention('Ev0001'))).body).toEqual({ ok: true });
    expect((await signed(slackApp.id, mention('Ev0002', { bot_id: 'B1' }))).body).toEqual({ ok: true });
    expect((await signed(slackApp.id, mention('Ev0003', { type: 'message', channel_type: 'channel' }))).body).toEqual({ ok: true });
    expect((await signed(slackApp.id, mention('Ev0004', { type: 'message', channel_type: 'im', text: 'Trains or flights?', thread_ts: '1699999999.000001' }))).body).toEqual({ ok: true });
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(2);
    expect(answers[0]).toMatchObject({
      type: 'slack.answer',
      version: 1,
      organizationId: demo.id,
      payload: { applicationId: slackApp.id, teamId: 'T0001', channel: 'C0123ABCD', threadTs: '1700000000.000100', slackUserId: 'U0001', text: 'What is the hotel limit?', eventId: 'Ev0001' },
    });
    expect(answers[1]?.payload).toMatchObject({ threadTs: '1699999999.000001', text: 'Trains or flights?', eventId: 'Ev0004' });
  });

  it('does nothing for a disabled application, but still answers 200', async () => {
    await call('PATCH', `/api/rag/${slackApp.id}/enabled`, tokens.ADMIN, { enabled: false });
    expect((await signed(slackApp.id, mention('Ev0009'))).body).toEqual({ ok: true });
    await call('PATCH', `/api/rag/${slackApp.id}/enabled`, tokens.ADMIN, { enabled: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answers.map((answer) => answer.payload.eventId)).not.toContain('Ev0009');
  });

  it('notifies the configured channels of a real recent exchange; failures are per channel', async () => {
    const session = await newSession(slackApp.id, tokens.MEMBER);
    const sent = await ask(slackApp.id, session.id, tokens.MEMBER, 'Is train travel preferred over flights?');
    const [question, reply] = sent.body.messages;
    const notified = await call('POST', `/api/rag/integrations/${slackApp.id}/notify`, tokens.MEMBER, {
      query: ` ${question.text} `,
      response: reply.text,
      integrations: [{ type: 'messaging', platform: 'slack', settings: { botToken: 'xoxb-evil' } }],
    });
    expect(notified.status, JSON.stringify(notified.body)).toBe(200);
    expect(notified.body).toEqual({
      results: [
        { type: 'messaging', platform: 'slack', channel: '#travel', success: true },
        { type: 'messaging', platform: 'slack', channel: '#closed', success: false, error: 'channel_not_found' },
      ],
    });
    const travel = posts.find((post) => post.body.channel === '#travel');
    expect(travel?.authorization).toBe(`Bearer ${BOT_TOKEN}`);
    expect(travel?.body.text).toBe(`*Q:* ${question.text}\n*A:* ${reply.text}`);
  });

  it('refuses text that is not a recent exchange of the caller, and validates the body', async () => {
    const path = `/api/rag/integrations/${slackApp.id}/notify`;
    expectError(await call('POST', path, tokens.MEMBER, { query: 'Post this', response: 'to everyone' }), 400, 'Query and response must match a recent exchange of your chat');
    expectError(await call('POST', path, tokens.MEMBER, {}), 400, 'Query is required\nResponse is required');
    expectError(await call('POST', path, tokens.OUTSIDER, { query: 'q', response: 'r' }), 403, NO_ACCESS);
    expect((await call('POST', `/api/rag/integrations/${app.id}/notify`, tokens.ADMIN, { query: 'q', response: 'r' })).status).toBe(400);
  });

  it('answers results: [] when no messaging integration is enabled', async () => {
    const session = await newSession(app.id, tokens.MEMBER);
    const sent = await ask(app.id, session.id, tokens.MEMBER, 'Hotel limits in capital cities?');
    const notified = await call('POST', `/api/rag/integrations/${app.id}/notify`, tokens.MEMBER, { query: sent.body.messages[0].text, response: sent.body.messages[1].text });
    expect(notified.body).toEqual({ results: [] });
  });
});
