import { configurationFromValues, maskedSecrets, type ApiSourceFormValues } from './api-source-form';
import { parseBody } from './parse-response';
import { lookupPath, selectRecords } from './response-paths';
import { DEFAULT_API_KEY_HEADER, type ApiSourceConfiguration } from './types';

/**
 * The form's Test API (spec 02 §7, contract §14.7's last line): the form's call goes from the browser
 * straight to the target, with a time-out of timeout_seconds × 1000 ms, and its answer is parsed the
 * way the form says. A browser may refuse to make the call at all (the target allows no calls from
 * web pages (CORS), this page is https and the target plain http, or the site's security policy
 * forbids the connection); the outcome then says so in plain words so the form can offer the server-side test instead.
 */

export const TEST_TEXTS = {
  success: 'API test successful! Response parsed correctly.',
  parseFailed: (reason: string) => `API call successful, but response parsing failed: ${reason}`,
  notAnArray: 'API call successful, but the specified array path did not return an array.',
  httpError: (status: number) => `API returned status ${status}`,
  tooLarge: (mb: number) => `Response exceeds ${mb} MB`,
  timedOut: (seconds: number) => `Failed to test API source: no answer within ${seconds} seconds`,
  corsBlocked: (origin: string) =>
    `Your browser blocked this call: ${origin} answered, but it does not allow calls from web pages (CORS). The server can still call it: use the server-side test.`,
  unreachable: (origin: string) =>
    `Your browser could not call ${origin}: the address did not answer, or the browser blocked the call. The server may still reach it: use the server-side test.`,
  policyBlocked: (origin: string) =>
    `This site's security policy (Content-Security-Policy) does not let the page call ${origin}. The server can still call it: use the server-side test.`,
  mixedContent: 'Your browser blocks calls from this https page to a plain http:// address (mixed content). The server can still call it: use the server-side test.',
  masked: 'The saved secrets are hidden from the browser, so it cannot send them. Type them again to test from here, or use the server-side test.',
  endpointRequired: 'Endpoint URL is required',
} as const;

/** Why the browser could not make the call: each offers the server-side test. */
export type BlockedReason = 'cors' | 'unreachable' | 'policy' | 'mixed-content' | 'masked';

export interface TestOutcome {
  /** Spec 02 §4: a parse failure still counts as a success; an array path without an array does not. */
  success: boolean;
  message: string;
  status?: number;
  contentType?: string;
  /** The parsed body (or the raw text when it did not parse), for the response tree. */
  data?: unknown;
  /** The first mapped records, as the server's test reports them (§14.7: up to 5). */
  records?: Array<Record<string, unknown>>;
  recordCount?: number;
  blocked?: BlockedReason;
}

export const PREVIEW_RECORDS = 5;

/** The header lines of the call: the form's rows, then the authentication's own header. */
export function requestHeaders(config: ApiSourceConfiguration, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { ...config.headers };
  const has = (name: string) => Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());
  const auth = config.authentication;
  if (auth.type === 'bearer') headers.Authorization = `Bearer ${auth.token ?? ''}`;
  if (auth.type === 'basic') headers.Authorization = `Basic ${base64(`${auth.username ?? ''}:${auth.password ?? ''}`)}`;
  if (auth.type === 'api_key') headers[auth.header_name?.trim() || DEFAULT_API_KEY_HEADER] = auth.key ?? '';
  if (hasBody && !has('content-type')) headers['Content-Type'] = 'application/json';
  return headers;
}

/** UTF-8 aware base64, as basic authentication sends non-ASCII credentials. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The records with each mapping applied (source path → target field); without mappings, the records as they are. */
export function mapRecords(records: readonly unknown[], mapping: Record<string, string>): Array<Record<string, unknown>> {
  const entries = Object.entries(mapping);
  return records.map((record) => {
    if (entries.length === 0) return record !== null && typeof record === 'object' && !Array.isArray(record) ? (record as Record<string, unknown>) : { value: record };
    // A path the record lacks leaves its field out, as the server's records do.
    return Object.fromEntries(entries.flatMap(([source, target]) => {
      const found = lookupPath(record, source);
      return found.found ? [[target, found.value]] : [];
    }));
  });
}

