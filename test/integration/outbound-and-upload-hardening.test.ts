import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readStorageCounters } from '../../functions/domain/cloud-resources/storage-counters';
import { countersKey } from '../../functions/contracts/keys/table-keys';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { UserRepository, type UserRecord } from '../../functions/domain/users/user-repository';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import { nextClientIp, unique } from '../support/unique-values';
import type { Json } from '../support/json';

/**
 * Issue 15 through the HTTP API: user-supplied storage endpoints never reach link-local or
 * metadata addresses and reach loopback only when the install allows private URLs (§1.10); a
 * user's store that fails answers 502 (§1); and refused uploads leave neither their object nor
 * their size behind (§1.9: the counters are the sum of the files kept).
 */

type Body = Json;
const PASSWORD = 'Hardening-passw0rd';
const ALLOW = 'GROUNDWORK_ALLOW_PRIVATE_URLS';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let user: string;
let userRecord: UserRecord;
let org: OrganizationRecord;
let orgAdmin: string;

function call(method: string, path: string, token: string | undefined, body?: unknown): Promise<JsonAnswer<Body>> {
  return callApi<Body>(platform.url, method, path, { token, body, headers: { 'x-forwarded-for': nextClientIp() } });
}

async function login(email: string, password: string): Promise<string> {
  const answer = await call('POST', '/api/auth/login', undefined, { email, password });
  expect(answer.status, `login ${email}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.token as string;
}

/** A server standing in for a user's S3-compatible store that fails every request its own way. */
async function failingStore(fail: 'status-500' | 'hang-up'): Promise<{ server: Server; endpoint: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    if (fail === 'hang-up') request.socket.destroy();
    else response.writeHead(500, { 'content-type': 'application/xml' }).end('<Error><Code>InternalError</Code><Message>boom</Message></Error>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

async function objectExists(key: string): Promise<boolean> {
  try {
    await platform.ports.objects.client.send(new HeadObjectCommand({ Bucket: platform.ports.objects.bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

async function settled(token: string, id: string, timeoutMs = 60_000): Promise<Body> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const item = (await call('GET', `/api/data-sources/${id}`, token)).body;
    if (item.status !== 'pending') return item;
    if (Date.now() > deadline) throw new Error(`${id} still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const savedAllow = process.env[ALLOW];
afterEach(() => {
  if (savedAllow === undefined) delete process.env[ALLOW];
  else process.env[ALLOW] = savedAllow;
});

beforeAll(async () => {
  platform = await startTestPlatform({ trustProxy: true });
  user = await login(platform.credentials.USER.email, platform.credentials.USER.password);
  userRecord = (await new UserRepository(platform.ports.database).findByEmail(platform.credentials.USER.email)) as UserRecord;
  const systemAdmin = await login(platform.credentials.SYSTEM_ADMIN.email, platform.credentials.SYSTEM_ADMIN.password);
  const domain = `${unique('hardening')}.example.com`;
  const created = await call('POST', '/api/organizations', systemAdmin, { name: unique('Hardening '), domain, adminEmail: `boss@${domain}`, adminFullName: 'Hardening Boss', adminPassword: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  org = (await new OrganizationRepository(platform.ports.database).findByDomain(domain)) as OrganizationRecord;
  orgAdmin = await login(`boss@${domain}`, PASSWORD);
});

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('storage endpoints and the outbound guard (§1.10, §11)', () => {
  const save = (endpoint: string) => call('PUT', `/api/storage-credentials/${userRecord.id}`, user, { endpoint, accessKey: 'minio-user', secretKey: 'minio-secret', bucket: 'my-files' });
  const test = (endpoint: string) => call('POST', '/api/storage-credentials/test', user, { endpoint, accessKey: 'minio-user', secretKey: 'minio-secret' });

  it('refuses loopback in every numeric spelling while private URLs are not allowed, locally too', async () => {
    delete process.env[ALLOW];
    const store = await failingStore('status-500');
    const port = new URL(store.endpoint).port;
    try {
      for (const endpoint of [store.endpoint, `http://2130706433:${port}`, `http://0x7f000001:${port}`, `http://127.1:${port}`, `http://0177.0.0.1:${port}`, `http://[::127.0.0.1]:${port}`, `http://localhost:${port}`]) {
        const saved = await save(endpoint);
        expect(saved.status, endpoint).toBe(400);
        expect(saved.body.message, endpoint).toBe('URL is not allowed');
        const tested = await test(endpoint);
        expect(tested.status, endpoint).toBe(400);
        expect(tested.body.message, endpoint).toBe('URL is not allowed');
      }
      expect(store.requests()).toBe(0);
    } finally {
      await closeServer(store.server);
    }
  });

  it('refuses link-local and metadata endpoints even when private URLs are allowed', async () => {
    process.env[ALLOW] = 'true';
    for (const endpoint of ['http://169.254.169.254', 'http://[::ffff:169.254.169.254]', 'http://[::169.254.169.254]', 'http://2852039166', 'http://[fd00:ec2::254]', 'http://[fe80::1]', 'http://100.100.100.200']) {
      const saved = await save(endpoint);
      expect(saved.status, endpoint).toBe(400);
      expect(saved.body.message, endpoint).toBe('URL is not allowed');
      expect((await test(endpoint)).body.message, endpoint).toBe('URL is not allowed');
    }
  });

  it('checks a saved endpoint again at every use: a loopback store saved while allowed is not used once it is not', async () => {
    process.env[ALLOW] = 'true';
    const store = await failingStore('status-500');
    try {
      expect((await save(store.endpoint)).status).toBe(200);
      delete process.env[ALLOW];
      const ticket = await call('POST', '/api/data-sources/upload-url', user, { filename: 'later.txt', size: 4 });
      expect(ticket.status).toBe(502);
      expect(ticket.body.code).toBe('UPSTREAM_ERROR');
      expect(store.requests()).toBe(0);
    } finally {
      await closeServer(store.server);
    }
  });
});

describe("upload-complete when the user's own store fails (§9.6, §1)", () => {
  for (const fail of ['status-500', 'hang-up'] as const) {
    it(`answers 502 UPSTREAM_ERROR when it ${fail === 'status-500' ? 'answers 500' : 'closes the connection'}`, async () => {
      process.env[ALLOW] = 'true';
      const store = await failingStore(fail);
      try {
        expect((await call('PUT', `/api/storage-credentials/${userRecord.id}`, user, { endpoint: store.endpoint, accessKey: 'minio-user', secretKey: 'minio-secret', bucket: 'my-files' })).status).toBe(200);
        const ticket = await call('POST', '/api/data-sources/upload-url', user, { filename: `${fail}.txt`, size: 5 });
        expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
        expect(ticket.body.uploadUrl).toContain(store.endpoint);
        const complete = await call('POST', '/api/data-sources/upload-complete', user, { dataSourceId: ticket.body.dataSourceId, objectName: ticket.body.objectName, size: 5 });
        expect(complete.status, JSON.stringify(complete.body)).toBe(502);
        expect(complete.body).toMatchObject({ code: 'UPSTREAM_ERROR', message: 'The storage this file was uploaded to is not available' });
        expect(store.requests()).toBeGreaterThan(0);
      } finally {
        await closeServer(store.server);
      }
    });
  }
});

describe('refused uploads keep neither bytes nor counted storage (§1.9, §9.6)', () => {
  const listKept = async (): Promise<Body[]> => (await call('GET', '/api/data-sources?source=file_upload&recursive=true&all=true', orgAdmin)).body.dataSources;

  async function put(filename: string, content: string | Buffer, size: number | undefined): Promise<{ ticket: Body; status: number }> {
    const ticket = await call('POST', '/api/data-sources/upload-url', orgAdmin, { filename, size });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    return { ticket: ticket.body, status: await putOnFreshConnection(ticket.body.uploadUrl, ticket.body.headers, typeof content === 'string' ? Buffer.from(content) : content) };
  }

  /**
   * The PUT on a connection of its own: a 50 MB body sent over a pooled keep-alive socket the store
   * has just timed out is reset (ECONNRESET) on a loaded machine, which says nothing about uploads.
   */
  function putOnFreshConnection(url: string, headers: Record<string, string>, body: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      const put = httpRequest(url, { method: 'PUT', agent: false, headers: { ...headers, 'content-length': String(body.length) } }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      });
      put.on('error', reject);
      put.end(body);
    });
  }

  const complete = (ticket: Body) => call('POST', '/api/data-sources/upload-complete', orgAdmin, { dataSourceId: ticket.dataSourceId, objectName: ticket.objectName });

  it('after uploads refused at completion and at ingest, the counters are the sum of the files kept', async () => {
    // Close to the plan's limit, so that a few hundred bytes are over it.
    const limit = 1024 ** 3;
    const baseline = limit - 1_000;
    await platform.ports.database.client.send(
      new UpdateCommand({ TableName: platform.ports.database.tableName, Key: countersKey(org.id), UpdateExpression: 'SET storage_bytes = :bytes', ExpressionAttributeValues: { ':bytes': baseline } }),
    );
    const counted = async () => (await readStorageCounters(platform.ports.database, org.id)).storageBytes - baseline;

    const kept = await put('kept.txt', 'kept text here', 14);
    expect(kept.status).toBe(200);
    expect((await complete(kept.ticket)).status).toBe(200);

    // Over the plan's storage, never completed: the ingest refuses it.
    const overQuota = await put('over-quota.txt', 'x'.repeat(2_000), undefined);
    expect(overQuota.status).toBe(200);
    // Over 50 MB, never completed: the ingest refuses it too.
    const tooLarge = await put('too-large.txt', Buffer.alloc(52_428_801, 0x61), undefined);
    expect(tooLarge.status).toBe(200);

    expect(await settled(orgAdmin, overQuota.ticket.dataSourceId)).toMatchObject({ status: 'failed', metadata: { error: 'Storage limit reached for your plan', file_size: 0 } });
    expect(await settled(orgAdmin, tooLarge.ticket.dataSourceId)).toMatchObject({ status: 'failed', metadata: { error: 'File size exceeds 50MB limit', file_size: 0 } });
    expect(await objectExists(overQuota.ticket.objectName)).toBe(false);
    expect(await objectExists(tooLarge.ticket.objectName)).toBe(false);
    expect(await settled(orgAdmin, kept.ticket.dataSourceId)).toMatchObject({ status: 'active' });

    // Completing them afterwards answers what completing them first would have, and the items go.
    const lateQuota = await complete(overQuota.ticket);
    expect(lateQuota.status).toBe(402);
    expect(lateQuota.body.details).toMatchObject({ resource: 'storage', limit });
    expect((await complete(tooLarge.ticket)).status).toBe(413);

    // Over the limit at completion: refused, object and item deleted.
    const lateGrowth = await put('grown.txt', 'y'.repeat(1_500), undefined);
    expect(lateGrowth.status).toBe(200);
    expect((await complete(lateGrowth.ticket)).status).toBe(402);
    await expect.poll(() => objectExists(lateGrowth.ticket.objectName), { timeout: 20_000 }).toBe(false);

    const names = new Set(['kept.txt', 'over-quota.txt', 'too-large.txt', 'grown.txt']);
    const files = (await listKept()).filter((file) => names.has(file.name));
    expect(files.map((file) => file.name)).toEqual(['kept.txt']);
    const sum = files.reduce((total, file) => total + Number(file.metadata.file_size), 0);
    expect(sum).toBe(14);
    expect(await counted()).toBe(sum);
  });

  it('signs the declared size into the upload URL and keeps validity short', async () => {
    const ticket = await call('POST', '/api/data-sources/upload-url', orgAdmin, { filename: 'signed.txt', size: 12 });
    expect(ticket.body.expiresIn).toBeLessThanOrEqual(300);
    const url = new URL(ticket.body.uploadUrl);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    const longer = await fetch(ticket.body.uploadUrl, { method: 'PUT', headers: ticket.body.headers, body: 'thirteen byte' });
    expect(longer.status).toBe(403);
    expect((await fetch(ticket.body.uploadUrl, { method: 'PUT', headers: ticket.body.headers, body: 'twelve bytes' })).status).toBe(200);
  });
});
