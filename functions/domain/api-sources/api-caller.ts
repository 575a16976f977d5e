import { API_SOURCE_MESSAGES as M, DEFAULT_API_KEY_HEADER, type ApiSourceConfiguration } from '../../../shared/api/schemas/api-sources';
import { guardedFetch } from '../outbound/guarded-fetch';
import { isOutboundRefused, URL_NOT_ALLOWED, type OutboundPolicy } from '../outbound/url-guard';
import { realSleep, takeCallSlot, type Sleep } from './call-spacing';

/** The first wait before a retry; each further one doubles (§14 "exponential backoff"). */
export const RETRY_BASE_MS = 500;
/** A 429's Retry-After is honoured up to this. */
export const MAX_RETRY_AFTER_MS = 60_000;
export const USER_AGENT = 'GroundworkApiSource/1.0';

export interface ApiAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Why a call gave no usable answer; `message` is what people are shown. */
export class ApiCallError extends Error {
  constructor(
    readonly kind: 'network' | 'timeout' | 'refused' | 'status' | 'too-large',
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface ApiCallOptions {
  /** Whose spacing the call takes its slot from (the source id). */
  rateKey: string;
  /** Default: the configuration's `retry_count`; the test passes 0. */
  retries?: number;
  /** Default: the configuration's `timeout_seconds`; the test caps it at 25 s. */
  timeoutMs?: number;
  /**
   * When (Date.now()) the calls must be over: no attempt or retry starts that could not end by
   * then, and an attempt is cut there. An indexing run has its worker's time limit to keep.
   */
  until?: number;
  policy?: OutboundPolicy;
  sleep?: Sleep;
}

/** The request the configuration describes: headers, then authentication over them, and the payload. */
export function buildRequest(configuration: ApiSourceConfiguration): { headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> = { accept: 'application/json, application/xml, text/csv, text/plain;q=0.9, */*;q=0.8', 'user-agent': USER_AGENT };
  for (const [name, value] of Object.entries(configuration.headers)) headers[name.toLowerCase()] = value;
  const auth = configuration.authentication;
  if (auth.type === 'bearer' && auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.type === 'basic' && auth.username !== undefined && auth.password !== undefined) headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  if (auth.type === 'api_key' && auth.key) headers[(auth.header_name || DEFAULT_API_KEY_HEADER).toLowerCase()] = auth.key;
  // A GET carries no body; the other methods send the template as it is (§14 `request.payload_template`).
  const template = configuration.request.payload_template;
  if (configuration.method === 'GET' || !template) return { headers };
  headers['content-type'] ??= 'application/json';
  return { headers, body: template };
}

const retriable = (status: number) => status === 429 || status >= 500;

/**
 * Calls the API once, or up to `retry_count` more times after a 5xx, a 429, a timeout or a network
 * error, waiting 0.5 s, 1 s, 2 s … (a 429's Retry-After when longer). Every attempt takes a slot
 * of `requests_per_minute`, connects through the SSRF guard (§1.10), stops at `timeout_seconds`,
 * and reads at most `max_response_size_mb`.
 */
export async function callApi(configuration: ApiSourceConfiguration, options: ApiCallOptions): Promise<ApiAnswer> {
  const retries = options.retries ?? configuration.performance.retry_count;
  const sleep = options.sleep ?? realSleep;
  const left = () => (options.until === undefined ? Number.POSITIVE_INFINITY : options.until - Date.now());
  for (let attempt = 0; ; attempt++) {
    await takeCallSlot(options.rateKey, configuration.performance.requests_per_minute, sleep);
    let waitMs = RETRY_BASE_MS * 2 ** attempt;
    const timeoutMs = Math.min(options.timeoutMs ?? configuration.performance.timeout_seconds * 1000, left());
    if (timeoutMs <= 0) throw new ApiCallError('timeout', 'No time was left for the call');
    try {
      const answer = await callOnce(configuration, { ...options, timeoutMs });
      if (answer.status >= 200 && answer.status < 300) return answer;
      waitMs = Math.max(waitMs, retryAfterMs(answer.retryAfter));
      if (!retriable(answer.status) || attempt >= retries || left() <= waitMs) throw new ApiCallError('status', M.upstreamStatus(answer.status), answer.status);
    } catch (error) {
      if (!(error instanceof ApiCallError)) throw error;
      if (error.kind === 'status' || error.kind === 'refused' || error.kind === 'too-large' || attempt >= retries || left() <= waitMs) throw error;
    }
    await sleep(waitMs);
  }
}

function retryAfterMs(header: string | null): number {
  if (!header) return 0;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : 0;
}

async function callOnce(configuration: ApiSourceConfiguration, options: ApiCallOptions): Promise<ApiAnswer & { retryAfter: string | null }> {
  const timeoutMs = options.timeoutMs ?? configuration.performance.timeout_seconds * 1000;
  const maxBytes = configuration.performance.max_response_size_mb * 1024 * 1024;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const timeoutError = () => new ApiCallError('timeout', `Request timed out after ${timeoutMs / 1000} s`);
  try {
    const { headers, body } = buildRequest(configuration);
    let response: Response;
    try {
      response = await guardedFetch(configuration.endpoint, { method: configuration.method, headers, ...(body !== undefined ? { body } : {}), signal: controller.signal, ...options.policy });
    } catch (error) {
      if (isOutboundRefused(error)) throw new ApiCallError('refused', URL_NOT_ALLOWED);
      if (timedOut) throw timeoutError();
      throw new ApiCallError('network', networkReason(error));
    }
    const contentType = response.headers.get('content-type') ?? '';
    const retryAfter = response.headers.get('retry-after');
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, contentType, body: Buffer.alloc(0), retryAfter };
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new ApiCallError('too-large', M.responseTooLarge(configuration.performance.max_response_size_mb));
    }
    try {
      return { status: response.status, contentType, body: await readCapped(response, maxBytes, configuration.performance.max_response_size_mb), retryAfter };
    } catch (error) {
      if (error instanceof ApiCallError) throw error;
      if (timedOut) throw timeoutError();
      throw new ApiCallError('network', networkReason(error));
    }
  } finally {
    clearTimeout(timer);
  }
}

/** The body, cut off (and the connection closed) as soon as it passes the limit. */
async function readCapped(response: Response, maxBytes: number, megabytes: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ApiCallError('too-large', M.responseTooLarge(megabytes));
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}

/** A network failure in words: the system's code and message, never a stack. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const own = error as { code?: string; message?: string };
  const code = own.code ?? cause?.code;
  const message = own.message ?? cause?.message ?? 'Network error';
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
