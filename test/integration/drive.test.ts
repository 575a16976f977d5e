import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { countersKey } from '../../functions/contracts/keys/table-keys';
import { driveImportMessage } from '../../functions/contracts/messages/drive-import-message';
import { readStorageCounters } from '../../functions/domain/cloud-resources/storage-counters';
import { failDeadLetteredIndexing } from '../../functions/domain/ingestion/dead-letters';
import { UNPROCESSED_MESSAGE } from '../../functions/domain/ingestion/ingest-claim';
import { mutateFile, revise } from '../../functions/domain/files/file-writes';
import { storageLimitOf } from '../../functions/domain/files/storage-limit';
import { ALLOW_PRIVATE_URLS_ENV } from '../../functions/domain/outbound/address-policy';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { ENV } from '../../functions/platform/environment';
import { minimalDocx } from '../support/extraction/fixture-builders';
import { startFakeGoogleDrive, type FakeGoogleDrive } from '../support/fake-google-drive/fake-google-drive-server';
import { knowledgeFlows, waitUntil, type Body, type KnowledgeFlows } from '../support/knowledge-flows';
import { removeDataDir, startTestPlatform } from '../support/local-platform-fixture';
import { unique } from '../support/unique-values';

/**
 * Contract §12 through the HTTP API against a fake Google Drive (test/support/fake-google-drive):
 * listing with paging and search, syncs that import files and export Google Docs, the per-file
 * refusals, re-imports under the same id, the token's journey, roles, tenants and the plan's storage.
 */

const PASSWORD = 'Correct-Horse-9';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TOKEN = `ya29.${unique('drive-token')}`;
const OTHER_TOKEN = `ya29.${unique('other-token')}`;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let flows: KnowledgeFlows;
let drive: FakeGoogleDrive;
let admin: string;
let user: string;
let ragUser: string;
let foreignAdmin: string;
let demo: OrganizationRecord;
let planDocx: Uint8Array;

const savedPolicy = process.env[ALLOW_PRIVATE_URLS_ENV];
const savedBase = process.env[ENV.googleApiBaseUrl];

const withToken = (token = TOKEN, extra: Record<string, string> = {}) => ({ 'x-drive-access-token': token, 'x-cloud-provider': 'aws', ...extra });
const list = (query = '', token = TOKEN, caller = admin) => flows.call('GET', `/api/drive/files${query}`, caller, undefined, withToken(token));
const sync = (body: unknown, token = TOKEN, caller = admin, headers: Record<string, string> = {}) => flows.call('POST', '/api/drive/sync', caller, body, withToken(token, headers));
const item = async (id: string, caller = admin) => (await flows.call('GET', `/api/data-sources/${id}`, caller)).body;

