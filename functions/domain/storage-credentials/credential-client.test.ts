import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../outbound/url-guard';
import { credentialsWork } from './credential-client';

/** Stands in for a user's S3-compatible store: every HeadBucket succeeds, and every request is counted. */
let server: Server;
let port: number;
let requests = 0;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const keys = { accessKey: 'minio-user', secretKey: 'minio-secret', bucket: 'files' };

describe('storage credential client', () => {
  it('never connects to a loopback endpoint unless private URLs are allowed', async () => {
    requests = 0;
    for (const endpoint of [`http://127.0.0.1:${port}`, `http://2130706433:${port}`, `http://[::ffff:127.0.0.1]:${port}`]) {
      expect(await credentialsWork({ ...keys, endpoint }, 5_000, { allowPrivate: false }), endpoint).toBe(false);
    }
    expect(requests).toBe(0);
    expect(await credentialsWork({ ...keys, endpoint: `http://127.0.0.1:${port}` }, 5_000, { allowPrivate: true })).toBe(true);
    expect(requests).toBe(1);
  });

  it('connects to the address the name was checked at, and refuses a name leading to metadata even with the flag', async () => {
    requests = 0;
    let lookups = 0;
    const toLoopback: Resolver = async () => {
      lookups += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    expect(await credentialsWork({ ...keys, endpoint: `http://minio.internal.test:${port}` }, 5_000, { allowPrivate: true, resolve: toLoopback })).toBe(true);
    expect(lookups).toBe(1);
    const toMetadata: Resolver = async () => [{ address: '169.254.169.254', family: 4 }];
    expect(await credentialsWork({ ...keys, endpoint: `http://minio.internal.test:${port}` }, 5_000, { allowPrivate: true, resolve: toMetadata })).toBe(false);
    expect(requests).toBe(1);
  });
});
