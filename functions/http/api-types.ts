import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ZodType } from 'zod';
import type { OrganizationRecord } from '../domain/organizations/organization-repository';
import type { UserRecord } from '../domain/users/user-repository';
import type { VerifiedToken } from '../contracts/ports/identity';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** A signed-in product user, resolved on every request (contract §1.2). */
export interface UserCaller {
  kind: 'user';
  user: UserRecord;
  organization: OrganizationRecord;
  token: VerifiedToken;
  rawToken: string;
}

export type Caller = UserCaller;

export interface RouteRequest<TBody, TQuery, TParams> {
  /** Validated with the route's schema; on a `deferBody` route, the raw JSON until `validBody()`. */
  body: TBody;
  /**
   * The body validated with the route's schema (once; the same value on every call). A deferred
   * route may pass the route's schema as its factory builds it from what the route has loaded (the
   * stored record an update is checked against), since those checks cannot run in the pipeline.
   */
  validBody(refined?: ZodType<TBody>): Promise<TBody>;
  query: TQuery;
  params: TParams;
  /** Present on every bearer route; absent on public ones. */
  caller: Caller | undefined;
  headers: Record<string, string | undefined>;
  requestId: string;
  sourceIp: string;
  event: ApiEvent;
}

export interface RouteResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** What a route's schema may be refined with: the caller and the validated path parameters. */
export interface BodyContext<TParams = unknown> {
  caller: Caller | undefined;
  params: TParams;
}

export interface RouteImplementation<TBody = unknown, TQuery = unknown, TParams = unknown> {
  /**
   * The body's type. The pipeline validates every body with the route's schema in ROUTE_SCHEMAS
   * (shared/api/schemas/route-schemas.ts); naming that schema here types the implementation. A
   * function gives the route's schema refined for the caller (the profile's read-only email).
   */
  body?: ZodType<TBody> | ((context: BodyContext<TParams>) => ZodType<TBody> | Promise<ZodType<TBody>>);
  /**
   * The contract puts other checks before the body's (the session and the application before a
   * chat message's): the implementation calls `validBody()` after them. A deferred route that
   * answers without validating is a bug the pipeline refuses.
   */
  deferBody?: boolean;
  query?: ZodType<TQuery>;
  params?: ZodType<TParams>;
  handle(request: RouteRequest<TBody, TQuery, TParams>): Promise<RouteResponse>;
}

/** Types a route implementation from its schemas. */
export function implement<TBody = undefined, TQuery = Record<string, string | undefined>, TParams = Record<string, string | undefined>>(
  implementation: RouteImplementation<TBody, TQuery, TParams>,
): RouteImplementation<TBody, TQuery, TParams> {
  return implementation;
}

/** A caller that a bearer route guarantees; a bug if absent. */
export function requireCaller(request: { caller: Caller | undefined }): Caller {
  if (!request.caller) throw new Error('Route implementation expected an authenticated caller');
  return request.caller;
}