beforeAll(async () => {
  planDocx = await minimalDocx([{ heading: 'Quarterly plan', level: 1 }, { paragraph: 'The ferry timetable changes in March, when the evening crossing moves to 19:40.' }]);
  drive = await startFakeGoogleDrive({
    tokens: [TOKEN, OTHER_TOKEN],
    files: [
      { id: 'f-handbook', name: 'Harbor handbook.txt', mimeType: 'text/plain', modifiedTime: '2026-05-06T10:00:00.000Z', content: Buffer.from('Berth fees are 42 crowns a night for boats under twelve metres.') },
      { id: 'f-plan', name: 'Quarterly plan', mimeType: 'application/vnd.google-apps.document', modifiedTime: '2026-05-05T10:00:00.000Z', exports: { [DOCX]: planDocx } },
      { id: 'f-video', name: 'launch.mp4', mimeType: 'video/mp4', modifiedTime: '2026-05-04T10:00:00.000Z', content: Buffer.from('not really a video') },
      { id: 'f-huge', name: 'archive.pdf', mimeType: 'application/pdf', modifiedTime: '2026-05-03T10:00:00.000Z', content: Buffer.from('%PDF-1.4'), declaredSize: 60 * 1024 * 1024 },
      { id: 'f-form', name: 'Survey', mimeType: 'application/vnd.google-apps.form', modifiedTime: '2026-05-02T10:00:00.000Z' },
      { id: 'f-notes', name: 'notes.md', mimeType: 'text/markdown', modifiedTime: '2026-05-01T10:00:00.000Z', content: Buffer.from('# Notes\n\nRevoked before it could be read.'), revokesTokenOnDownload: true },
      { id: 'f-folder', name: 'Reports', mimeType: 'application/vnd.google-apps.folder', modifiedTime: '2026-05-07T10:00:00.000Z' },
      { id: 'f-bin', name: 'old.txt', mimeType: 'text/plain', modifiedTime: '2026-05-08T10:00:00.000Z', content: Buffer.from('trashed'), trashed: true },
    ],
  });
  // The fake runs on loopback, which only this override lets outbound calls reach (§1.10).
  process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
  process.env[ENV.googleApiBaseUrl] = drive.origin;
  platform = await startTestPlatform({ trustProxy: true });
  flows = knowledgeFlows(platform);
  admin = await flows.login(platform.credentials.ADMIN.email, platform.credentials.ADMIN.password);
  user = await flows.login(platform.credentials.USER.email, platform.credentials.USER.password);
  ragUser = await flows.login(platform.credentials.RAG_USER.email, platform.credentials.RAG_USER.password);
  const systemAdmin = await flows.login(platform.credentials.SYSTEM_ADMIN.email, platform.credentials.SYSTEM_ADMIN.password);
  demo = (await new OrganizationRepository(platform.ports.database).findByDomain('demo.example.com')) as OrganizationRecord;
  const domain = `${unique('drive')}.example.com`;
  const created = await flows.call('POST', '/api/organizations', systemAdmin, { name: unique('Drive Other '), domain, adminEmail: `boss@${domain}`, adminFullName: 'Other Boss', adminPassword: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  foreignAdmin = await flows.login(`boss@${domain}`, PASSWORD);
});

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
  await drive?.close();
  if (savedPolicy === undefined) delete process.env[ALLOW_PRIVATE_URLS_ENV];
  else process.env[ALLOW_PRIVATE_URLS_ENV] = savedPolicy;
  if (savedBase === undefined) delete process.env[ENV.googleApiBaseUrl];
  else process.env[ENV.googleApiBaseUrl] = savedBase;
});

describe('who may call §12', () => {
  it('is the admins’ family: members and RAG users get 403, no session 401', async () => {
    for (const token of [user, ragUser]) {
      expect((await list('', TOKEN, token)).status).toBe(403);
      expect((await sync({ fileIds: ['f-handbook'] }, TOKEN, token)).status).toBe(403);
    }
    expect((await flows.call('GET', '/api/drive/files', undefined, undefined, withToken())).status).toBe(401);
    expect((await flows.call('POST', '/api/drive/sync', undefined, { fileIds: ['f-handbook'] }, withToken())).status).toBe(401);
  });

  it('needs the Google token and a supported cloud provider (header, or the body’s override)', async () => {
    for (const answer of [await flows.call('GET', '/api/drive/files', admin), await flows.call('POST', '/api/drive/sync', admin, { fileIds: ['f-handbook'] })]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'DRIVE_AUTH_REQUIRED', message: 'No access token provided' });
    }
    const gcp = await flows.call('GET', '/api/drive/files', admin, undefined, withToken(TOKEN, { 'x-cloud-provider': 'gcp' }));
    expect(gcp.status).toBe(400);
    expect(gcp.body.message).toBe('Unsupported cloud provider: gcp');
    const overridden = await sync({ fileIds: ['f-handbook'], cloudProvider: 'azure' });
    expect(overridden.status).toBe(400);
    expect(overridden.body.message).toBe('Unsupported cloud provider: azure');
  });

  it('answers a token Google rejects with 400 DRIVE_AUTH_REQUIRED, never 401', async () => {
    for (const answer of [await list('', 'ya29.revoked'), await sync({ fileIds: ['f-handbook'] }, 'ya29.revoked')]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'DRIVE_AUTH_REQUIRED', message: 'Not authenticated with Google Drive' });
    }
  });

  it('answers 502 while Google Drive is unreachable', async () => {
    drive.setFailing(true);
    try {
      const listed = await list();
      expect(listed.status).toBe(502);
      expect(listed.body.message).toBe('Failed to load drive files');
      const synced = await sync({ fileIds: ['f-handbook'] });
      expect(synced.status).toBe(502);
      expect(synced.body.message).toBe('Failed to sync files');
    } finally {
      drive.setFailing(false);
    }
  });
});

