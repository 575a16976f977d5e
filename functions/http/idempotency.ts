import { createHash } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { RouteDefinition } from '../../shared/api/route-table';
import { IdempotencyRepository, type StoredResponse } from '../domain/idempotency/idempotency-repository';
import { getPorts } from '../contracts/ports/ports';
import type { ApiEvent, ApiResult, Caller } from './api-types';
import { apiKeyCallerOf } from './authentication';
import { knownError } from './error-response';
import { badRequest, conflict } from '../contracts/contract-error';

export const IDEMPOTENCY_MESSAGES = {
  keyLength: 'Idempotency-Key must be between 1 and 255 characters',
  differentRequest: 'Idempotency key already used with a different request',
  inProgress: 'A request with this idempotency key is already in progress',
} as const;

const MAX_KEY_LENGTH = 255;
/** A stored answer must fit in one item (400 KB) beside its key and fingerprint. */
const MAX_STORED_BODY_BYTES = 300 * 1024;

/**
 * §1.7: every POST except the webhooks and the public auth endpoints, that is the POSTs that
 * authenticate a caller, whose identity scopes the key.
 */
export function takesIdempotencyKey(route: RouteDefinition): boolean {
  return route.method === 'POST' && (route.auth === 'bearer' || route.auth === 'bearer-or-api-key');
}

/**
 * Which answers are kept for replays. A 5xx is released so a retry runs again. A 4xx is the
 * request's own answer and is kept, so a retry of a refused request cannot quietly do something
 * else; a corrected request takes a new key. 429 is the exception: it says "not now", not "no", so
 * it is released too and the retry gets its turn.
 */
export function keepsAnswer(status: number): boolean {
  return status < 500 && status !== 429;
}

/** Equal JSON values give equal text whatever the key order or spacing the client used. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? '';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The stored record's name: caller + method + path + key (§1.7). */
export function idempotencyScopeHash(callerScope: string, method: string, path: string, key: string): string {
  return sha256([callerScope, method, path, key].join('\n'));
}

/** The caller part of the scope: the user, or the API key with the end user it speaks for (§17.5). */
function callerScope(event: ApiEvent, caller: Caller | undefined): string | undefined {
  if (caller) return `user:${caller.user.id}`;
  const apiKey = apiKeyCallerOf(event);
  if (apiKey) return `api-key:${apiKey.tokenHash}:${(event.headers as Record<string, string | undefined>)['x-user-id'] ?? ''}`;
  return undefined;
}

interface Claim {
  scopeHash: string;
  fingerprint: string;
}

/** A stored answer being replayed, thrown from `before` so that CORS and the other `onError` steps still dress it. */
class Replay {
  constructor(readonly response: StoredResponse) {}
}

function replayResult(response: StoredResponse): ApiResult {
  return { statusCode: response.status, headers: { ...response.headers, 'Idempotent-Replayed': 'true' }, ...(response.body === undefined ? {} : { body: response.body }) };
}

function toStored(result: ApiResult): StoredResponse | undefined {
  const body = typeof result.body === 'string' ? result.body : undefined;
  if (body !== undefined && Buffer.byteLength(body, 'utf8') > MAX_STORED_BODY_BYTES) return undefined;
  const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]));
  return { status: result.statusCode ?? 200, headers, body };
}

/**
 * `Idempotency-Key` (§1.7) as a middy step. It runs after authentication (the caller scopes the
 * key) and after the JSON body is parsed (the body is what a repeat must match).
 */
export function idempotency(callerOf: (event: ApiEvent) => Caller | undefined): MiddlewareObj<ApiEvent, ApiResult> {
  const claims = new WeakMap<ApiEvent, Claim>();

  async function settle(event: ApiEvent, result: ApiResult | undefined): Promise<void> {
    const claim = claims.get(event);
    if (!claim) return;
    claims.delete(event);
    const repository = new IdempotencyRepository(getPorts().database);
    const stored = result && keepsAnswer(result.statusCode ?? 200) ? toStored(result) : undefined;
    // An answer too large to keep is released rather than replayed wrongly.
    if (stored) await repository.complete(claim.scopeHash, claim.fingerprint, stored);
    else await repository.release(claim.scopeHash);
  }

  return {
    before: async (request) => {
      const { event } = request;
      const key = (event.headers as Record<string, string | undefined>)['idempotency-key'];
      if (key === undefined) return;
      if (key.length < 1 || key.length > MAX_KEY_LENGTH) throw badRequest(IDEMPOTENCY_MESSAGES.keyLength);
      const scope = callerScope(event, callerOf(event));
      if (scope === undefined) return;
      const scopeHash = idempotencyScopeHash(scope, event.requestContext.http.method, event.rawPath, key);
      const fingerprint = sha256(`${event.rawQueryString ?? ''}\n${canonicalJson((event as { body?: unknown }).body)}`);
      const held = await new IdempotencyRepository(getPorts().database).claim(scopeHash, fingerprint);
      if (!held) {
        claims.set(event, { scopeHash, fingerprint });
        return;
      }
      if (held.fingerprint !== fingerprint) throw conflict(IDEMPOTENCY_MESSAGES.differentRequest);
      if (held.state === 'in_progress') throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
      throw new Replay(held.response);
    },
    after: async (request) => {
      await settle(request.event, request.response ?? undefined);
    },
    onError: async (request) => {
      if (request.error instanceof Replay) {
        request.response = replayResult(request.error.response);
        // Answered: later error steps must not turn the replay into an error body.
        request.error = undefined as never;
        return;
      }
      if (!claims.has(request.event)) return;
      const known = knownError(request.error);
      await settle(request.event, known ? { statusCode: known.status, headers: { 'Content-Type': 'application/json', ...known.headers }, body: JSON.stringify(known.toBody()) } : { statusCode: 500 });
    },
  };
}
