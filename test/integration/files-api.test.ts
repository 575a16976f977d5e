import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStorageCounters } from '../../functions/domain/cloud-resources/storage-counters';
import { countersKey } from '../../functions/contracts/keys/table-keys';
import { deleteStaleUploads } from '../../functions/domain/files/stale-uploads';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { storageCredentialsKey } from '../../functions/domain/storage-credentials/storage-credentials-repository';
import { createUserWithAccount } from '../../functions/domain/users/user-lifecycle';
import { UserRepository, type UserRecord } from '../../functions/domain/users/user-repository';
import { ROUTES } from '../../shared/api/route-table';
import { loadOrCreateObjectStoreKeys } from '../../local/objects/object-store-keys';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import { nextClientIp, unique } from '../support/unique-values';
import type { Json } from '../support/json';

/**
 * Contract §9–§11 through the HTTP API: every endpoint's happy path and messages, roles and
 * ownership, tenancy, uploads exactly as the browser makes them (presigned PUT with the signed
 * Content-Type), and the storage limit.
 */

type Body = Json;
const PASSWORD = 'Files-passw0rd';
const GB = 1024 ** 3;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let demo: OrganizationRecord;
let admin: string;
let user: string;
let otherUser: string;
let ragUser: string;
let systemAdmin: string;
let userRecord: UserRecord;
let otherUserRecord: UserRecord;
let foreignAdmin: string;
let foreign: OrganizationRecord;
let rootId: string;


function call(method: string, path: string, token: string | undefined, body?: unknown): Promise<JsonAnswer<Body>> {
  return callApi<Body>(platform.url, method, path, { token, body, headers: { 'x-forwarded-for': nextClientIp() } });
}

