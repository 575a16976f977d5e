import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpRouterHandler from '@middy/http-router';
import httpSecurityHeaders from '@middy/http-security-headers';
import type { Context } from 'aws-lambda';
import { MESSAGES } from '../../shared/api/errors';
import { routesOf, type Family, type RouteDefinition } from '../../shared/api/route-table';
import { logger } from '../observability/logger';
// The cloud composition root: every family's Lambda gets its AWS adapters from here.
import '../platform/ports';
import type { ApiEvent, ApiResult, Caller, RouteImplementation, RouteResponse } from './api-types';
import { authenticateRoute } from './authentication';
import { corsFor } from './cors';
import { errorResponse } from './error-response';
import { ContractError, validationError } from '../contracts/contract-error';
import { idempotency, takesIdempotencyKey } from './idempotency';
import { jsonBody } from './json-body';
import { sourceIpOf } from './source-ip';
import { parseOrThrow } from './validation';

// Implementations are typed per route; the table erases them to a common shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FamilyImplementations = Partial<Record<string, RouteImplementation<any, any, any>>>;

function toResult(response: RouteResponse): ApiResult {
  if (response.body === undefined) return { statusCode: response.status, headers: { ...response.headers } };
  return {
    statusCode: response.status,
    headers: { 'Content-Type': 'application/json', ...response.headers },
    body: JSON.stringify(response.body),
  };
}

/** The caller resolved for an event, kept beside it rather than on it so no handler can forge one. */
const callers = new WeakMap<ApiEvent, Caller | undefined>();

/**
 * A route with a body schema reads a JSON object; no body at all reads as an empty one. JSON's
 * `null`, an array or a bare value is refused here, so a schema whose fields are all optional can
 * never take `null` for "no changes" (the fuzz suite found cancel doing so).
 */
function objectBody(body: unknown): unknown {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw validationError([{ field: 'body', message: MESSAGES.bodyNotObject }]);
  return body;
}

/** One route: CORS, JSON body, credentials and role, validation, then the implementation. */
function routeHandler(route: RouteDefinition, implementation: RouteImplementation | undefined) {
  const pipeline = middy<ApiEvent, ApiResult>()
    .use(corsFor(route.auth, { preflight: false }))
    .use(errorResponse())
    // Credentials before the body, as the gateway's authorizer would: a bad token is 401 whatever the body.
    .use({
      before: async (request) => {
        callers.set(request.event, await authenticateRoute(route, request.event));
      },
    });
  // Signed webhooks are verified over the raw body, so theirs is left unparsed.
  if (route.auth !== 'stripe-signed' && route.auth !== 'slack-signed') pipeline.use(jsonBody());
  if (takesIdempotencyKey(route)) pipeline.use(idempotency((event) => callers.get(event)));
  return pipeline.handler(async (event) => {
      const caller = callers.get(event);
      if (!implementation) throw new ContractError('NOT_IMPLEMENTED', MESSAGES.notImplemented);
      const headers = event.headers as Record<string, string | undefined>;
      const response = await implementation.handle({
        body: implementation.body ? parseOrThrow(implementation.body, objectBody((event as { body?: unknown }).body)) : (event as { body?: unknown }).body,
        query: implementation.query ? parseOrThrow(implementation.query, event.queryStringParameters ?? {}) : (event.queryStringParameters ?? {}),
        params: implementation.params ? parseOrThrow(implementation.params, event.pathParameters ?? {}) : (event.pathParameters ?? {}),
        caller,
        headers,
        requestId: event.requestContext.requestId,
        sourceIp: sourceIpOf(event),
        event,
      });
      return toResult(response);
    });
}

/** Preflight for one path: answered before anything else, with the route's CORS rule. */
function preflightHandler(route: RouteDefinition) {
  return middy<ApiEvent, ApiResult>()
    .use(corsFor(route.auth, { preflight: true }))
    .handler(async () => ({ statusCode: 204 }));
}

/**
 * The Lambda handler of one family: every route of the family in the shared table, with the
 * implementations that exist. A route without an implementation still authenticates and then
 * answers 501, so its credentials behave exactly as they will.
 */
export function createFamilyHandler(family: Family, implementations: FamilyImplementations) {
  const routes = routesOf(family);
  const unknown = Object.keys(implementations).filter((id) => !routes.some((route) => route.id === id));
  if (unknown.length > 0) throw new Error(`Implementations for routes not in the ${family} family: ${unknown.join(', ')}`);

  const preflightPaths = new Map<string, RouteDefinition>();
  for (const route of routes) if (!preflightPaths.has(route.path) || route.auth === 'bearer-or-api-key') preflightPaths.set(route.path, route);

  const router = httpRouterHandler({
    routes: [
      ...routes.map((route) => ({ method: route.method, path: route.path, handler: routeHandler(route, implementations[route.id]) })),
      ...[...preflightPaths].map(([path, route]) => ({ method: 'OPTIONS' as const, path, handler: preflightHandler(route) })),
    ],
    notFoundResponse: () => {
      throw new ContractError('NOT_FOUND', MESSAGES.routeNotFound);
    },
  });

  return middy<ApiEvent, ApiResult>()
    .use({
      before: async (request) => {
        logger.appendKeys({ requestId: request.event.requestContext.requestId, family });
      },
      after: async (request) => addRequestId(request.event, request.response),
      onError: async (request) => addRequestId(request.event, request.response),
    })
    .use(httpHeaderNormalizer())
    .use(httpSecurityHeaders())
    .use(errorResponse())
    .handler(router as (event: ApiEvent, context: Context) => Promise<ApiResult>);
}

function addRequestId(event: ApiEvent, response: ApiResult | undefined | null): void {
  if (!response) return;
  response.headers = { ...response.headers, 'X-Request-Id': event.requestContext.requestId };
}
