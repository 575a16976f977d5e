/**
 * The one HTTP client of the web app (spec 01 §7, §8; contract §1.2, §1.4). Pages never call `fetch`
 * for the API themselves, so bearer handling, refresh-and-retry and error shapes live here only.
 */

export const NETWORK_ERROR_MESSAGE = 'Network error or CORS issue. Please check your connection.';
export const SESSION_EXPIRED_MESSAGE = 'Session expired';
export const NO_TOKEN_MESSAGE = 'No authentication token found';

/** Contract §1.4: every error body is `{ message, status, code }`, sometimes with `details`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: unknown;
  /** The `Retry-After` of a 429 or 503, in seconds (contract §1.8), when the server sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, status: number, code?: string, details?: unknown, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** `Retry-After` in seconds; the HTTP-date form is not sent by the API and reads as absent. */
function retryAfterOf(response: Response): number | undefined {
  const value = Number(response.headers.get('Retry-After') ?? '');
  return response.headers.has('Retry-After') && Number.isFinite(value) && value >= 0 ? value : undefined;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData, Blob and strings go as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * False for the public endpoints (contract §1.2): no bearer header, and a 401 is final because
   * refreshing cannot fix it.
   */
  auth?: boolean;
  /** A bearer token to use instead of the session's, e.g. the provider token during verification. */
  token?: string;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Contract §1.1: '' means the same origin. */
  baseUrl: string;
  getAccessToken: () => string | undefined | Promise<string | undefined>;
  /** One silent token refresh; resolves to the new access token, or undefined when none came back. */
  refreshAccessToken: () => Promise<string | undefined>;
  /** Called when the session cannot be recovered (no token, refresh failed), so the app can sign out. */
  onSessionExpired?: (reason: string) => void;
  fetchImpl?: typeof fetch;
}

export type ApiFetch = <T = unknown>(path: string, options?: ApiRequestOptions) => Promise<T>;

export function createApiClient(options: ApiClientOptions): ApiFetch {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  // Parallel calls that all hit a 401 share one refresh instead of racing the provider.
  let refreshing: Promise<string | undefined> | undefined;

  const refreshOnce = (): Promise<string | undefined> => {
    refreshing ??= options
      .refreshAccessToken()
      .catch(() => undefined)
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };

  const send = async (url: string, init: RequestInit): Promise<Response> => {
    try {
      return await doFetch(url, init);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK_ERROR');
    }
  };

  return async function apiFetch<T>(path: string, request: ApiRequestOptions = {}): Promise<T> {
    const useAuth = request.auth !== false;
    const url = /^https?:\/\//.test(path) ? path : `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;

    let token: string | undefined;
    if (useAuth) {
      token = request.token ?? (await options.getAccessToken());
      if (!token) {
        options.onSessionExpired?.(NO_TOKEN_MESSAGE);
        throw new ApiError(NO_TOKEN_MESSAGE, 401, 'UNAUTHORIZED');
      }
    }

    const build = (bearer: string | undefined): RequestInit => {
      const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
      let body: BodyInit | undefined;
      if (request.body !== undefined) {
        if (isRawBody(request.body)) {
          body = request.body;
        } else {
          body = JSON.stringify(request.body);
          headers['Content-Type'] = 'application/json';
        }
      }
      if (bearer) headers.Authorization = `Bearer ${bearer}`;
      // Bearer tokens, not cookies, carry the session; 'include' would make every cross-origin call
      // depend on Access-Control-Allow-Credentials, which the API (contract §1.8) does not send.
      return { method: request.method ?? 'GET', headers, body, signal: request.signal, credentials: 'same-origin' };
    };

    let response = await send(url, build(token));

    // Contract §1.2: only bearer endpoints are refreshed and retried, and only once.
    if (response.status === 401 && useAuth && request.token === undefined) {
      const fresh = await refreshOnce();
      if (!fresh) {
        options.onSessionExpired?.(SESSION_EXPIRED_MESSAGE);
        throw new ApiError(SESSION_EXPIRED_MESSAGE, 401, 'UNAUTHORIZED');
      }
      response = await send(url, build(fresh));
    }

    if (!response.ok) throw await toApiError(response);
    return (await readBody(response)) as T;
  };
}

/** Builds the ApiError for a failed response (spec 01 §8: message, else error field, else status text). */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: Record<string, unknown> | undefined;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      body = undefined;
    }
  }
  // Contract §1.4: a gateway 503/504 comes without the error body; clients treat it as a network error.
  if (!body && (response.status === 503 || response.status === 504)) {
    return new ApiError(NETWORK_ERROR_MESSAGE, response.status, 'NETWORK_ERROR', undefined, retryAfterOf(response));
  }
  const message =
    (typeof body?.message === 'string' && body.message) ||
    (typeof body?.error === 'string' && body.error) ||
    response.statusText ||
    'Request failed';
  const status = typeof body?.status === 'number' ? body.status : response.status;
  const code = typeof body?.code === 'string' ? body.code : undefined;
  return new ApiError(message, status, code, body?.details, retryAfterOf(response));
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('Failed to parse JSON response', response.status, 'INVALID_JSON');
  }
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer
  );
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** SWR keys are API paths; a tuple key carries request options (e.g. a POST-based search). */
export type SwrKey = string | readonly [string, ApiRequestOptions?];

export function createSwrFetcher(apiFetch: ApiFetch) {
  return <T = unknown>(key: SwrKey): Promise<T> => {
    if (typeof key === 'string') return apiFetch<T>(key);
    const [path, options] = key;
    return apiFetch<T>(path, options);
  };
}