async function login(email: string, password: string): Promise<string> {
  const answer = await call('POST', '/api/auth/login', undefined, { email, password });
  expect(answer.status, `login ${email}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.token as string;
}

async function demoUser(role: 'user' | 'admin'): Promise<{ record: UserRecord; token: string }> {
  const record = await createUserWithAccount(platform.ports, { organization: demo, email: `${unique(role)}@demo.example.com`, fullName: unique('Files '), role, password: PASSWORD });
  return { record, token: await login(record.email, PASSWORD) };
}

interface Upload {
  id: string;
  ticket: Body;
  complete: JsonAnswer<Body>;
}

/** Exactly what the browser does: ask for a URL, PUT the bytes with the signed type, complete. */
async function upload(token: string, filename: string, content: string | Buffer, options: { folderId?: string | null; mimeType?: string; size?: number } = {}): Promise<Upload> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  // `size: undefined` declares none: the URL then signs no length, and only the checks after the PUT apply.
  const ticket = await call('POST', '/api/data-sources/upload-url', token, { filename, folderId: options.folderId, size: 'size' in options ? options.size : bytes.length, mimeType: options.mimeType });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  const put = await fetch(ticket.body.uploadUrl, { method: 'PUT', headers: ticket.body.headers, body: new Uint8Array(bytes) });
  expect(put.status, await put.text()).toBe(200);
  const complete = await call('POST', '/api/data-sources/upload-complete', token, {
    dataSourceId: ticket.body.dataSourceId,
    objectName: ticket.body.objectName,
    size: bytes.length,
    mimeType: ticket.body.headers['Content-Type'],
  });
  return { id: ticket.body.dataSourceId, ticket: ticket.body, complete };
}

/** Polls until ingest has decided (usable in hooks too, where expect.poll is not). */
async function settled(token: string, id: string, timeoutMs = 30_000): Promise<Body> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const item = (await call('GET', `/api/data-sources/${id}`, token)).body;
    if (item.status !== 'pending') return item;
    if (Date.now() > deadline) throw new Error(`${id} still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function folder(token: string, name: string, parentId?: string): Promise<Body> {
  const created = await call('POST', '/api/folders', token, { name, parent_id: parentId });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function objectExists(key: string): Promise<boolean> {
  try {
    await platform.ports.objects.client.send(new HeadObjectCommand({ Bucket: platform.ports.objects.bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

async function setStorageUsed(organizationId: string, bytes: number): Promise<void> {
  await platform.ports.database.client.send(
    new UpdateCommand({ TableName: platform.ports.database.tableName, Key: countersKey(organizationId), UpdateExpression: 'SET storage_bytes = :bytes', ExpressionAttributeValues: { ':bytes': bytes } }),
  );
}

beforeAll(async () => {
  platform = await startTestPlatform({ trustProxy: true });
  demo = (await new OrganizationRepository(platform.ports.database).findByDomain('demo.example.com')) as OrganizationRecord;
  admin = await login(platform.credentials.ADMIN.email, platform.credentials.ADMIN.password);
  user = await login(platform.credentials.USER.email, platform.credentials.USER.password);
  ragUser = await login(platform.credentials.RAG_USER.email, platform.credentials.RAG_USER.password);
  systemAdmin = await login(platform.credentials.SYSTEM_ADMIN.email, platform.credentials.SYSTEM_ADMIN.password);
  userRecord = (await new UserRepository(platform.ports.database).findByEmail(platform.credentials.USER.email)) as UserRecord;
  const other = await demoUser('user');
  otherUser = other.token;
  otherUserRecord = other.record;

  const domain = `${unique('files')}.example.com`;
  const created = await call('POST', '/api/organizations', systemAdmin, { name: unique('Other Org '), domain, adminEmail: `boss@${domain}`, adminFullName: 'Other Boss', adminPassword: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  foreign = (await new OrganizationRepository(platform.ports.database).findByDomain(domain)) as OrganizationRecord;
  foreignAdmin = await login(`boss@${domain}`, PASSWORD);
  rootId = (await call('GET', '/api/folders', admin)).body.rootFolder.id;
});

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('roles on the three families', () => {
  const sample: Record<string, { method: string; path: string }> = {};
  for (const route of ROUTES.filter((each) => ['data-sources', 'folders', 'storage-credentials'].includes(each.family))) {
    sample[route.id] = { method: route.method, path: route.path.replace('{id}', 'fil_unknown').replace('{userId}', 'usr_unknown') };
  }

  it('refuses rag_user on every route with the role message', async () => {
    for (const [id, { method, path }] of Object.entries(sample)) {
      const answer = await call(method, path, ragUser, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(answer.status, `${id} ${path}`).toBe(403);
      expect(answer.body.message).toBe("You don't have permission to access this resource.");
    }
  });

  it("lets a system_admin in as the system organization's admin (§1.3, §25 item 29)", async () => {
    for (const [id, { method, path }] of Object.entries(sample)) {
      const answer = await call(method, path, systemAdmin, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(answer.status, `${id} ${path}`).not.toBe(403);
      expect(answer.status, `${id} ${path}`).toBeLessThan(500);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/data-sources', undefined)).status).toBe(401);
    expect((await call('GET', '/api/folders', undefined)).status).toBe(401);
    expect((await call('GET', `/api/storage-credentials/${userRecord.id}`, undefined)).status).toBe(401);
  });
});

describe('folders (§10)', () => {
  it('every organization has its Home root, made with the organization', async () => {
    for (const token of [admin, foreignAdmin]) {
      const answer = await call('GET', '/api/folders', token);
      expect(answer.status).toBe(200);
      expect(answer.body.rootFolder).toMatchObject({ name: 'Home', is_root: true, parent_id: null, level: 0, depth: 0, full_path: 'Home', path_tokens: ['Home'] });
    }
    expect((await call('GET', '/api/folders?root=true', admin)).body.rootFolder.id).toBe(rootId);
    expect((await call('GET', '/api/folders?root=yes', admin)).body.message).toBe('root must be true or false');
  });

  it('validates creation with the contract texts', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, 'Folder name is required'],
      [{ name: '   ' }, 400, 'Folder name is required'],
      [{ name: 'x'.repeat(256) }, 400, 'Folder name must be at most 255 characters'],
      [{ name: 'ok', description: 'd'.repeat(1001) }, 400, 'Description must be at most 1000 characters'],
      [{ name: 'a/b' }, 400, 'Name must not contain / or \\'],
      [{ name: 'ok', parent_id: 'fld_nope' }, 404, 'Folder not found'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await call('POST', '/api/folders', user, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toBe(message);
    }
  });

  it('creates folders with derived paths, unique names among siblings, and at most 10 levels', async () => {
    const reports = await folder(user, 'Reports API', undefined);
    expect(reports).toMatchObject({ parent_id: rootId, is_root: false, level: 1, depth: 1, full_path: 'Home/Reports API', path_tokens: ['Home', 'Reports API'], description: '', file_count: 0 });
    expect(reports.created_by).toBe(userRecord.id);
    const duplicate = await call('POST', '/api/folders', admin, { name: 'reports api' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A folder with this name already exists in this location');
    // The same name elsewhere is fine.
    expect((await call('POST', '/api/folders', admin, { name: 'Reports API', parent_id: reports.id })).status).toBe(201);

    let parent = (await folder(admin, unique('Deep '))).id as string;
    for (let level = 2; level <= 10; level++) parent = (await folder(admin, `L${level}`, parent)).id;
    const tooDeep = await call('POST', '/api/folders', admin, { name: 'L11', parent_id: parent });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.message).toBe('Maximum folder depth reached');
    expect((await call('GET', `/api/folders/${parent}`, admin)).body.folder.level).toBe(10);
  });

  it('reads one folder with children and breadcrumbs, one level, and the whole tree depth-first by name', async () => {
    const top = await folder(admin, unique('Tree '));
    const b = await folder(admin, 'beta', top.id);
    const a = await folder(admin, 'Alpha', top.id);
    const a1 = await folder(admin, 'a-one', a.id);
    const one = await call('GET', `/api/folders/${a1.id}`, user);
    expect(one.status).toBe(200);
    expect(one.body.path).toEqual([
      { id: rootId, name: 'Home' },
      { id: top.id, name: top.name },
      { id: a.id, name: 'Alpha' },
      { id: a1.id, name: 'a-one' },
    ]);
    expect(one.body.rootFolder.id).toBe(rootId);
    const level = await call('GET', `/api/folders?parent_id=${top.id}`, user);
    expect(level.body.folders.map((each: Body) => each.name)).toEqual(['Alpha', 'beta']);
    expect((await call('GET', '/api/folders?parent_id=fld_nope', user)).status).toBe(404);
    const tree = (await call('GET', '/api/folders/hierarchy', user)).body;
    expect(tree.folders.some((each: Body) => each.is_root)).toBe(false);
    const ids = tree.folders.map((each: Body) => each.id);
    expect(ids.slice(ids.indexOf(top.id), ids.indexOf(top.id) + 4)).toEqual([top.id, a.id, a1.id, b.id]);
    expect((await call('GET', '/api/folders/fld_nope', user)).body.message).toBe('Folder not found');
  });

  it('renames: texts, the root, siblings, and only an admin or the owner', async () => {
    const top = await folder(user, unique('Rename '));
    await folder(user, 'Taken', top.id);
    const child = await folder(user, 'Child', top.id);
    const cases: Array<[string, unknown, number, string]> = [
      [rootId, { name: 'Start' }, 400, 'The root folder cannot be renamed, moved or deleted'],
      [child.id, { name: '' }, 400, 'Name cannot be empty'],
      [child.id, { name: 'n'.repeat(256) }, 400, 'Name must be at most 255 characters'],
      [child.id, { description: 'd'.repeat(1001) }, 400, 'Description must be at most 1000 characters'],
      [child.id, { name: 'TAKEN' }, 409, 'A folder with this name already exists in this location'],
      ['fld_nope', { name: 'x' }, 404, 'Folder not found'],
    ];
    for (const [id, body, status, message] of cases) {
      const answer = await call('PATCH', `/api/folders/${id}`, admin, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    expect((await call('PATCH', `/api/folders/${child.id}`, otherUser, { name: 'Mine now' })).status).toBe(403);
    const renamed = await call('PATCH', `/api/folders/${child.id}`, user, { name: 'Kid', description: 'notes' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Kid', description: 'notes', full_path: `Home/${top.name}/Kid` });
    // Only the case changes: still the same folder's own name.
    expect((await call('PATCH', `/api/folders/${child.id}`, admin, { name: 'KID' })).body.name).toBe('KID');
    // The old name is free again.
    expect((await call('POST', '/api/folders', user, { name: 'Child', parent_id: top.id })).status).toBe(201);
  });

  it('moves: no cycles, not the root, depth, sibling names, roles; the subtree follows', async () => {
    const top = await folder(user, unique('Move '));
    const a = await folder(user, 'A', top.id);
    const a1 = await folder(user, 'A1', a.id);
    const b = await folder(user, 'B', top.id);
    await folder(user, 'A', b.id);
    const file = await upload(user, 'inside.txt', 'text inside A1', { folderId: a1.id });
    expect(file.complete.status).toBe(200);

    const cases: Array<[unknown, number, string]> = [
      [{ folderId: a.id }, 400, 'Source ID is required'],
      [{ sourceId: a.id, folderId: a.id }, 400, 'Cannot move a folder into itself or one of its descendants'],
      [{ sourceId: a.id, folderId: a1.id }, 400, 'Cannot move a folder into itself or one of its descendants'],
      [{ sourceId: rootId, folderId: a.id }, 400, 'The root folder cannot be renamed, moved or deleted'],
      [{ sourceId: a.id, folderId: b.id }, 409, 'A folder with this name already exists in this location'],
      [{ sourceId: 'fld_nope', folderId: b.id }, 404, 'Folder not found'],
      [{ sourceId: a1.id, folderId: 'fld_nope' }, 404, 'Folder not found'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await call('POST', '/api/folders/move', user, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    expect((await call('POST', '/api/folders/move', otherUser, { sourceId: a1.id, folderId: b.id })).status).toBe(403);

    const moved = await call('POST', '/api/folders/move', user, { sourceId: a1.id, folderId: b.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ parent_id: b.id, full_path: `Home/${top.name}/B/A1`, level: 3 });
    expect((await call('GET', `/api/data-sources/${file.id}`, user)).body.path).toBe(`Home/${top.name}/B/A1/inside.txt`);
    // Counters follow along both chains.
    expect((await call('GET', `/api/folders/${a.id}`, user)).body.folder).toMatchObject({ total_file_count: 0, direct_subfolder_count: 0, total_subfolder_count: 0, total_size: 0 });
    expect((await call('GET', `/api/folders/${b.id}`, user)).body.folder).toMatchObject({ total_file_count: 1, direct_subfolder_count: 2, total_subfolder_count: 2, total_size: 14 });
    expect((await call('GET', `/api/folders/${top.id}`, user)).body.folder).toMatchObject({ total_file_count: 1, direct_subfolder_count: 2, total_subfolder_count: 4, total_size: 14 });
    // To the root with null, then a move that would pass 10 levels.
    expect((await call('POST', '/api/folders/move', admin, { sourceId: a1.id, folderId: null })).body.full_path).toBe('Home/A1');
    let deep = (await folder(admin, unique('Deep '))).id as string;
    for (let level = 2; level <= 9; level++) deep = (await folder(admin, `D${level}`, deep)).id;
    const tall = await folder(admin, unique('Tall '));
    await folder(admin, 'T2', tall.id);
    const tooDeep = await call('POST', '/api/folders/move', admin, { sourceId: tall.id, folderId: deep });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.message).toBe('Maximum folder depth reached');
  });

  it('counts files and sizes along the ancestor chain', async () => {
    const top = await folder(user, unique('Count '));
    const sub = await folder(user, 'Sub', top.id);
    await upload(user, 'one.txt', '12345', { folderId: top.id });
    await upload(user, 'two.txt', '1234567890', { folderId: sub.id });
    const answer = (await call('GET', `/api/folders/${top.id}`, user)).body.folder;
    expect(answer).toMatchObject({ file_count: 2, total_file_count: 2, direct_file_count: 1, direct_subfolder_count: 1, total_subfolder_count: 1, total_size: 15 });
    const listed = (await call('GET', `/api/data-sources?folder_id=${top.id}`, user)).body.dataSources[0];
    expect(listed).toMatchObject({ item_type: 'folder', id: sub.id, total_file_count: 1, direct_file_count: 1, total_size: 10, source_type: null, status: 'active' });
  });

  it('deletes a subtree at once for every read, then purges its files, objects and counters in the background', async () => {
    const top = await folder(user, unique('Delete '));
    const sub = await folder(user, 'Sub', top.id);
    const mine = await upload(user, 'mine.txt', 'owned by user', { folderId: sub.id });
    await settled(user, mine.id);
    const theirs = await upload(otherUser, 'theirs.txt', 'owned by the other user', { folderId: sub.id });
    await settled(user, theirs.id);
    const before = await readStorageCounters(platform.ports.database, demo.id);

    const root = await call('DELETE', `/api/folders/${rootId}`, admin);
    expect(root.status).toBe(400);
    expect(root.body.message).toBe('The root folder cannot be renamed, moved or deleted');
    // An owner may delete only when the whole subtree is theirs.
    expect((await call('DELETE', `/api/folders/${top.id}`, user)).status).toBe(403);
    expect((await call('DELETE', `/api/folders/${top.id}`, otherUser)).status).toBe(403);
    expect((await call('DELETE', `/api/folders/${top.id}`, admin)).status).toBe(204);

    expect((await call('GET', `/api/folders/${sub.id}`, user)).status).toBe(404);
    expect((await call('GET', `/api/data-sources/${mine.id}`, user)).status).toBe(404);
    expect((await call('GET', `/api/data-sources?ids=${mine.id},${theirs.id}`, user)).body.dataSources).toEqual([]);
    expect((await call('GET', '/api/data-sources?recursive=true&all=true', user)).body.dataSources.some((item: Body) => item.id === mine.id)).toBe(false);
    expect((await call('GET', '/api/folders/hierarchy', user)).body.folders.some((each: Body) => each.id === sub.id)).toBe(false);

    await expect.poll(async () => (await readStorageCounters(platform.ports.database, demo.id)).storageBytes, { timeout: 20_000 }).toBe(before.storageBytes - 13 - 23);
    await expect.poll(() => objectExists(mine.ticket.objectName), { timeout: 20_000 }).toBe(false);
    // Each file is purged by its own message, so the two objects vanish independently.
    await expect.poll(() => objectExists(theirs.ticket.objectName), { timeout: 20_000 }).toBe(false);

    const own = await folder(user, unique('Own '));
    await folder(user, 'Also mine', own.id);
    await upload(user, 'a.txt', 'aaa', { folderId: own.id });
    expect((await call('DELETE', `/api/folders/${own.id}`, user)).status).toBe(204);
    expect((await call('DELETE', '/api/folders/fld_nope', user)).status).toBe(404);
  });
});

describe('uploads (§9.5, §9.6)', () => {
  it('validates the upload URL request with the contract texts, before anything is signed', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, 'Filename is required'],
      [{ filename: ' ' }, 400, 'Filename is required'],
      [{ filename: `${'f'.repeat(252)}.txt` }, 400, 'Filename must be at most 255 characters'],
      [{ filename: 'setup.exe' }, 400, 'File type not accepted'],
      [{ filename: 'noextension', mimeType: 'application/octet-stream' }, 400, 'File type not accepted'],
      [{ filename: 'a.txt', size: -1 }, 400, 'Size must be a non-negative integer'],
      [{ filename: 'a.txt', folderId: 'fld_nope' }, 404, 'Folder not found'],
      [{ filename: 'big.pdf', size: 52_428_801 }, 413, 'File size exceeds 50MB limit'],
    ];
    const before = (await call('GET', '/api/data-sources?source=file_upload&created_by=me&recursive=true&all=true', user)).body.total;
    for (const [body, status, message] of cases) {
      const answer = await call('POST', '/api/data-sources/upload-url', user, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toBe(message);
      expect(answer.body.uploadUrl).toBeUndefined();
    }
    // Refused requests created nothing.
    expect((await call('GET', '/api/data-sources?source=file_upload&created_by=me&recursive=true&all=true', user)).body.total).toBe(before);
    // Exactly 50 MB is allowed to ask; the MIME type alone may decide.
    expect((await call('POST', '/api/data-sources/upload-url', user, { filename: 'max.pdf', size: 52_428_800 })).status).toBe(201);
    expect((await call('POST', '/api/data-sources/upload-url', user, { filename: 'notes', mimeType: 'text/markdown' })).body.headers).toEqual({ 'Content-Type': 'text/markdown' });
  });

  it('creates a pending item and signs a PUT for org/<org>/files/<id>/<name> with the Content-Type', async () => {
    const answer = await call('POST', '/api/data-sources/upload-url', user, { filename: 'Quarterly report.md', size: 12 });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ method: 'PUT', expiresIn: 300, headers: { 'Content-Type': 'text/markdown' } });
    expect(answer.body.objectName).toBe(`org/${demo.id}/files/${answer.body.dataSourceId}/Quarterly_report.md`);
    const item = (await call('GET', `/api/data-sources/${answer.body.dataSourceId}`, user)).body;
    expect(item).toMatchObject({ status: 'pending', source_type: 'file_upload', item_type: 'file', folder_id: rootId, name: 'Quarterly report.md', canManage: true });
    expect(item.metadata).toMatchObject({ original_filename: 'Quarterly report.md', file_size: 12, mime_type: 'text/markdown', object_store: 'platform', upload_completed_at: null });
    expect(item.metadata.upload_started_at).toBe(item.created_at);
    // A PUT with another Content-Type than the signed one is refused by storage.
    const wrongType = await fetch(answer.body.uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: '# Quarterly' });
    expect(wrongType.status).toBe(403);
  });

  it('completes: records the real size and type, moves on folderId, and ingest makes the item active', async () => {
    const target = await folder(user, unique('Target '));
    const done = await upload(user, 'notes.txt', 'The quick brown fox jumps over the lazy dog.', { size: undefined });
    expect(done.complete.status).toBe(200);
    expect(done.complete.body.metadata.file_size).toBe(44);
    expect(done.complete.body.metadata.upload_completed_at).toEqual(expect.any(String));
    const again = await call('POST', '/api/data-sources/upload-complete', user, { dataSourceId: done.id, objectName: done.ticket.objectName, size: 44, mimeType: 'text/plain', folderId: target.id });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ folder_id: target.id, path: `Home/${target.name}/notes.txt` });
    expect(again.body.metadata.upload_completed_at).toBe(done.complete.body.metadata.upload_completed_at);
    expect(await settled(user, done.id)).toMatchObject({ status: 'active', metadata: { error: null } });
  });

  it('refuses completions that do not match the upload', async () => {
    const ticket = (await call('POST', '/api/data-sources/upload-url', user, { filename: 'later.txt', size: 3 })).body;
    const cases: Array<[string, unknown, number, string]> = [
      [user, {}, 400, 'Data source ID is required'],
      [user, { dataSourceId: 'fil_nope', objectName: 'x' }, 404, 'Data source not found'],
      [user, { dataSourceId: ticket.dataSourceId, objectName: 'org/x/files/y/z.txt' }, 400, 'Object name does not match this upload'],
      [user, { dataSourceId: ticket.dataSourceId, objectName: ticket.objectName }, 400, 'Upload not found in storage'],
      [otherUser, { dataSourceId: ticket.dataSourceId, objectName: ticket.objectName }, 403, "You don't have permission to access this resource."],
      [admin, { dataSourceId: ticket.dataSourceId, objectName: ticket.objectName }, 403, "You don't have permission to access this resource."],
      [user, { dataSourceId: ticket.dataSourceId, objectName: ticket.objectName, folderId: 'fld_nope' }, 404, 'Folder not found'],
    ];
    for (const [token, body, status, message] of cases) {
      const answer = await call('POST', '/api/data-sources/upload-complete', token, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toBe(message);
    }
  });

  it('deletes an object over 50 MB found at completion, with its item (413)', async () => {
    const big = Buffer.alloc(52_428_801, 0x61);
    const attempt = await upload(user, 'huge.txt', big, { size: undefined });
    expect(attempt.complete.status, JSON.stringify(attempt.complete.body)).toBe(413);
    expect(attempt.complete.body.message).toBe('File size exceeds 50MB limit');
    expect((await call('GET', `/api/data-sources/${attempt.id}`, user)).status).toBe(404);
    await expect.poll(() => objectExists(attempt.ticket.objectName), { timeout: 20_000 }).toBe(false);
  });

  it('a program renamed .pdf ends failed: "File content does not match its type"', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'), Buffer.alloc(2048, 0)]);
    const disguised = await upload(user, 'invoice.pdf', exe, { mimeType: 'application/pdf' });
    expect(disguised.complete.status).toBe(200);
    expect(await settled(user, disguised.id)).toMatchObject({ status: 'failed', metadata: { error: 'File content does not match its type' } });
    const empty = await upload(user, 'empty.txt', '');
    expect(empty.complete.status).toBe(200);
    expect(await settled(user, empty.id)).toMatchObject({ status: 'failed', metadata: { error: 'File is empty' } });
  });
});

describe('the storage limit (§1.9)', () => {
  it('refuses the declared size at upload-url with 402 storage and its details', async () => {
    const limit = GB;
    await setStorageUsed(foreign.id, limit - 5);
    const answer = await call('POST', '/api/data-sources/upload-url', foreignAdmin, { filename: 'a.txt', size: 10 });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ code: 'QUOTA_EXCEEDED', message: 'Storage limit reached for your plan', details: { resource: 'storage', limit, used: limit - 5 } });
    expect((await call('POST', '/api/data-sources/upload-url', foreignAdmin, { filename: 'a.txt', size: 5 })).status).toBe(201);
    await setStorageUsed(foreign.id, 0);
  });

  it('checks the actual size again at completion and deletes what does not fit', async () => {
    await setStorageUsed(foreign.id, GB - 100);
    const attempt = await upload(foreignAdmin, 'grown.txt', 'x'.repeat(200), { size: undefined });
    expect(attempt.complete.status).toBe(402);
    expect(attempt.complete.body.details).toMatchObject({ resource: 'storage', limit: GB });
    expect((await call('GET', `/api/data-sources/${attempt.id}`, foreignAdmin)).status).toBe(404);
    await expect.poll(() => objectExists(attempt.ticket.objectName), { timeout: 20_000 }).toBe(false);
    expect((await readStorageCounters(platform.ports.database, foreign.id)).storageBytes).toBe(GB - 100);
    await setStorageUsed(foreign.id, 0);
  });

  it('storage refuses more bytes than the size the URL was signed for', async () => {
    await setStorageUsed(foreign.id, GB - 100);
    const ticket = (await call('POST', '/api/data-sources/upload-url', foreignAdmin, { filename: 'understated.txt', size: 10 })).body;
    expect((await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: 'x'.repeat(200) })).status).toBe(403);
    expect(await objectExists(ticket.objectName)).toBe(false);
    await setStorageUsed(foreign.id, 0);
  });

  it('deletes what a client stored past the limit without completing, and counts nothing for it', async () => {
    await setStorageUsed(foreign.id, GB - 100);
    const ticket = (await call('POST', '/api/data-sources/upload-url', foreignAdmin, { filename: 'undeclared.txt' })).body;
    expect((await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: 'x'.repeat(200) })).status).toBe(200);
    expect(await settled(foreignAdmin, ticket.dataSourceId)).toMatchObject({ status: 'failed', metadata: { error: 'Storage limit reached for your plan', file_size: 0 } });
    expect((await readStorageCounters(platform.ports.database, foreign.id)).storageBytes).toBe(GB - 100);
    expect(await objectExists(ticket.objectName)).toBe(false);
    // Completing it now is the §9.6 refusal: 402, and the item goes.
    const complete = await call('POST', '/api/data-sources/upload-complete', foreignAdmin, { dataSourceId: ticket.dataSourceId, objectName: ticket.objectName });
    expect(complete.status).toBe(402);
    expect(complete.body.details).toMatchObject({ resource: 'storage', limit: GB });
    expect((await call('GET', `/api/data-sources/${ticket.dataSourceId}`, foreignAdmin)).status).toBe(404);
    expect((await readStorageCounters(platform.ports.database, foreign.id)).storageBytes).toBe(GB - 100);
    await setStorageUsed(foreign.id, 0);
  });
});

describe('the file manager list (§9.1)', () => {
  let scope: Body;
  const names = ['banana.txt', 'Apple.txt', 'cherry.md'];

  beforeAll(async () => {
    scope = await folder(user, unique('List '));
    await folder(user, 'zeta folder', scope.id);
    const alpha = await folder(user, 'Alpha folder', scope.id);
    for (const [index, name] of names.entries()) await upload(user, name, 'x'.repeat((index + 1) * 10), { folderId: scope.id });
    await upload(otherUser, 'other-owner.txt', 'y'.repeat(5), { folderId: scope.id });
    await upload(user, 'nested apple.txt', 'z', { folderId: alpha.id });
  });

  const list = async (query: string, token = user) => call('GET', `/api/data-sources?folder_id=${scope.id}&${query}`, token);

  it('lists folders first, then files, each sorted within its group, and pages over both', async () => {
    const byName = await list('sort_by=name&sort_order=asc');
    expect(byName.body.dataSources.map((item: Body) => item.name)).toEqual(['Alpha folder', 'zeta folder', 'Apple.txt', 'banana.txt', 'cherry.md', 'other-owner.txt']);
    expect(byName.body).toMatchObject({ total: 6, page: 1, limit: 10, totalPages: 1 });
    expect(byName.body.truncated).toBeUndefined();
    const desc = await list('sort_by=name&sort_direction=DESC');
    expect(desc.body.dataSources.map((item: Body) => item.name)).toEqual(['zeta folder', 'Alpha folder', 'other-owner.txt', 'cherry.md', 'banana.txt', 'Apple.txt']);
    const bySize = await list('sort_by=size&sort_order=desc');
    expect(bySize.body.dataSources.map((item: Body) => item.name)).toEqual(['Alpha folder', 'zeta folder', 'cherry.md', 'Apple.txt', 'banana.txt', 'other-owner.txt']);
    const paged = await list('sort_by=name&sort_order=asc&limit=4&page=2');
    expect(paged.body.dataSources.map((item: Body) => item.name)).toEqual(['cherry.md', 'other-owner.txt']);
    expect(paged.body).toMatchObject({ total: 6, page: 2, limit: 4, totalPages: 2 });
    expect((await list('limit=1000')).body.limit).toBe(100);
    expect((await list('page=9')).body).toMatchObject({ dataSources: [], total: 6 });
    expect((await list('all=true')).body).toMatchObject({ page: 1, limit: 6, total: 6, totalPages: 1 });
    // Default: updated_at, newest first, folders still first.
    expect((await list('')).body.dataSources.slice(0, 2).every((item: Body) => item.item_type === 'folder')).toBe(true);
  });

  it('filters by source and owner, searches the subtree, and recurses on request', async () => {
    expect((await list('source=file_upload')).body.dataSources.every((item: Body) => item.item_type === 'file')).toBe(true);
    expect((await list('source=drive_sync')).body.total).toBe(0);
    expect((await list('source=dropbox')).body.message).toBe('source must be one of all, file_upload, drive_sync');
    const mine = await list('created_by=me&sort_by=name&sort_order=asc');
    expect(mine.body.dataSources.map((item: Body) => item.name)).toEqual(['Apple.txt', 'banana.txt', 'cherry.md']);
    expect((await list(`created_by=${otherUserRecord.id}`)).body.dataSources.map((item: Body) => item.name)).toEqual(['other-owner.txt']);
    const search = await list('search=APPLE&sort_by=name&sort_order=asc');
    expect(search.body.dataSources.map((item: Body) => item.name)).toEqual(['Apple.txt', 'nested apple.txt']);
    const folders = await list('search=folder&sort_by=name&sort_order=asc');
    expect(folders.body.dataSources.map((item: Body) => item.name)).toEqual(['Alpha folder', 'zeta folder']);
    const recursive = await list('recursive=true&sort_by=name&sort_order=asc');
    expect(recursive.body.total).toBe(7);
    expect((await list('recursive=maybe')).body.message).toBe('recursive must be true or false');
    // My Uploaded Files preset: the whole tree, mine only, no folders.
    const preset = await call('GET', '/api/data-sources?source=file_upload&created_by=me&recursive=true&all=true', user);
    expect(preset.body.dataSources.some((item: Body) => item.name === 'nested apple.txt')).toBe(true);
    expect(preset.body.dataSources.every((item: Body) => item.item_type === 'file' && item.created_by === userRecord.id)).toBe(true);
  });

  it('answers ids= with exactly those files wherever they are, and the §1.5 errors', async () => {
    const all = (await list('recursive=true&source=file_upload')).body.dataSources;
    const picked = [all[0].id, all[1].id, 'fil_unknown'];
    const answer = await call('GET', `/api/data-sources?ids=${picked.join(',')}`, admin);
    expect(answer.body.dataSources.map((item: Body) => item.id).sort()).toEqual([all[0].id, all[1].id].sort());
    expect(answer.body).toMatchObject({ total: 2, page: 1, totalPages: 1 });
    expect((await call('GET', `/api/data-sources?ids=${Array.from({ length: 101 }, (_, i) => `fil_${i}`).join(',')}`, admin)).body.message).toBe('At most 100 ids are allowed');
    expect((await list('sort_by=owner')).body.message).toBe('Invalid sort_by value');
    expect((await list('sort_order=up')).body.message).toBe('Invalid sort_order value');
    expect((await list('page=0')).body.message).toBe('page must be a positive integer');
    expect((await call('GET', '/api/data-sources?folder_id=fld_nope', user)).body.message).toBe('Folder not found');
    expect((await call('GET', `/api/data-sources?search=${'s'.repeat(201)}`, user)).body.message).toBe('search must be at most 200 characters');
  });

  it('marks canManage for an admin or the owner', async () => {
    const forUser = (await list('source=file_upload')).body.dataSources;
    expect(forUser.find((item: Body) => item.name === 'other-owner.txt').canManage).toBe(false);
    expect(forUser.find((item: Body) => item.name === 'Apple.txt').canManage).toBe(true);
    expect((await list('source=file_upload', admin)).body.dataSources.every((item: Body) => item.canManage)).toBe(true);
  });
});

describe('one file: details, rename, move, download, delete (§9.2–§9.4, §9.7, §9.8)', () => {
  let mine: Upload;
  let theirs: Upload;
  let place: Body;

  beforeAll(async () => {
    place = await folder(admin, unique('Files '));
    mine = await upload(user, 'report.txt', 'Quarterly numbers went up.', { folderId: place.id });
    theirs = await upload(otherUser, 'theirs.txt', 'Not yours.', { folderId: place.id });
    await settled(user, mine.id);
    await settled(user, theirs.id);
  });

  it('shows details with knowledge-base fields, and folders as folder items', async () => {
    const details = await call('GET', `/api/data-sources/${mine.id}`, otherUser);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ id: mine.id, status: 'active', canManage: false, knowledge_bases: [], shared_with_groups: [], created_by_name: userRecord.full_name });
    expect(details.body.metadata).toMatchObject({ folder_prefix: `Home/${place.name}`, path_tokens: ['Home', place.name, 'report.txt'] });
    expect(details.body.metadata.ingest_claim).toBeUndefined();
    expect((await call('GET', `/api/data-sources/${place.id}`, user)).body).toMatchObject({ item_type: 'folder', path: `Home/${place.name}`, total_file_count: 2 });
    expect((await call('GET', '/api/data-sources/fil_nope', user)).body.message).toBe('Data source not found');
  });

  it('renames with the contract texts, for an admin or the owner only', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: '' }, 'Name cannot be empty'],
      [{ name: 'n'.repeat(256) }, 'Name must be at most 255 characters'],
      [{ name: 'a/b.txt' }, 'Name must not contain / or \\'],
      [{ name: 'a\\b.txt' }, 'Name must not contain / or \\'],
      [{ description: 'd'.repeat(1001) }, 'Description must be at most 1000 characters'],
    ];
    for (const [body, message] of cases) {
      const answer = await call('PATCH', `/api/data-sources/${mine.id}`, user, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect((await call('PATCH', `/api/data-sources/${place.id}`, admin, { name: 'x' })).body.message).toBe('Use the folder endpoints for folders');
    expect((await call('PATCH', `/api/data-sources/${mine.id}`, otherUser, { name: 'stolen.txt' })).status).toBe(403);
    const renamed = await call('PATCH', `/api/data-sources/${mine.id}`, user, { name: 'Q1 report.txt', description: 'Numbers' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Q1 report.txt', path: `Home/${place.name}/Q1 report.txt`, metadata: { description: 'Numbers', original_filename: 'report.txt' } });
    expect((await call('PATCH', `/api/data-sources/${theirs.id}`, admin, { description: null })).status).toBe(200);
  });

  it('moves one file per call: roles, texts, and a partly failing bulk move', async () => {
    const elsewhere = await folder(user, unique('Elsewhere '));
    const cases: Array<[unknown, number, string]> = [
      [{ folderId: elsewhere.id }, 400, 'Source ID is required'],
      [{ sourceId: 'fil_nope', folderId: elsewhere.id }, 404, 'Data source not found'],
      [{ sourceId: mine.id, folderId: 'fld_nope' }, 404, 'Folder not found'],
      [{ sourceId: place.id, folderId: elsewhere.id }, 400, 'Use the folder endpoints for folders'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await call('POST', '/api/data-sources/move', user, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    // The Files page moves several items one call each: the user's own file moves, the other's is refused.
    const results = await Promise.all([mine.id, theirs.id].map((sourceId) => call('POST', '/api/data-sources/move', user, { sourceId, folderId: elsewhere.id })));
    expect(results.map((answer) => answer.status)).toEqual([200, 403]);
    expect(results[0]!.body).toMatchObject({ folder_id: elsewhere.id, path: `Home/${elsewhere.name}/Q1 report.txt` });
    expect((await call('GET', `/api/folders/${elsewhere.id}`, user)).body.folder).toMatchObject({ direct_file_count: 1, total_size: 26 });
    expect((await call('GET', `/api/folders/${place.id}`, user)).body.folder).toMatchObject({ direct_file_count: 1, total_size: 10 });
    const home = await call('POST', '/api/data-sources/move', admin, { sourceId: theirs.id, folderId: null });
    expect(home.body).toMatchObject({ folder_id: rootId, path: 'Home/theirs.txt' });
  });

  it('downloads through a presigned GET: 302 by default, JSON with redirect=false; admin or owner; active only', async () => {
    const redirect = await fetch(`${platform.url}/api/files/download/${mine.id}`, { headers: { authorization: `Bearer ${user}`, 'x-forwarded-for': nextClientIp() }, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') as string;
    expect(location).toContain('X-Amz-Expires=300');
    const bytes = await fetch(location);
    expect(bytes.status).toBe(200);
    expect(await bytes.text()).toBe('Quarterly numbers went up.');
    expect(bytes.headers.get('content-disposition')).toContain('attachment; filename="Q1 report.txt"');

    const json = await call('GET', `/api/files/download/${theirs.id}?redirect=false`, admin);
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ filename: 'theirs.txt', mimeType: 'text/plain', size: 10, expiresIn: 300, url: expect.stringContaining('http') });
    expect((await call('GET', `/api/files/download/${theirs.id}?redirect=false`, user)).status).toBe(403);
    expect((await call('GET', `/api/files/download/${mine.id}?redirect=nope`, user)).body.message).toBe('redirect must be true or false');
    expect((await call('GET', `/api/files/download/${place.id}`, admin)).body.message).toBe('Use the folder endpoints for folders');
    const pending = (await call('POST', '/api/data-sources/upload-url', user, { filename: 'pending.txt', size: 1 })).body;
    const refused = await call('GET', `/api/files/download/${pending.dataSourceId}?redirect=false`, user);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('File is not available for download');
  });

  it('deletes the item, its object, its extraction and its bytes from the counters; admin or owner', async () => {
    const victim = await upload(user, 'delete-me.txt', 'Short lived text.');
    const item = await settled(user, victim.id);
    expect(item.status).toBe('active');
    const before = await readStorageCounters(platform.ports.database, demo.id);
    expect((await call('DELETE', `/api/data-sources/${victim.id}`, otherUser)).status).toBe(403);
    expect((await call('DELETE', `/api/data-sources/${place.id}`, admin)).body.message).toBe('Use the folder endpoints for folders');
    expect((await call('DELETE', `/api/data-sources/${victim.id}`, user)).status).toBe(204);
    expect((await call('GET', `/api/data-sources/${victim.id}`, user)).status).toBe(404);
    expect((await call('DELETE', `/api/data-sources/${victim.id}`, user)).status).toBe(404);
    const after = await readStorageCounters(platform.ports.database, demo.id);
    expect(after).toEqual({ storageBytes: before.storageBytes - 17, objectCount: before.objectCount - 1 });
    expect(await objectExists(victim.ticket.objectName)).toBe(false);
    await platform.queue.drain('indexing', 20_000);
    const extractions = await platform.ports.objects.client.send(new ListObjectsV2Command({ Bucket: platform.ports.objects.bucket, Prefix: `org/${demo.id}/extracted/${victim.id}/` }));
    expect(extractions.KeyCount ?? 0).toBe(0);
    // An admin deletes anyone's.
    expect((await call('DELETE', `/api/data-sources/${theirs.id}`, admin)).status).toBe(204);
  });
});

describe('tenancy (§1.3)', () => {
  let file: Upload;
  let place: Body;

  beforeAll(async () => {
    place = await folder(admin, unique('Private '));
    file = await upload(admin, 'private.txt', 'Only for the demo company.', { folderId: place.id });
    await settled(admin, file.id);
  });

  it('answers 404 for another organization\'s files and folders, as for unknown ids', async () => {
    const checks: Array<[string, string, unknown, string]> = [
      ['GET', `/api/data-sources/${file.id}`, undefined, 'Data source not found'],
      ['PATCH', `/api/data-sources/${file.id}`, { name: 'x.txt' }, 'Data source not found'],
      ['DELETE', `/api/data-sources/${file.id}`, undefined, 'Data source not found'],
      ['GET', `/api/files/download/${file.id}`, undefined, 'Data source not found'],
      ['POST', '/api/data-sources/move', { sourceId: file.id, folderId: null }, 'Data source not found'],
      ['POST', '/api/data-sources/upload-complete', { dataSourceId: file.id, objectName: file.ticket.objectName }, 'Data source not found'],
      ['POST', '/api/data-sources/upload-url', { filename: 'a.txt', folderId: place.id }, 'Folder not found'],
      ['GET', `/api/data-sources?folder_id=${place.id}`, undefined, 'Folder not found'],
      ['GET', `/api/folders/${place.id}`, undefined, 'Folder not found'],
      ['GET', `/api/folders?parent_id=${place.id}`, undefined, 'Folder not found'],
      ['PATCH', `/api/folders/${place.id}`, { name: 'Mine' }, 'Folder not found'],
      ['DELETE', `/api/folders/${place.id}`, undefined, 'Folder not found'],
      ['POST', '/api/folders/move', { sourceId: place.id, folderId: null }, 'Folder not found'],
      ['POST', '/api/folders', { name: 'Inside', parent_id: place.id }, 'Folder not found'],
      ['GET', `/api/storage-credentials/${userRecord.id}`, undefined, 'User not found'],
      ['PUT', `/api/storage-credentials/${userRecord.id}`, { bucket: 'x-bucket' }, 'User not found'],
    ];
    for (const [method, path, body, message] of checks) {
      const answer = await call(method, path, foreignAdmin, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.message).toBe(message);
    }
    expect((await call('GET', `/api/data-sources?ids=${file.id}`, foreignAdmin)).body.dataSources).toEqual([]);
    const own = await call('POST', '/api/folders/move', foreignAdmin, { sourceId: (await folder(foreignAdmin, 'Theirs')).id, folderId: place.id });
    expect(own.status).toBe(404);
    // Nothing of the demo company changed.
    expect((await call('GET', `/api/data-sources/${file.id}`, admin)).body).toMatchObject({ name: 'private.txt', folder_id: place.id });
    expect((await call('GET', `/api/folders/${place.id}`, admin)).body.folder.name).toBe(place.name);
  });
});

describe('storage credentials (§11)', () => {
  let endpoint: string;
  // The embedded store accepts only the install's own key pair, so it stands in for a user's bucket with it.
  let accessKey: string;
  let secretKey: string;
  let maskedSecret: string;

  // The embedded store listens on loopback, which a user's endpoint may reach only when the install allows private URLs (§1.10).
  const allowPrivateBefore = process.env.GROUNDWORK_ALLOW_PRIVATE_URLS;
  afterAll(() => {
    if (allowPrivateBefore === undefined) delete process.env.GROUNDWORK_ALLOW_PRIVATE_URLS;
    else process.env.GROUNDWORK_ALLOW_PRIVATE_URLS = allowPrivateBefore;
  });

  beforeAll(async () => {
    process.env.GROUNDWORK_ALLOW_PRIVATE_URLS = 'true';
    ({ accessKeyId: accessKey, secretAccessKey: secretKey } = loadOrCreateObjectStoreKeys(platform.dataDir));
    maskedSecret = `********${secretKey.slice(-4)}`;
    const resolved = await platform.ports.objects.client.config.endpoint?.();
    endpoint = `${resolved?.protocol}//${resolved?.hostname}:${resolved?.port}`;
  });

  it('reads nothing saved as configured: false', async () => {
    const answer = await call('GET', `/api/storage-credentials/${userRecord.id}`, user);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ configured: false, endpoint: null, accessKey: null, secretKey: null, bucket: null });
  });

  it('validates a save with the contract texts', async () => {
    const first = await call('PUT', `/api/storage-credentials/${userRecord.id}`, user, {});
    expect(first.status).toBe(400);
    expect(first.body.message).toBe('Endpoint must be a valid URL\nAccess key is required\nSecret key is required\nBucket name is invalid');
    expect(first.body.details.map((detail: Body) => detail.field)).toEqual(['endpoint', 'accessKey', 'secretKey', 'bucket']);
    const masked = await call('PUT', `/api/storage-credentials/${userRecord.id}`, user, { endpoint: 'ftp://x', accessKey: 'k', secretKey: '********abcd', bucket: 'Bad_Bucket' });
    expect(masked.body.message).toBe('Endpoint must be a valid URL\nSecret key is required\nBucket name is invalid');
  });

  it('saves the secret encrypted, answers it masked, and keeps it on a masked or omitted value', async () => {
    const saved = await call('PUT', `/api/storage-credentials/${userRecord.id}`, user, { endpoint: 'https://minio.example.com', accessKey: 'minio-user', secretKey: 'super-secret-9876', bucket: 'my-files' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, endpoint: 'https://minio.example.com', accessKey: 'minio-user', secretKey: '********9876', bucket: 'my-files', updated_at: expect.any(String) });
    const { Item } = await platform.ports.database.client.send(new GetCommand({ TableName: platform.ports.database.tableName, Key: storageCredentialsKey(demo.id, userRecord.id) }));
    expect(JSON.stringify(Item)).not.toContain('super-secret');
    expect(Item?.secret_key_cipher).toMatch(/^local:v1:/);

    const kept = await call('PUT', `/api/storage-credentials/${userRecord.id}`, user, { bucket: 'other-files', secretKey: '********9876' });
    expect(kept.body).toMatchObject({ endpoint: 'https://minio.example.com', secretKey: '********9876', bucket: 'other-files' });
    expect((await call('GET', `/api/storage-credentials/${userRecord.id}`, user)).body.secretKey).toBe('********9876');
  });

  it('lets a member reach their own and an admin anyone in the organization', async () => {
    expect((await call('GET', `/api/storage-credentials/${userRecord.id}`, otherUser)).status).toBe(403);
    expect((await call('GET', '/api/storage-credentials/usr_nope', otherUser)).status).toBe(403);
    expect((await call('PUT', `/api/storage-credentials/${userRecord.id}`, otherUser, { bucket: 'mine-now' })).status).toBe(403);
    expect((await call('GET', `/api/storage-credentials/${userRecord.id}`, admin)).body.accessKey).toBe('minio-user');
    expect((await call('GET', '/api/storage-credentials/usr_nope', admin)).body.message).toBe('User not found');
  });

  // The embedded store checks SigV4 signatures as S3 and MinIO do: an unknown key and a wrong secret are both refused.
  it('tests a connection for real: success, rejected keys, missing bucket, unreachable, masked secret', async () => {
    const test = (body: unknown, token = otherUser) => call('POST', '/api/storage-credentials/test', token, body);
    expect((await test({ endpoint, accessKey })).body.message).toBe('Endpoint, access key and secret key are required');
    expect((await test({ endpoint: 'nope', accessKey: 'a', secretKey: 'b' })).body.message).toBe('Endpoint must be a valid URL');
    const ok = await test({ endpoint, accessKey, secretKey, bucket: 'groundwork-data' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: 'Connection successful! All credentials are valid.' });
    expect((await test({ endpoint, accessKey, secretKey })).status).toBe(200);
    const failures = [
      { endpoint, accessKey: 'NOT-A-KEY', secretKey: 'wrong-secret', bucket: 'groundwork-data' },
      { endpoint, accessKey, secretKey: 'wrong-secret', bucket: 'groundwork-data' },
      { endpoint, accessKey, secretKey, bucket: 'no-such-bucket' },
      { endpoint: 'http://127.0.0.1:9', accessKey, secretKey },
    ];
    for (const body of failures) {
      const answer = await test(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe('Failed to connect to Minio server. Please check your credentials.');
    }
    // A masked secret means the caller's stored one: none saved reads as missing.
    expect((await test({ endpoint, accessKey, secretKey: maskedSecret })).body.message).toBe('Endpoint, access key and secret key are required');
    await call('PUT', `/api/storage-credentials/${otherUserRecord.id}`, otherUser, { endpoint, accessKey, secretKey, bucket: 'groundwork-data' });
    expect((await test({ endpoint, accessKey, secretKey: maskedSecret, bucket: 'groundwork-data' })).status).toBe(200);
  });

  it('sends uploads of a user with saved credentials to their bucket; ingest and download use it too', async () => {
    const owner = await demoUser('user');
    await call('PUT', `/api/storage-credentials/${owner.record.id}`, owner.token, { endpoint, accessKey, secretKey, bucket: 'groundwork-data' });
    const stored = await upload(owner.token, 'own-bucket.txt', 'Stored in my own bucket.');
    expect(stored.complete.status).toBe(200);
    expect(stored.complete.body.metadata.object_store).toBe('user');
    expect(await settled(owner.token, stored.id)).toMatchObject({ status: 'active' });
    const link = await call('GET', `/api/files/download/${stored.id}?redirect=false`, owner.token);
    expect(await (await fetch(link.body.url)).text()).toBe('Stored in my own bucket.');
  });
});

describe('cleanup of uploads never completed (§9.6, §23.2)', () => {
  it('deletes items still waiting for completion a day after they started, and nothing else', async () => {
    const abandoned = (await call('POST', '/api/data-sources/upload-url', admin, { filename: 'abandoned.txt', size: 7 })).body;
    const finished = await upload(admin, 'finished.txt', 'done');
    const before = await readStorageCounters(platform.ports.database, demo.id);
    expect(await deleteStaleUploads(platform.ports, new Date().toISOString())).toBe(0);
    const deleted = await deleteStaleUploads(platform.ports, new Date(Date.now() + 25 * 3600 * 1000).toISOString());
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/api/data-sources/${abandoned.dataSourceId}`, admin)).status).toBe(404);
    expect((await call('GET', `/api/data-sources/${finished.id}`, admin)).status).toBe(200);
    expect((await readStorageCounters(platform.ports.database, demo.id)).storageBytes).toBeLessThanOrEqual(before.storageBytes - 7);
  });
});