describe('GET /api/drive/files (§12.1)', () => {
  it('lists non-folder, non-trashed files newest first, page by page', async () => {
    const first = await list('?pageSize=2');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((first.body.files as Body[]).map((file) => file.id)).toEqual(['f-handbook', 'f-plan']);
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    const second = await list(`?pageSize=2&pageToken=${encodeURIComponent(first.body.nextPageToken)}`);
    expect((second.body.files as Body[]).map((file) => file.id)).toEqual(['f-video', 'f-huge']);
    const third = await list(`?pageSize=2&pageToken=${encodeURIComponent(second.body.nextPageToken)}`);
    expect((third.body.files as Body[]).map((file) => file.id)).toEqual(['f-form', 'f-notes']);
    expect(third.body.nextPageToken).toBeUndefined();
  });

  it('describes each file as a DriveFile: size null for Google documents, supported by type', async () => {
    const { body } = await list();
    const byId = Object.fromEntries((body.files as Body[]).map((file) => [file.id, file]));
    expect(byId['f-handbook']).toMatchObject({ name: 'Harbor handbook.txt', mimeType: 'text/plain', size: 63, modifiedTime: '2026-05-06T10:00:00.000Z', supported: true, isSynced: false });
    expect(byId['f-handbook'].webViewLink).toContain('f-handbook');
    expect(byId['f-plan']).toMatchObject({ size: null, supported: true });
    expect(byId['f-video'].supported).toBe(false);
    expect(byId['f-form'].supported).toBe(false);
    // A large PDF is of an accepted type; its size is refused when it is synced.
    expect(byId['f-huge'].supported).toBe(true);
  });

  it('searches names, and clamps the page size to 1–100', async () => {
    const found = await list('?search=handbook');
    expect((found.body.files as Body[]).map((file) => file.id)).toEqual(['f-handbook']);
    const quoted = await list(`?search=${encodeURIComponent("it's")}`);
    expect(quoted.status).toBe(200);
    expect(quoted.body.files).toEqual([]);
    await list('?pageSize=0');
    expect(drive.requests.at(-1)!.query.pageSize).toBe('1');
    await list('?pageSize=500');
    expect(drive.requests.at(-1)!.query.pageSize).toBe('100');
    await list('?pageSize=abc');
    expect(drive.requests.at(-1)!.query.pageSize).toBe('50');
    expect(drive.requests.at(-1)!.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('POST /api/drive/sync (§12.2)', () => {
  let handbookId: string;
  let planId: string;

  it('validates the selection and the folder', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, 'At least one file must be selected'],
      [{ fileIds: [] }, 400, 'At least one file must be selected'],
      [{ fileIds: Array.from({ length: 51 }, (_, index) => `f-${index}`) }, 400, 'At most 50 files can be synced at once'],
      [{ fileIds: ['f-handbook'], folderId: 'fld_nowhere' }, 404, 'Folder not found'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await sync(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    const foreignRoot = (await flows.call('GET', '/api/folders', foreignAdmin)).body.rootFolder.id as string;
    const intoForeign = await sync({ fileIds: ['f-handbook'], folderId: foreignRoot });
    expect(intoForeign.status).toBe(404);
    expect(intoForeign.body.message).toBe('Folder not found');
  });

  it('imports files and exports Google Docs, answering the others with their reasons; the items become active and count in storage', async () => {
    const before = (await readStorageCounters(platform.ports.database, demo.id)).storageBytes;
    const answer = await sync({ fileIds: ['f-handbook', 'f-plan', 'f-video', 'f-huge', 'f-form', 'f-missing'], cloudProvider: 'aws' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body.success).toBe(true);
    expect(answer.body.failed).toEqual([
      { fileId: 'f-video', message: 'File type not accepted' },
      { fileId: 'f-huge', message: 'File size exceeds 50MB limit' },
      { fileId: 'f-form', message: 'File type not accepted' },
      { fileId: 'f-missing', message: 'File not found in Google Drive' },
    ]);
    const items = answer.body.dataSources as Body[];
    expect(items.map((entry) => [entry.name, entry.status, entry.source_type, entry.metadata.drive_file_id])).toEqual([
      ['Harbor handbook.txt', 'pending', 'drive_sync', 'f-handbook'],
      ['Quarterly plan.docx', 'pending', 'drive_sync', 'f-plan'],
    ]);
    handbookId = items[0]!.id;
    planId = items[1]!.id;
    for (const id of [handbookId, planId]) await waitUntil(async () => (await item(id)).status, 'active', 30_000);

    const plan = await item(planId);
    expect(plan.metadata).toMatchObject({ mime_type: DOCX, file_size: planDocx.length, drive_file_id: 'f-plan' });
    expect(plan.metadata.sync_completed_at).toEqual(expect.any(String));
    expect(drive.requests.some((request) => request.path === '/drive/v3/files/f-plan/export' && request.query.mimeType === DOCX)).toBe(true);
    expect(drive.requests.some((request) => request.path === '/drive/v3/files/f-handbook' && request.query.alt === 'media' && request.authorization === `Bearer ${TOKEN}`)).toBe(true);
    const after = (await readStorageCounters(platform.ports.database, demo.id)).storageBytes;
    expect(after - before).toBe(63 + planDocx.length);

    // Downloads like an upload: the object stored is the file Drive sent.
    const download = await fetch(`${platform.url}/api/files/download/${handbookId}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(download.status).toBe(200);
    expect(await download.text()).toContain('Berth fees are 42 crowns');
  });

  it('shows synced files in the synced-files preset and marks them Synced in the list', async () => {
    const preset = await flows.call('GET', '/api/data-sources?source=drive_sync&recursive=true', admin);
    expect((preset.body.dataSources as Body[]).map((entry) => entry.id).sort()).toEqual([handbookId, planId].sort());
    const uploads = await flows.call('GET', '/api/data-sources?source=file_upload&recursive=true', admin);
    expect((uploads.body.dataSources as Body[]).some((entry) => entry.id === handbookId)).toBe(false);
    const listed = await list();
    const synced = (listed.body.files as Body[]).filter((file) => file.isSynced).map((file) => file.id);
    expect(synced.sort()).toEqual(['f-handbook', 'f-plan']);
  });

  it('re-imports an already-synced file under its existing id, with its new content', async () => {
    const handbook = drive.files.get('f-handbook')!;
    handbook.content = Buffer.from('Berth fees are 45 crowns a night from June, for boats under twelve metres.');
    const answer = await sync({ fileIds: ['f-handbook'] });
    expect(answer.status).toBe(202);
    expect(answer.body.dataSources.map((entry: Body) => entry.id)).toEqual([handbookId]);
    await waitUntil(async () => (await item(handbookId)).metadata.file_size, handbook.content.length, 30_000);
    await waitUntil(async () => (await item(handbookId)).status, 'active', 30_000);
    const preset = await flows.call('GET', '/api/data-sources?source=drive_sync&recursive=true', admin);
    expect(preset.body.dataSources).toHaveLength(2);

    // Unchanged since: the same bytes (same ETag) come back, and the item is active again, not stuck pending.
    const again = await sync({ fileIds: ['f-handbook', 'f-plan'] });
    expect(again.body.dataSources.map((entry: Body) => [entry.id, entry.status])).toEqual([
      [handbookId, 'pending'],
      [planId, 'pending'],
    ]);
    for (const id of [handbookId, planId]) await waitUntil(async () => (await item(id)).status, 'active', 30_000);
  });

  it('lets knowledge bases use synced files as they use uploads', async () => {
    const knowledgeBase = await flows.readyKnowledgeBase(admin, unique('Drive KB '), [handbookId, planId]);
    expect(knowledgeBase).toMatchObject({ status: 'ready', document_count: 2 });
  });

  it('fails the item with the §12.2 reason when the token is revoked before the import reads the file', async () => {
    const answer = await sync({ fileIds: ['f-notes'] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const id = answer.body.dataSources[0].id as string;
    await waitUntil(async () => (await item(id)).status, 'failed', 30_000);
    expect((await item(id)).metadata).toMatchObject({ error: 'Not authenticated with Google Drive', file_size: 0 });
    drive.grant(TOKEN);
  });

  it('fails a still-pending item whose drive.import reached the dead letters', async () => {
    const answer = await sync({ fileIds: ['f-notes'] });
    const id = answer.body.dataSources[0].id as string;
    await waitUntil(async () => (await item(id)).status, 'failed', 30_000);
    drive.grant(TOKEN);
    // Made pending again by hand, as an import the worker never finished would leave it.
    await mutateFile(platform.ports.database, demo.id, id, (current) => revise(current, { status: 'pending' }), { storageLimitBytes: null });
    const message = driveImportMessage(demo.id, 'system', { dataSourceId: id, driveFileId: 'f-notes', mimeType: 'text/markdown', accessTokenEncrypted: 'x', folderId: 'root' });
    await failDeadLetteredIndexing(platform.ports, JSON.stringify(message));
    expect((await item(id)).metadata.error).toBe(UNPROCESSED_MESSAGE);
  });

  it('never stores the token: not in the table, not in the platform’s files', async () => {
    const scanned = await platform.ports.database.client.send(new ScanCommand({ TableName: platform.ports.database.tableName }));
    expect(JSON.stringify(scanned.Items ?? [])).not.toContain(TOKEN);
    const stack = [platform.dataDir];
    while (stack.length) {
      const path = stack.pop()!;
      if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) stack.push(join(path, entry));
      else if (statSync(path).size < 20 * 1024 * 1024) expect(readFileSync(path).includes(TOKEN), path).toBe(false);
    }
  });

  it('keeps tenants apart: another organization sees nothing synced and imports its own copy', async () => {
    const listed = await list('', OTHER_TOKEN, foreignAdmin);
    expect((listed.body.files as Body[]).every((file) => file.isSynced === false)).toBe(true);
    const answer = await sync({ fileIds: ['f-handbook'] }, OTHER_TOKEN, foreignAdmin);
    expect(answer.status).toBe(202);
    const theirs = answer.body.dataSources[0].id as string;
    expect(theirs).not.toBe(handbookId);
    expect((await flows.call('GET', `/api/data-sources/${theirs}`, admin)).status).toBe(404);
    await waitUntil(async () => (await item(theirs, foreignAdmin)).status, 'active', 30_000);
    expect((await item(handbookId)).status).toBe('active');
  });

  it('refuses with 402 storage when the declared sizes do not fit the plan, and fails an import that no longer fits', async () => {
    const limit = (await storageLimitOf(platform.ports.database, demo))!;
    const { storageBytes } = await readStorageCounters(platform.ports.database, demo.id);
    const setUsed = (bytes: number) =>
      platform.ports.database.client.send(
        new UpdateCommand({ TableName: platform.ports.database.tableName, Key: countersKey(demo.id), UpdateExpression: 'SET storage_bytes = :bytes', ExpressionAttributeValues: { ':bytes': bytes } }),
      );
    drive.files.set('f-doc2', { id: 'f-doc2', name: 'Minutes', mimeType: 'application/vnd.google-apps.document', modifiedTime: '2026-04-02T10:00:00.000Z', exports: { [DOCX]: planDocx } });
    drive.files.set('f-big', { id: 'f-big', name: 'big.pdf', mimeType: 'application/pdf', modifiedTime: '2026-04-01T10:00:00.000Z', content: Buffer.from('%PDF-1.4'), declaredSize: 1000 });
    await setUsed(limit - 500);
    try {
      const answer = await sync({ fileIds: ['f-big'] });
      expect(answer.status).toBe(402);
      expect(answer.body).toMatchObject({ code: 'QUOTA_EXCEEDED', message: 'Storage limit reached for your plan', details: { resource: 'storage', limit, used: limit - 500 } });
      const preset = await flows.call('GET', '/api/data-sources?source=drive_sync&recursive=true', admin);
      expect((preset.body.dataSources as Body[]).some((entry) => entry.metadata.drive_file_id === 'f-big')).toBe(false);

      // A Google Doc declares no size: it is let through, and counted at import, where it no longer fits.
      expect(planDocx.length).toBeGreaterThan(500);
      const accepted = await sync({ fileIds: ['f-doc2'] });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
      const docId = accepted.body.dataSources[0].id as string;
      await waitUntil(async () => (await item(docId)).status, 'failed', 30_000);
      expect((await item(docId)).metadata).toMatchObject({ error: 'Storage limit reached for your plan', file_size: 0 });
      expect((await readStorageCounters(platform.ports.database, demo.id)).storageBytes).toBe(limit - 500);
    } finally {
      await setUsed(storageBytes);
      drive.files.delete('f-big');
    }
  });
});
