import middy from '@middy/core';
import type { ZodType } from 'zod';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpRouterHandler from '@middy/http-router';
import httpSecurityHeaders from '@middy/http-security-headers';
import type { Context } from 'aws-lambda';
import { MESSAGES } from '../../shared/api/errors';
import { routesOf, type Family, type RouteDefinition } from '../../shared/api/route-table';
import { logger } from '../observability/logger';
// The cloud composition root: every family's Lambda gets its AWS adapters from here.
import '../platform/ports';
import type { ApiEvent, ApiResult, BodyContext, Caller, RouteImplementation, RouteResponse } from './api-types';
import { authenticateRoute } from './authentication';
import { cloudFrontOnly } from './cloudfront-origin';
import { corsFor } from './cors';
import { errorResponse } from './error-response';
import { ContractError, validationError } from '../contracts/contract-error';
import { idempotency, takesIdempotencyKey } from './idempotency';
import { jsonBody } from './json-body';
import { sourceIpOf } from './source-ip';
import { parseOrThrow, parseOrThrowAsync } from './validation';
import { LENIENT_BODIES } from '../../shared/api/schemas/common';
import { ROUTE_SCHEMAS, type RouteSchemaTable } from '../../shared/api/schemas/route-schemas';

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

/**
 * The schema a route's body is validated with: the route's own in the schema table (the one the
 * OpenAPI document shows), or the implementation's refinement of it for the caller (`body` given
 * as a function). An implementation that names a schema object must name that same one.
 */
function bodySchemaOf(route: RouteDefinition, implementation: RouteImplementation | undefined, schemas: RouteSchemaTable) {
  const declared = schemas[route.id]?.body;
  const own = implementation?.body;
  if (own !== undefined && typeof own !== 'function' && own !== declared) {
    throw new Error(`The body schema of ${route.id} must be the one its route schemas list (shared/api/schemas/route-schemas.ts)`);
  }
  return (context: BodyContext) => (typeof own === 'function' ? own(context) : declared);
}

/** One route: CORS, JSON body, credentials and role, validation, then the implementation. */
function routeHandler(route: RouteDefinition, implementation: RouteImplementation | undefined, schemas: RouteSchemaTable) {
  const bodySchema = bodySchemaOf(route, implementation, schemas);
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
      const sourceIp = sourceIpOf(event);
      const params = implementation.params ? parseOrThrow(implementation.params, event.pathParameters ?? {}) : (event.pathParameters ?? {});
      const schema = await bodySchema({ caller, params });
      const rawBody = (event as { body?: unknown }).body;
      let validated: Promise<unknown> | undefined;
      const validBody = (refined?: ZodType) => {
        const used = refined ?? schema;
        return (validated ??= used ? parseOrThrowAsync(used, LENIENT_BODIES.has(used) ? rawBody : objectBody(rawBody)) : Promise.resolve(rawBody));
      };
      const body = implementation.deferBody ? rawBody : await validBody();
      const response = await implementation.handle({
        body,
        validBody,
        query: implementation.query ? parseOrThrow(implementation.query, event.queryStringParameters ?? {}) : (event.queryStringParameters ?? {}),
        params,
        caller,
        headers,
        requestId: event.requestContext.requestId,
        sourceIp,
        event,
      });
      if (implementation.deferBody && schema && !validated && response.status < 400) throw new Error(`${route.id} answered without validating its body`);
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
export function createFamilyHandler(family: Family, implementations: FamilyImplementations, schemas: RouteSchemaTable = ROUTE_SCHEMAS) {
  const routes = routesOf(family);
  const unknown = Object.keys(implementations).filter((id) => !routes.some((route) => route.id === id));
  if (unknown.length > 0) throw new Error(`Implementations for routes not in the ${family} family: ${unknown.join(', ')}`);

  const preflightPaths = new Map<string, RouteDefinition>();
  for (const route of routes) if (!preflightPaths.has(route.path) || route.auth === 'bearer-or-api-key') preflightPaths.set(route.path, route);

  const router = httpRouterHandler({
    routes: [
      ...routes.map((route) => ({ method: route.method, path: route.path, handler: routeHandler(route, implementations[route.id], schemas) })),
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
    // Before any route runs, even a preflight: a request that bypassed CloudFront is refused whole.
    .use(cloudFrontOnly())
    .handler(router as (event: ApiEvent, context: Context) => Promise<ApiResult>);
}

function addRequestId(event: ApiEvent, response: ApiResult | undefined | null): void {
  if (!response) return;
  response.headers = { ...response.headers, 'X-Request-Id': event.requestContext.requestId };
}
