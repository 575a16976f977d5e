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
  body: TBody;
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

export interface RouteImplementation<TBody = unknown, TQuery = unknown, TParams = unknown> {
  body?: ZodType<TBody>;
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
