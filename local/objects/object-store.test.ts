import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Objects } from '../../functions/adapters/aws/s3-objects';
import { attachmentDisposition } from '../../functions/domain/files/presigned-urls';
import type { ObjectsPort } from '../../functions/contracts/ports/objects';
import { encodeEventKey, startObjectStore, type ObjectStoreHandle } from './object-store';
import { loadOrCreateObjectStoreKeys, type ObjectStoreKeys } from './object-store-keys';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const BUCKET = 'groundwork-data';
const ORIGIN = 'http://localhost:5173';

describe('object store (s3rver)', () => {
  let dataDir: string;
  let store: ObjectStoreHandle;
  let objects: ObjectsPort;
  let keys: ObjectStoreKeys;
  const notifications: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gw-objects-'));
    keys = loadOrCreateObjectStoreKeys(dataDir);
    store = await startObjectStore({
      dataDir,
      keys,
      buckets: [BUCKET],
      corsOrigins: [ORIGIN],
      onObjectCreated: (body) => {
        notifications.push(body);
      },
    });
    objects = createS3Objects({ bucket: BUCKET, endpoint: store.endpoint, adapter: 's3rver', credentials: keys });
  });

  afterAll(async () => {
    objects?.client.destroy();
    await store?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves on localhost so presigned URLs work from the browser', async () => {
    expect(store.endpoint).toMatch(/^http:\/\/localhost:\d+$/);
    await expect(objects.ping()).resolves.toBeUndefined();
  });

  it('accepts a presigned PUT with the signed Content-Type and notifies like S3 -> SQS', async () => {
    const key = 'org/org_1/files/ds_1/Q1 report.txt';
    const url = await objects.presignPut(key, { contentType: 'text/plain', expiresInSeconds: 300 });
    expect(url.startsWith(`${store.endpoint}/${BUCKET}/`)).toBe(true);
    expect(url).not.toMatch(/x-amz-checksum|x-amz-sdk-checksum/i);

    const response = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: 'hello world' });
    expect(response.status).toBe(200);

    const head = await objects.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head.ContentType).toBe('text/plain');
    expect(head.ContentLength).toBe(11);

    await waitFor(() => notifications.length > 0);
    const body = JSON.parse(notifications.at(-1)!);
    expect(body.Records).toHaveLength(1);
    const [record] = body.Records;
    expect(record).toMatchObject({
      eventSource: 'aws:s3',
      eventName: 'ObjectCreated:Put',
      awsRegion: 'local',
      s3: {
        bucket: { name: BUCKET, arn: `arn:aws:s3:::${BUCKET}` },
        object: { key: 'org/org_1/files/ds_1/Q1+report.txt', size: 11, eTag: '5eb63bbbe01eeed093cb22bb8f5acdc3' },
      },
    });
    expect(Number.isNaN(Date.parse(record.eventTime))).toBe(false);
    expect(decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '))).toBe(key);
  });

  it('rejects a presigned PUT whose Content-Type differs from the signed one', async () => {
    const url = await objects.presignPut('org/org_1/files/ds_2/a.txt', { contentType: 'text/plain', expiresInSeconds: 300 });
    const response = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/html', Origin: ORIGIN },
      body: '<b>x</b>',
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    // The browser must be able to read the refusal, as with S3.
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const head = objects.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'org/org_1/files/ds_2/a.txt' }));
    await expect(head).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('rejects a presigned URL pointed at another key', async () => {
    const url = await objects.presignPut('org/org_1/files/ds_4/a.txt', { contentType: 'text/plain', expiresInSeconds: 300 });
    const tampered = url.replace('/ds_4/', '/ds_5/');
    const response = await fetch(tampered, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(response.status).toBe(403);
  });

  it('presigns a GET that downloads under the given name', async () => {
    const key = "org/org_1/files/ds_3/data (1) é!'*.csv";
    const put = await objects.presignPut(key, { contentType: 'text/csv', expiresInSeconds: 300 });
    expect((await fetch(put, { method: 'PUT', headers: { 'Content-Type': 'text/csv' }, body: 'a,b\n1,2\n' })).status).toBe(200);

    const url = await objects.presignGet(key, { expiresInSeconds: 300, downloadName: 'Résumé "final".csv' });
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('a,b\n1,2\n');
    expect(response.headers.get('content-disposition')).toBe(attachmentDisposition('Résumé "final".csv'));

    const plain = await fetch(await objects.presignGet(key, { expiresInSeconds: 300 }));
    expect(plain.headers.get('content-disposition')).toBeNull();
  });

  it('answers a CORS preflight from an allowed origin and refuses others', async () => {
    const preflight = (origin: string) =>
      fetch(`${store.endpoint}/${BUCKET}/org/org_1/files/x.txt`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' },
      });
    const allowed = await preflight(ORIGIN);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/localhost:5173)$/);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type');

    const refused = await preflight('http://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();

    // What a browser really sends before a presigned PUT: the preflight carries the signed URL.
    const signed = await objects.presignPut('org/org_1/files/preflight.txt', { contentType: 'text/plain', expiresInSeconds: 300 });
    const signedPreflight = await fetch(signed, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(signedPreflight.status).toBe(200);
    expect(signedPreflight.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  describe('refuses every request not signed with the install\'s key', () => {
    const key = 'org/org_9/files/ds_9/secret.txt';
    beforeAll(async () => {
      await objects.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'the original', ContentType: 'text/plain' }));
    });
    const stored = async () => (await fetch(await objects.presignGet(key, { expiresInSeconds: 60 }))).text();

    it('answers 403 to unsigned GET, PUT and LIST, and the file stays as it was', async () => {
      const objectUrl = `${store.endpoint}/${BUCKET}/${key}`;
      const answers = [
        await fetch(objectUrl),
        await fetch(objectUrl, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: 'overwritten' }),
        await fetch(`${store.endpoint}/${BUCKET}?list-type=2`),
        await fetch(`${store.endpoint}/${BUCKET}`),
        await fetch(`${store.endpoint}/`),
      ];
      for (const answer of answers) {
        expect(answer.status, answer.url).toBe(403);
        expect(await answer.text()).toContain('<Code>AccessDenied</Code>');
      }
      expect(await stored()).toBe('the original');
    });

    it("answers 403 to s3rver's public key pair, a made-up key and a forged signature, in the header or the query", async () => {
      const client = (accessKeyId: string, secretAccessKey: string) =>
        new S3Client({ endpoint: store.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId, secretAccessKey }, maxAttempts: 1 });
      for (const [accessKeyId, secretAccessKey] of [['S3RVER', 'S3RVER'], [keys.accessKeyId, 'not-the-secret-0123456789'], ['AKIAMADEUP', 'x'.repeat(40)]] as const) {
        const intruder = client(accessKeyId, secretAccessKey);
        await expect(intruder.send(new ListObjectsV2Command({ Bucket: BUCKET })), accessKeyId).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
        await expect(intruder.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'overwritten' }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
        const presigned = await getSignedUrl(intruder, new PutObjectCommand({ Bucket: BUCKET, Key: key }), { expiresIn: 60 });
        expect((await fetch(presigned, { method: 'PUT', body: 'overwritten' })).status).toBe(403);
        intruder.destroy();
      }
      const genuine = new URL(await objects.presignGet(key, { expiresInSeconds: 60 }));
      const signature = genuine.searchParams.get('X-Amz-Signature')!;
      genuine.searchParams.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
      const forged = await fetch(genuine);
      expect(forged.status).toBe(403);
      expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
      expect(await stored()).toBe('the original');
    });

    it('answers 403 to a presigned URL past its expiry, and to a header-signed request from long ago', async () => {
      const anHourAgo = new Date(Date.now() - 3_600_000);
      const expired = await getSignedUrl(objects.client, new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: 'text/plain' }), {
        expiresIn: 60,
        signingDate: anHourAgo,
        signableHeaders: new Set(['content-type']),
      });
      const answer = await fetch(expired, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: 'overwritten' });
      expect(answer.status).toBe(403);
      expect(await answer.text()).toContain('Request has expired');
      const stillValid = await getSignedUrl(objects.client, new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: 'text/plain' }), {
        expiresIn: 7_200,
        signingDate: anHourAgo,
        signableHeaders: new Set(['content-type']),
      });
      expect((await fetch(stillValid, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: 'replaced by its owner' })).status).toBe(200);
      expect(await stored()).toBe('replaced by its owner');
      const stale = new S3Client({ endpoint: store.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { ...keys }, maxAttempts: 1, systemClockOffset: -3_600_000 });
      await expect(stale.send(new ListObjectsV2Command({ Bucket: BUCKET }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      stale.destroy();
    });

    it('lets the install\'s own key list, read and write with header signatures', async () => {
      const listed = await objects.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'org/org_9/' }));
      expect(listed.Contents?.map((entry) => entry.Key)).toContain(key);
    });

    it('keeps the key pair of the install across starts, and makes a different one for another install', async () => {
      expect(loadOrCreateObjectStoreKeys(dataDir)).toEqual(keys);
      expect(keys.accessKeyId).not.toBe('S3RVER');
      const other = await mkdtemp(path.join(tmpdir(), 'gw-objects-other-'));
      try {
        const theirs = loadOrCreateObjectStoreKeys(other);
        expect(theirs.accessKeyId).not.toBe(keys.accessKeyId);
        expect(theirs.secretAccessKey).not.toBe(keys.secretAccessKey);
      } finally {
        await rm(other, { recursive: true, force: true });
      }
    });
  });

  it('rejects ping for a bucket that does not exist', async () => {
    const missing = createS3Objects({ bucket: 'no-such-bucket', endpoint: store.endpoint, adapter: 's3rver', credentials: keys });
    await expect(missing.ping()).rejects.toBeTruthy();
    missing.client.destroy();
  });
});

describe('encodeEventKey', () => {
  it('form-encodes each segment like S3 notifications and keeps slashes', () => {
    expect(encodeEventKey('org/a b/ü+x.pdf')).toBe('org/a+b/%C3%BC%2Bx.pdf');
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
