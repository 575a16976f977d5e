import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotencyRepository } from '../../functions/domain/idempotency/idempotency-repository';
import { UserRepository, type UserRecord } from '../../functions/domain/users/user-repository';
import { idempotencyScopeHash, IDEMPOTENCY_MESSAGES } from '../../functions/http/idempotency';
import { removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import { knowledgeFlows, type Body, type KnowledgeFlows } from '../support/knowledge-flows';
import { unique } from '../support/unique-values';
import { ALLOW_PRIVATE_URLS_ENV } from '../../functions/domain/outbound/address-policy';
import { ENV } from '../../functions/platform/environment';
import { startFakeGoogleDrive } from '../support/fake-google-drive/fake-google-drive-server';

/**
 * Contract conventions every family shares: bounded ids and values never reach the table as a 500
 * (§1.4, §1.6), Idempotency-Key (§1.7), and the system_admin as the system organization's admin (§1.3).
 */

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let flows: KnowledgeFlows;
const tokens = {} as Record<'SYSTEM_ADMIN' | 'ADMIN' | 'USER' | 'RAG_USER', string>;
let systemAdmin: UserRecord;
let admin: UserRecord;

function expectErrorShape(answer: JsonAnswer<Body>, status: number): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ status, message: expect.any(String), code: expect.any(String) });
}

