/**
 * The embedded object store's door: only requests signed with SigV4 by a key it knows pass, as with
 * S3 and as the AWS SDK sends them, either presigned (query-string authentication, what browsers
 * are handed for uploads and downloads) or with an Authorization header (the product's own client).
 * s3rver checks neither: it takes any SigV4 request of a known access key, and anonymous ones too.
 * Without this, anyone reaching the port listed, read and overwrote every organization's files, and
 * an overwrite was ingested again. Checking presigned URLs also makes a browser upload whose
 * Content-Type differs from the signed one fail locally as it fails against S3.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface SignatureCheckFailure {
  code:
    | 'AccessDenied'
    | 'SignatureDoesNotMatch'
    | 'InvalidAccessKeyId'
    | 'AuthorizationQueryParametersError'
    | 'AuthorizationHeaderMalformed'
    | 'RequestTimeTooSkewed';
  message: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3's own limits: a presigned URL lives at most 7 days; a header-signed request is good 15 minutes either side. */
const MAX_EXPIRES_SECONDS = 604_800;
const MAX_SKEW_MS = 15 * 60_000;

const ANONYMOUS: SignatureCheckFailure = { code: 'AccessDenied', message: 'Access Denied' };
const MISMATCH: SignatureCheckFailure = {
  code: 'SignatureDoesNotMatch',
  message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
};

type SignedRequest = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;

/** Undefined when the request is signed by a known key and in time; otherwise why S3 would refuse it. */
export function checkSignedRequest(request: SignedRequest, secrets: ReadonlyMap<string, string>, now = Date.now()): SignatureCheckFailure | undefined {
  const url = request.url ?? '/';
  const queryStart = url.indexOf('?');
  const params = queryStart < 0 ? [] : parseQuery(url.slice(queryStart + 1));
  const value = (name: string): string | undefined => params.find(([key]) => key === name)?.[1];
  const authorization = headerValue(request.headers.authorization);
  if (value('X-Amz-Algorithm') !== undefined || value('X-Amz-Signature') !== undefined) return checkPresigned(request, params, value, secrets, now);
  if (authorization) return checkHeaderSigned(request, params, authorization, secrets, now);
  return ANONYMOUS;
}

function checkPresigned(
  request: SignedRequest,
  params: Array<[string, string]>,
  value: (name: string) => string | undefined,
  secrets: ReadonlyMap<string, string>,
  now: number,
): SignatureCheckFailure | undefined {
  const signature = value('X-Amz-Signature') ?? '';
  const amzDate = value('X-Amz-Date') ?? '';
  const signedHeaders = value('X-Amz-SignedHeaders') ?? '';
  const expires = Number(value('X-Amz-Expires'));
  const scope = parseScope(value('X-Amz-Credential') ?? '');
  const signedAt = parseAmzDate(amzDate);
  if (value('X-Amz-Algorithm') !== ALGORITHM || !scope || !signature || signedAt === undefined || !signedHeaders.split(';').includes('host')) {
    return { code: 'AuthorizationQueryParametersError', message: 'Malformed SigV4 query-string authentication.' };
  }
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
    return { code: 'AuthorizationQueryParametersError', message: 'X-Amz-Expires must be between 1 and 604800 seconds.' };
  }
  if (now > signedAt + expires * 1000) return { code: 'AccessDenied', message: 'Request has expired' };
  if (signedAt - now > MAX_SKEW_MS) return { code: 'AccessDenied', message: 'Request is not valid yet' };
  const secret = secrets.get(scope.accessKeyId);
  if (secret === undefined) return unknownKey();
  const query = params.filter(([key]) => key !== 'X-Amz-Signature');
  const payloadHash = value('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  return matches(signature, expectedSignature(request, query, signedHeaders, payloadHash, amzDate, scope, secret)) ? undefined : MISMATCH;
}

function checkHeaderSigned(
  request: SignedRequest,
  params: Array<[string, string]>,
  authorization: string,
  secrets: ReadonlyMap<string, string>,
  now: number,
): SignatureCheckFailure | undefined {
  // Anything but SigV4 (SigV2, a bearer token) is not a way into this store.
  if (!authorization.startsWith(`${ALGORITHM} `)) return ANONYMOUS;
  const fields = new Map(
    authorization
      .slice(ALGORITHM.length + 1)
      .split(',')
      .map((part) => part.trim().split('=') as [string, string?])
      .map(([key, val]) => [key, val ?? ''] as const),
  );
  const scope = parseScope(fields.get('Credential') ?? '');
  const signedHeaders = fields.get('SignedHeaders') ?? '';
  const signature = fields.get('Signature') ?? '';
  const amzDate = headerValue(request.headers['x-amz-date']);
  const signedAt = parseAmzDate(amzDate);
  // The payload's hash is signed: it stands for the body in the signature (the body itself is not
  // hashed again here; a replay would need a request signed with the install's key in the first place).
  const payloadHash = headerValue(request.headers['x-amz-content-sha256']);
  if (!scope || !signature || !signedHeaders.split(';').includes('host') || signedAt === undefined || !payloadHash) {
    return { code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed.' };
  }
  if (Math.abs(now - signedAt) > MAX_SKEW_MS) {
    return { code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' };
  }
  const secret = secrets.get(scope.accessKeyId);
  if (secret === undefined) return unknownKey();
  return matches(signature, expectedSignature(request, params, signedHeaders, payloadHash, amzDate, scope, secret)) ? undefined : MISMATCH;
}

interface CredentialScope {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  terminator: string;
}

function parseScope(credential: string): CredentialScope | undefined {
  const [accessKeyId, date, region, service, terminator, ...rest] = credential.split('/');
  if (!accessKeyId || !date || !region || !service || terminator !== 'aws4_request' || rest.length > 0) return undefined;
  return { accessKeyId, date, region, service, terminator };
}

/** `20260125T101500Z` -> epoch ms; undefined when malformed. */
function parseAmzDate(text: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

function expectedSignature(
  request: SignedRequest,
  query: Array<[string, string]>,
  signedHeaders: string,
  payloadHash: string,
  amzDate: string,
  scope: CredentialScope,
  secret: string,
): string {
  const url = request.url ?? '/';
  const queryStart = url.indexOf('?');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${headerValue(request.headers[name])}\n`)
    .join('');
  const canonicalQuery = query
    .map(([key, val]) => [rfc3986(key), rfc3986(val)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([key, val]) => `${key}=${val}`)
    .join('&');
  const canonicalRequest = [
    request.method ?? 'GET',
    canonicalPath(queryStart < 0 ? url : url.slice(0, queryStart)),
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scopeText = [scope.date, scope.region, scope.service, scope.terminator].join('/');
  const stringToSign = [ALGORITHM, amzDate, scopeText, sha256(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${secret}`, scope.date);
  for (const part of [scope.region, scope.service, scope.terminator]) key = hmac(key, part);
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

function matches(provided: string, expected: string): boolean {
  const a = Buffer.from(provided);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function unknownKey(): SignatureCheckFailure {
  return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
}

/** SigV4 decodes query components strictly: `+` is a plus sign, not a space. */
function parseQuery(query: string): Array<[string, string]> {
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals < 0 ? pair : pair.slice(0, equals);
      const val = equals < 0 ? '' : pair.slice(equals + 1);
      return [safeDecode(key), safeDecode(val)];
    });
}

/** S3 signs the path encoded once, each segment in RFC 3986 form. */
function canonicalPath(path: string): string {
  return path
    .split('/')
    .map((segment) => rfc3986(safeDecode(segment)))
    .join('/');
}

function headerValue(value: string | string[] | undefined): string {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
}

function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}
