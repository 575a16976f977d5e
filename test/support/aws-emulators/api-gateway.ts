import { randomUUID } from 'node:crypto';
import type { APIGatewayEventRequestContextJWTAuthorizer, Context } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { ROUTES, type RouteDefinition } from '../../../shared/api/route-table';
import type { ApiEvent, ApiResult } from '../../../functions/http/api-types';
import { ORIGIN_SECRET_HEADER, VIEWER_IP_HEADER } from '../../../functions/http/cloudfront-origin';
import { familyHandler } from '../../../local/server/family-handlers';

export interface GatewayAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, string>;
}

export interface GatewayRequest {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The viewer's address, which CloudFront's viewer-request function puts in a header of its own. */
  sourceIp?: string;
}

export interface ApiGateway {
  call<T = Record<string, unknown>>(method: string, path: string, request?: GatewayRequest): Promise<GatewayAnswer<T>>;
}

export interface ApiGatewayOptions {
  /** The JWT authorizer's issuer (lib/api/http-api.ts: the user pool's). */
  issuer: string;
  /** Its audience: the app client ids whose tokens it accepts (`aud` of ID tokens, `client_id` of access tokens). */
  audience: string[];
  /** The issuer's JWKS URL; fetched once, as the gateway caches it. */
  jwksUrl: string;
  /** The secret CloudFront adds to every `/api` origin request (GROUNDWORK_ORIGIN_SECRET). */
  originSecret: string;
}

/** A Lambda context as the runtime gives one; the API functions' timeout is 29 s (lib/api/http-api.ts). */
export function lambdaContext(functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'rehearsal',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function templateRegex(path: string): RegExp {
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\+?\}/g, '(?<$1>[^/]+)');
  return new RegExp(`^${pattern}$`);
}

/** API Gateway's route selection: the route whose template matches, literal segments winning over parameters. */
function matchRoute(method: string, path: string): { route: RouteDefinition; pathParameters: Record<string, string> } | undefined {
  const matched = ROUTES.filter((route) => route.method === method)
    .map((route) => ({ route, match: templateRegex(route.path).exec(path) }))
    .filter((candidate) => candidate.match)
    .sort((a, b) => (a.route.path.match(/\{/g)?.length ?? 0) - (b.route.path.match(/\{/g)?.length ?? 0));
  const best = matched[0];
  if (!best?.match) return undefined;
  const pathParameters = Object.fromEntries(Object.entries(best.match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]));
  return { route: best.route, pathParameters };
}

/**
 * CloudFront's `/api/*` behaviour and the HTTP API of lib/api/http-api.ts in front of the real family handlers: the route table's
 * routes, each family's Lambda, and the Cognito JWT authorizer on `bearer` routes, which refuses
 * a missing, forged, expired or foreign token with the gateway's own 401 before the function runs
 * and passes the verified claims in `requestContext.authorizer.jwt`. Events are payload 2.0.
 */
export function apiGateway(options: ApiGatewayOptions): ApiGateway {
  let jwks: Promise<Jwks> | undefined;
  const verifier = JwtRsaVerifier.create({ issuer: options.issuer, audience: null });
  const authorize = async (header: string | undefined): Promise<JwtPayload | undefined> => {
    const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
    if (!token) return undefined;
    jwks ??= fetch(options.jwksUrl).then(async (response) => (await response.json()) as Jwks);
    verifier.cacheJwks(await jwks);
    try {
      const payload = await verifier.verify(token);
      const audience = payload.token_use === 'access' ? payload.client_id : payload.aud;
      const audiences = Array.isArray(audience) ? audience : [audience];
      return audiences.some((value) => typeof value === 'string' && options.audience.includes(value)) ? payload : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    async call<T>(method: string, path: string, request: GatewayRequest = {}): Promise<GatewayAnswer<T>> {
      const url = new URL(path, 'https://api.rehearsal.invalid');
      const matched = matchRoute(method, url.pathname);
      if (!matched) return { status: 404, body: { message: 'Not Found' } as T, headers: {} };
      const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'rehearsal', ...request.headers };
      if (request.token) headers.authorization = `Bearer ${request.token}`;
      // What CloudFront adds in front of the gateway (lib/web-hosting): its origin secret and the viewer's address.
      headers[ORIGIN_SECRET_HEADER] = options.originSecret;
      headers[VIEWER_IP_HEADER] = request.sourceIp ?? '198.51.100.7';
      let authorizer: APIGatewayEventRequestContextJWTAuthorizer | undefined;
      if (matched.route.auth === 'bearer') {
        const claims = await authorize(headers.authorization);
        if (!claims) return { status: 401, body: { message: 'Unauthorized' } as T, headers: { 'www-authenticate': 'Bearer' } };
        authorizer = { principalId: '', integrationLatency: 0, jwt: { claims: claims as Record<string, string>, scopes: typeof claims.scope === 'string' ? claims.scope.split(' ') : [] } };
      }
      const now = new Date();
      const routeKey = `${method} ${matched.route.path}`;
      const query = Object.fromEntries(url.searchParams);
      const event: ApiEvent = {
        version: '2.0',
        routeKey,
        rawPath: url.pathname,
        rawQueryString: url.search.slice(1),
        headers,
        queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
        pathParameters: Object.keys(matched.pathParameters).length > 0 ? matched.pathParameters : undefined,
        requestContext: {
          accountId: '000000000000',
          apiId: 'rehearsal',
          ...(authorizer ? { authorizer } : {}),
          domainName: url.host,
          domainPrefix: 'api',
          http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: '130.176.0.1', userAgent: headers['user-agent'] ?? '' },
          requestId: randomUUID(),
          routeKey,
          stage: 'api',
          time: now.toUTCString(),
          timeEpoch: now.getTime(),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        isBase64Encoded: false,
      } as ApiEvent;
      const handler = await familyHandler(matched.route.family);
      const result: ApiResult = await handler(event, lambdaContext(`groundwork-${matched.route.family}`, 29_000));
      const text = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64').toString('utf8') : (result.body ?? '');
      const answerHeaders = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]));
      const isJson = /json/.test(answerHeaders['content-type'] ?? '');
      return { status: result.statusCode ?? 200, body: (text && isJson ? JSON.parse(text) : text || undefined) as T, headers: answerHeaders };
    },
  };
}