beforeAll(async () => {
  platform = await startTestPlatform({ trustProxy: true });
  flows = knowledgeFlows(platform);
  for (const role of ['SYSTEM_ADMIN', 'ADMIN', 'USER', 'RAG_USER'] as const) tokens[role] = await flows.login(platform.credentials[role].email, platform.credentials[role].password);
  const users = new UserRepository(platform.ports.database);
  systemAdmin = (await users.findByEmail(platform.credentials.SYSTEM_ADMIN.email)) as UserRecord;
  admin = (await users.findByEmail(platform.credentials.ADMIN.email)) as UserRecord;
});

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('values the table cannot hold are refused as input, never a 500 (§1.4, §1.6)', () => {
  const huge = 'x'.repeat(20_000);

  it('refuses 20,000-character ids in upload-complete and move bodies as invalid ids', async () => {
    const answers = [
      await flows.call('POST', '/api/data-sources/upload-complete', tokens.ADMIN, { dataSourceId: huge, objectName: huge }),
      await flows.call('POST', '/api/data-sources/upload-complete', tokens.ADMIN, { dataSourceId: 'fil_unknown', folderId: huge }),
      await flows.call('POST', '/api/data-sources/move', tokens.ADMIN, { sourceId: huge, folderId: huge }),
      await flows.call('POST', '/api/data-sources/move', tokens.ADMIN, { sourceId: 'fil_unknown', folderId: huge }),
      await flows.call('POST', '/api/folders/move', tokens.ADMIN, { sourceId: huge }),
      await flows.call('POST', '/api/folders', tokens.ADMIN, { name: unique('Deep '), parent_id: huge }),
    ];
    for (const answer of answers) {
      expectErrorShape(answer, 400);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
    }
    expect(answers[0]!.body.message.split('\n')).toContain('Invalid data source ID');
    expect(answers[2]!.body.message).toBe('Invalid data source ID\nInvalid folder ID');
  });

  it('answers a path id far past any key limit as input, in the §1.4 shape', async () => {
    const longId = 'z'.repeat(3000);
    for (const path of [`/api/data-sources/${longId}`, `/api/folders/${longId}`, `/api/groups/${longId}`, `/api/knowledge-bases/${longId}`]) {
      const answer = await flows.call('GET', path, tokens.ADMIN);
      expect(answer.status, `${path.slice(0, 30)}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      expectErrorShape(answer, answer.status);
    }
  });

  it('refuses chat session metadata the table cannot store (1e308, deep nesting) with the metadata message', async () => {
    const fileId = await flows.uploadFile(tokens.ADMIN, `${unique('notes-')}.txt`, 'Hotels are paid up to 150 euros a night.');
    const kb = await flows.readyKnowledgeBase(tokens.ADMIN, unique('Conventions '), [fileId]);
    const application = await flows.createApplication(tokens.ADMIN, { name: unique('Conventions app '), indexIds: [kb.id] });
    let deep: unknown = 'leaf';
    for (let level = 0; level < 40; level++) deep = { level: deep };
    for (const metadata of [{ topic: 1e308 }, { topic: -1e200 }, { topic: 1e100 }, deep]) {
      const answer = await flows.call('POST', `/api/chat/sessions/${application.id}`, tokens.ADMIN, { metadata });
      expectErrorShape(answer, 400);
      expect(answer.body.message).toBe('Metadata must be an object of at most 4 KB');
    }
    const kept = await flows.call('POST', `/api/chat/sessions/${application.id}`, tokens.ADMIN, { metadata: { topic: 12345.5, zero: -0 } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    expect(kept.body.session.metadata.topic).toBe(12345.5);
  });
});

describe('Idempotency-Key (§1.7)', () => {
  const folderNamed = async (name: string) => ((await flows.call('GET', `/api/folders?search=${encodeURIComponent(name)}`, tokens.ADMIN)).body.folders as Body[]).filter((folder) => folder.name === name);

  it('replays a repeat with the stored status and body, and creates nothing twice', async () => {
    const name = unique('Once ');
    const key = unique('key-');
    const first = await flows.call('POST', '/api/folders', tokens.ADMIN, { name }, { 'idempotency-key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The same JSON in another key order is the same request.
    const again = await flows.call('POST', '/api/folders', tokens.ADMIN, { description: undefined, name }, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-request-id')).toBeTruthy();
    expect(await folderNamed(name)).toHaveLength(1);
  });

  it('refuses the key with another body, and keys outside 1–255 characters', async () => {
    const key = unique('key-');
    expect((await flows.call('POST', '/api/folders', tokens.ADMIN, { name: unique('First ') }, { 'idempotency-key': key })).status).toBe(201);
    const other = await flows.call('POST', '/api/folders', tokens.ADMIN, { name: unique('Second ') }, { 'idempotency-key': key });
    expectErrorShape(other, 409);
    expect(other.body).toMatchObject({ code: 'CONFLICT', message: IDEMPOTENCY_MESSAGES.differentRequest });

    const name = unique('Long key ');
    const tooLong = await flows.call('POST', '/api/folders', tokens.ADMIN, { name }, { 'idempotency-key': 'k'.repeat(256) });
    expectErrorShape(tooLong, 400);
    expect(tooLong.body.message).toBe(IDEMPOTENCY_MESSAGES.keyLength);
    expect(await folderNamed(name)).toHaveLength(0);
    expect((await flows.call('POST', '/api/folders', tokens.ADMIN, { name }, { 'idempotency-key': 'k'.repeat(255) })).status).toBe(201);
  });

  it('scopes the key to the caller and the path', async () => {
    const key = unique('shared-');
    const byAdmin = await flows.call('POST', '/api/folders', tokens.ADMIN, { name: unique('Admin ') }, { 'idempotency-key': key });
    const byUser = await flows.call('POST', '/api/folders', tokens.USER, { name: unique('User ') }, { 'idempotency-key': key });
    expect([byAdmin.status, byUser.status]).toEqual([201, 201]);
    expect(byUser.headers.get('idempotent-replayed')).toBeNull();
    const elsewhere = await flows.call('POST', '/api/groups', tokens.ADMIN, { name: unique('Group ') }, { 'idempotency-key': key });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const key = unique('running-');
    const body = { name: unique('Running ') };
    const { createHash } = await import('node:crypto');
    const fingerprint = createHash('sha256').update(`\n${JSON.stringify(body)}`).digest('hex');
    await new IdempotencyRepository(platform.ports.database).claim(idempotencyScopeHash(`user:${admin.id}`, 'POST', '/api/folders', key), fingerprint);
    const answer = await flows.call('POST', '/api/folders', tokens.ADMIN, body, { 'idempotency-key': key });
    expectErrorShape(answer, 409);
    expect(answer.body.message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    expect(await folderNamed(body.name)).toHaveLength(0);
  });

  it('lets concurrent repeats run the request once', async () => {
    // Each upload-url call makes a new pending file with its own id, so any second run would show.
    const key = unique('race-');
    const body = { filename: `${unique('raced-')}.txt`, size: 10 };
    const answers = await Promise.all(Array.from({ length: 6 }, () => flows.call('POST', '/api/data-sources/upload-url', tokens.ADMIN, body, { 'idempotency-key': key })));
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.filter((answer) => answer.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(new Set(created.map((answer) => answer.body.dataSourceId)).size).toBe(1);
    const replay = await flows.call('POST', '/api/data-sources/upload-url', tokens.ADMIN, body, { 'idempotency-key': key });
    expect(replay.body.dataSourceId).toBe(created[0]!.body.dataSourceId);
  });

  it('keeps a 4xx answer for replays, and releases a 5xx so the retry runs again', async () => {
    const key = unique('refused-');
    const refused = await flows.call('POST', '/api/folders', tokens.ADMIN, { name: '' }, { 'idempotency-key': key });
    expectErrorShape(refused, 400);
    const refusedAgain = await flows.call('POST', '/api/folders', tokens.ADMIN, { name: '' }, { 'idempotency-key': key });
    expect(refusedAgain.body).toEqual(refused.body);
    expect(refusedAgain.headers.get('idempotent-replayed')).toBe('true');

    // A Google Drive that answers 503 makes the sync a 502 (§12.2), a server-side answer that must not be kept.
    const drive = await startFakeGoogleDrive({ tokens: ['ya29.conventions'] });
    drive.setFailing(true);
    const saved = { base: process.env[ENV.googleApiBaseUrl], policy: process.env[ALLOW_PRIVATE_URLS_ENV] };
    process.env[ENV.googleApiBaseUrl] = drive.origin;
    process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
    try {
      const failedKey = unique('failed-');
      for (let attempt = 0; attempt < 2; attempt++) {
        const failed = await flows.call('POST', '/api/drive/sync', tokens.ADMIN, { fileIds: ['x'] }, { 'idempotency-key': failedKey, 'x-drive-access-token': 'ya29.conventions' });
        expectErrorShape(failed, 502);
        expect(failed.headers.get('idempotent-replayed')).toBeNull();
      }
      expect(drive.requests.filter((request) => request.path === '/drive/v3/files/x')).toHaveLength(2);
    } finally {
      for (const [name, value] of [[ENV.googleApiBaseUrl, saved.base], [ALLOW_PRIVATE_URLS_ENV, saved.policy]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await drive.close();
    }
  });

  it('leaves public auth endpoints alone: a repeated login is a new sign-in', async () => {
    const key = unique('login-');
    const body = { email: platform.credentials.USER.email, password: platform.credentials.USER.password };
    const first = await flows.call('POST', '/api/auth/login', undefined, body, { 'idempotency-key': key });
    const second = await flows.call('POST', '/api/auth/login', undefined, body, { 'idempotency-key': key });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.token).not.toBe(first.body.token);
  });
});

describe('the system_admin is the system organization\'s admin (§1.3, §25 item 29)', () => {
  it('reaches data sources, folders, storage credentials and the dashboard of its own organization', async () => {
    const token = tokens.SYSTEM_ADMIN;
    expect((await flows.call('GET', '/api/data-sources', token)).status).toBe(200);
    expect((await flows.call('GET', '/api/folders', token)).status).toBe(200);
    expect((await flows.call('GET', '/api/folders/hierarchy', token)).status).toBe(200);
    const folder = await flows.call('POST', '/api/folders', token, { name: unique('System ') });
    expect(folder.status, JSON.stringify(folder.body)).toBe(201);
    const ticket = await flows.call('POST', '/api/data-sources/upload-url', token, { filename: 'system.txt', size: 5 });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const credentials = await flows.call('GET', `/api/storage-credentials/${systemAdmin.id}`, token);
    expect(credentials.status, JSON.stringify(credentials.body)).not.toBe(403);
    expect(credentials.status).toBeLessThan(500);
    expect((await flows.call('GET', '/api/dashboard/resources', token)).status).toBe(200);
    expect((await flows.call('GET', '/api/knowledge-bases', token)).status).toBe(200);
  });

  it('still has no member rights in another organization, and rag_user none anywhere', async () => {
    const other = await flows.call('GET', `/api/storage-credentials/${admin.id}`, tokens.SYSTEM_ADMIN);
    expect(other.status).toBe(404);
    expect((await flows.call('GET', '/api/data-sources', tokens.RAG_USER)).status).toBe(403);
  });
});
