/**
 * The local object store: s3rver in-process, spoken to with the same @aws-sdk/client-s3 code as S3.
 * Its upload events are turned into the exact body S3 puts on SQS, so the same ingest worker reads them.
 */
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ObjectStoreKeys } from './object-store-keys';
import { checkSignedRequest, type SignatureCheckFailure } from './request-signature';

export interface StartObjectStoreOptions {
  /** The runtime's data directory; objects live in `${dataDir}/objects`. */
  dataDir: string;
  buckets: string[];
  /** Web origins allowed to PUT/GET through presigned URLs (the product's own origin). */
  corsOrigins: string[];
  /** Receives the S3 -> SQS notification body of every created object. */
  onObjectCreated: (notificationBody: string) => void | Promise<void>;
  /** A fixed port; a free one is picked when omitted. */
  port?: number;
  /** The region written into notifications (default `local`). */
  region?: string;
  /** The only key pair whose signatures are accepted (object-store-keys.ts). */
  keys: ObjectStoreKeys;
  /** Interface to bind (default loopback): the browser opens presigned URLs on it directly. */
  host?: string;
  logger?: { error(message: string, ...extra: unknown[]): void };
}

export interface ObjectStoreHandle {
  /** `http://localhost:<port>`: the host browsers reach, so presigned URLs signed for it work there too. */
  endpoint: string;
  stop(): Promise<void>;
}

/** The part of s3rver this module uses (the package ships no types). */
interface S3rverInstance {
  configureBuckets(): Promise<unknown>;
  /** Koa's request listener. */
  callback(): (request: IncomingMessage, response: ServerResponse) => void;
  on(event: 'event', listener: (event: S3rverEvent) => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

interface S3rverEvent {
  Records?: Array<{
    eventName?: string;
    eventTime?: string;
    s3?: { bucket?: { name?: string }; object?: { key?: string; size?: number; eTag?: string; sequencer?: string } };
  }>;
}

const CORS_METHODS = ['GET', 'PUT', 'HEAD', 'POST', 'DELETE'];
/** The part of s3rver's account model used to replace its public built-in key pair. */
interface S3rverAccounts {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void; revokeAccessKey(accessKeyId: string): void };
}
const S3RVER_BUILT_IN_KEY = 'S3RVER';

export async function startObjectStore(options: StartObjectStoreOptions): Promise<ObjectStoreHandle> {
  const require = createRequire(import.meta.url);
  const S3rver = require('s3rver') as S3rverConstructor;
  // s3rver looks keys up itself after our check; it must know ours and forget the one its README prints.
  const accounts = require('s3rver/lib/models/account') as S3rverAccounts;
  accounts.DUMMY_ACCOUNT.revokeAccessKey(S3RVER_BUILT_IN_KEY);
  accounts.DUMMY_ACCOUNT.createKeyPair(options.keys.accessKeyId, options.keys.secretAccessKey);
  const secrets: ReadonlyMap<string, string> = new Map([[options.keys.accessKeyId, options.keys.secretAccessKey]]);
  const directory = path.join(options.dataDir, 'objects');
  await mkdir(directory, { recursive: true });
  const region = options.region ?? 'local';
  const cors = corsConfiguration(options.corsOrigins);

  const s3rver = new S3rver({
    directory,
    silent: true,
    // Path-style only: with vhost buckets on, a Host like `localhost:port` could be mistaken for a bucket.
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name, configs: cors ? [cors] : [] })),
  });

  const logError = (message: string, error: unknown): void => {
    if (options.logger) options.logger.error(message, error);
    else console.error(message, error);
  };
  s3rver.on('event', (event) => {
    const body = notificationBody(event, region);
    if (!body) return;
    // A failing consumer must not break the upload that already succeeded; S3 would not either.
    Promise.resolve()
      .then(() => options.onObjectCreated(body))
      .catch((error: unknown) => logError('Object-created notification failed', error));
  });
  s3rver.on('error', (error) => {
    // s3rver reports every S3 error answer (404s of HEAD requests included); only real faults matter.
    const status = (error as { status?: number }).status;
    if (status === undefined || status >= 500) logError('Object store request failed', error);
  });

  await s3rver.configureBuckets();
  const s3rverListener = s3rver.callback();
  const allowedOrigins = new Set(options.corsOrigins);
  // Our own server in front of s3rver, so signatures are checked before s3rver sees the request.
  const server = createServer((request, response) => {
    // A browser's CORS preflight is never signed (S3 answers it from the CORS rules alone, and it
    // reads or writes nothing), so only the actual request is checked.
    const failure = request.method === 'OPTIONS' ? undefined : checkSignedRequest(request, secrets);
    if (failure) refuse(request, response, failure, allowedOrigins);
    else s3rverListener(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://localhost:${port}`,
    stop() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets from SDK clients would otherwise hold close() open.
        server.closeIdleConnections();
      });
    },
  };
}

function refuse(
  request: IncomingMessage,
  response: ServerResponse,
  failure: SignatureCheckFailure,
  allowedOrigins: ReadonlySet<string>,
): void {
  const origin = request.headers.origin;
  // Like S3, the error carries CORS headers so the browser shows the 403 rather than a CORS failure.
  if (origin && allowedOrigins.has(origin)) {
    response.setHeader('Access-Control-Allow-Origin', origin);
    response.setHeader('Vary', 'Origin');
  }
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${failure.code}</Code><Message>${escapeXml(failure.message)}</Message></Error>`;
  response.writeHead(403, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body) });
  // Unread upload bodies are drained so the client sees the answer instead of a reset connection.
  request.resume();
  response.end(body);
}

export function corsConfiguration(origins: string[]): string | undefined {
  if (origins.length === 0) return undefined;
  const lines = [
    '<CORSConfiguration>',
    '  <CORSRule>',
    ...origins.map((origin) => `    <AllowedOrigin>${escapeXml(origin)}</AllowedOrigin>`),
    ...CORS_METHODS.map((method) => `    <AllowedMethod>${method}</AllowedMethod>`),
    '    <AllowedHeader>*</AllowedHeader>',
    '    <ExposeHeader>ETag</ExposeHeader>',
    '    <MaxAgeSeconds>3000</MaxAgeSeconds>',
    '  </CORSRule>',
    '</CORSConfiguration>',
  ];
  return lines.join('\n');
}

/** The S3 -> SQS event notification body for an s3rver ObjectCreated event; undefined for other events. */
export function notificationBody(event: S3rverEvent, region: string): string | undefined {
  const source = event.Records?.[0];
  const bucket = source?.s3?.bucket?.name;
  const object = source?.s3?.object;
  if (!source?.eventName?.startsWith('ObjectCreated:') || !bucket || object?.key === undefined) return undefined;
  return JSON.stringify({
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: region,
        eventTime: source.eventTime ?? new Date().toISOString(),
        eventName: source.eventName,
        userIdentity: { principalId: 'local' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: {},
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: 'local-object-created',
          bucket: { name: bucket, ownerIdentity: { principalId: 'local' }, arn: `arn:aws:s3:::${bucket}` },
          object: {
            key: encodeEventKey(object.key),
            size: object.size ?? 0,
            eTag: object.eTag ?? '',
            sequencer: object.sequencer ?? Date.now().toString(16).toUpperCase(),
          },
        },
      },
    ],
  });
}

/**
 * S3 form-encodes keys in notifications (space as `+`, `/` kept); consumers decode with
 * decodeURIComponent(key.replace(/\+/g, ' ')), exactly as they must for S3.
 */
export function encodeEventKey(key: string): string {
  return key
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%20/g, '+'))
    .join('/');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
