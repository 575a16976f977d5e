import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ApiEvent } from '../../functions/http/api-types';

/** Content types API Gateway passes as text; everything else arrives base64-encoded. */
const TEXT_TYPES = /^(application\/(json|.*\+json|x-www-form-urlencoded|xml)|text\/)/i;

/**
 * The client's address. Behind a reverse proxy the socket is the proxy's, so with `trustProxy` the
 * left-most X-Forwarded-For entry is taken, as a proxy the operator runs would have written it.
 * Without it the header is ignored: any client could send one.
 */
function clientAddress(request: IncomingMessage, headers: Record<string, string>, trustProxy: boolean): string {
  const forwarded = trustProxy ? headers['x-forwarded-for']?.split(',')[0]?.trim() : undefined;
  return forwarded || request.socket.remoteAddress || '127.0.0.1';
}

/**
 * Builds the API Gateway HTTP API (payload 2.0) event for a request, as the gateway would:
 * lowercase headers with repeated values joined by commas, cookies split out, query parameters
 * joined by commas, text bodies as text and others base64.
 */
export function toApiGatewayEvent(request: IncomingMessage, body: Buffer, url: URL, options: { trustProxy?: boolean; requestId?: string } = {}): ApiEvent {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const now = new Date();
  const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  const method = (request.method ?? 'GET').toUpperCase();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: request.headers.cookie?.split(';').map((cookie) => cookie.trim()),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: url.host,
      domainPrefix: url.hostname,
      http: { method, path: url.pathname, protocol: `HTTP/${request.httpVersion}`, sourceIp: clientAddress(request, headers, options.trustProxy ?? false), userAgent: headers['user-agent'] ?? '' },
      requestId: options.requestId ?? randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : isText ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: !isText,
  };
}
