/**
 * Verification of SigV4 presigned URLs (query-string authentication), which s3rver skips. Without it
 * a browser upload whose Content-Type differs from the signed one, or whose URL was tampered with,
 * would work locally and fail against S3.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface PresignedCheckFailure {
  code: 'SignatureDoesNotMatch' | 'InvalidAccessKeyId' | 'AuthorizationQueryParametersError';
  message: string;
}

/**
 * Undefined when the request carries no presigned signature (SDK header-signed requests, CORS
 * preflights) or a valid one; otherwise why S3 would refuse it.
 */
export function checkPresignedRequest(
  request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
  secrets: ReadonlyMap<string, string>,
): PresignedCheckFailure | undefined {
  const url = request.url ?? '/';
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return undefined;
  const params = parseQuery(url.slice(queryStart + 1));
  const value = (name: string): string | undefined => params.find(([key]) => key === name)?.[1];
  const signature = value('X-Amz-Signature');
  if (value('X-Amz-Algorithm') === undefined || signature === undefined) return undefined;

  const credential = value('X-Amz-Credential') ?? '';
  const amzDate = value('X-Amz-Date') ?? '';
  const signedHeaders = value('X-Amz-SignedHeaders') ?? '';
  const [accessKeyId, ...scopeParts] = credential.split('/');
  if (value('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || scopeParts.length !== 4 || !amzDate || !signedHeaders) {
    return { code: 'AuthorizationQueryParametersError', message: 'Malformed SigV4 query-string authentication.' };
  }
  const secret = secrets.get(accessKeyId ?? '');
  if (secret === undefined) {
    return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  }

  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${headerValue(request.headers[name])}\n`)
    .join('');
  const canonicalQuery = params
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, val]) => [rfc3986(key), rfc3986(val)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([key, val]) => `${key}=${val}`)
    .join('&');
  const canonicalRequest = [
    request.method ?? 'GET',
    canonicalPath(url.slice(0, queryStart)),
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    value('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = scopeParts.join('/');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');

  const [date = '', region = '', service = '', terminator = ''] = scopeParts;
  let key = hmac(`AWS4${secret}`, date);
  for (const part of [region, service, terminator]) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');

  const provided = Buffer.from(signature);
  const wanted = Buffer.from(expected);
  if (provided.length === wanted.length && timingSafeEqual(provided, wanted)) return undefined;
  return {
    code: 'SignatureDoesNotMatch',
    message:
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  };
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