/** The outcome of a parsed answer: spec 02 §4's three texts. */
export function judgeResponse(body: string, config: ApiSourceConfiguration, status: number, contentType: string): TestOutcome {
  const base = { status, contentType };
  const parsing = config.response.parsing;
  const parsed = parseBody(body, parsing.type);
  if (!parsed.ok) return { ...base, success: true, message: TEST_TEXTS.parseFailed(parsed.reason), data: parsed.data };
  const selection = selectRecords(parsed.data, parsing);
  if (selection.arrayPathProblem !== undefined) return { ...base, success: false, message: TEST_TEXTS.notAnArray, data: parsed.data };
  return {
    ...base,
    success: true,
    message: TEST_TEXTS.success,
    data: parsed.data,
    records: mapRecords(selection.records.slice(0, PREVIEW_RECORDS), parsing.mapping),
    recordCount: selection.records.length,
  };
}

export interface DirectTestEnvironment {
  fetch: typeof fetch;
  /** The page's own protocol ('https:' makes http:// targets mixed content). */
  pageProtocol: string;
  /** Whether the page's Content-Security-Policy refused a connection since the test began. */
  policyBlocked?: () => boolean;
}

const isAbort = (error: unknown) => error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');

/** Runs the form's call from the browser and judges its answer. */
export async function testFromBrowser(values: ApiSourceFormValues, environment: DirectTestEnvironment): Promise<TestOutcome> {
  const config = configurationFromValues(values);
  let target: URL;
  try {
    target = new URL(config.endpoint);
  } catch {
    return { success: false, message: TEST_TEXTS.endpointRequired };
  }
  if (maskedSecrets(values)) return { success: false, message: TEST_TEXTS.masked, blocked: 'masked' };
  if (environment.pageProtocol === 'https:' && target.protocol === 'http:') return { success: false, message: TEST_TEXTS.mixedContent, blocked: 'mixed-content' };

  const body = config.method === 'GET' ? undefined : config.request.payload_template || undefined;
  const seconds = config.performance.timeout_seconds;
  const controller = new AbortController();
  // The spec's own time-out for this call (timeout_seconds × 1000 ms), not a wait in a test.
  const timer = setTimeout(() => controller.abort(), seconds * 1000);
  try {
    let response: Response;
    try {
      response = await environment.fetch(target.href, { method: config.method, headers: requestHeaders(config, body !== undefined), body, signal: controller.signal, credentials: 'omit', cache: 'no-store' });
    } catch (error) {
      if (isAbort(error)) return { success: false, message: TEST_TEXTS.timedOut(seconds) };
      return await blockedOutcome(target, environment);
    }
    const contentType = response.headers.get('Content-Type') ?? '';
    const text = await response.text();
    const limitMb = config.performance.max_response_size_mb;
    if (new TextEncoder().encode(text).length > limitMb * 1024 * 1024) return { success: false, message: TEST_TEXTS.tooLarge(limitMb), status: response.status, contentType };
    if (!response.ok) {
      const parsed = parseBody(text, config.response.parsing.type);
      return { success: false, message: TEST_TEXTS.httpError(response.status), status: response.status, contentType, data: parsed.data };
    }
    return judgeResponse(text, config, response.status, contentType);
  } catch (error) {
    if (isAbort(error)) return { success: false, message: TEST_TEXTS.timedOut(seconds) };
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A refused call looks the same to a page whether the target is down or refused the page (CORS). A
 * second, opaque request (`no-cors`: its answer is unreadable but its arrival is not) tells them
 * apart; HEAD keeps it from doing anything the form's own method would.
 */
async function blockedOutcome(target: URL, environment: DirectTestEnvironment): Promise<TestOutcome> {
  try {
    await environment.fetch(target.href, { method: 'HEAD', mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
    return { success: false, message: TEST_TEXTS.corsBlocked(target.origin), blocked: 'cors' };
  } catch {
    // Asked after the probe: the policy's violation event is queued, it can trail the refused call.
    if (environment.policyBlocked?.()) return { success: false, message: TEST_TEXTS.policyBlocked(target.origin), blocked: 'policy' };
    return { success: false, message: TEST_TEXTS.unreachable(target.origin), blocked: 'unreachable' };
  }
}
