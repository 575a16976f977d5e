import { guardedFetch } from '../../outbound/guarded-fetch';
import { isOutboundRefused, URL_NOT_ALLOWED, type OutboundPolicy } from '../../outbound/url-guard';
import { CRAWLER_USER_AGENT } from './crawl-types';

export interface FetchRequest {
  url: URL;
  policy: OutboundPolicy;
  timeoutMs: number;
  maxBytes: number;
  headers?: Record<string, string>;
  /** Whether a body of this Content-Type (essence, lowercased; '' when absent) is worth reading. */
  wantBody?: (contentType: string) => boolean;
}

export type FetchResult =
  | { kind: 'redirect'; status: number; location?: string }
  | { kind: 'not-modified' }
  | { kind: 'status'; status: number }
  | { kind: 'unwanted-type'; contentType: string }
  | { kind: 'body'; status: number; contentType: string; charset?: string; bytes: Uint8Array; etag?: string; lastModified?: string; robotsTag?: string }
  | { kind: 'failed'; reason: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * One GET through the SSRF guard (every connection checked, §1.10) that never follows a redirect
 * itself: the crawler re-checks each target against its origin, robots.txt and the seen set first.
 * The page timeout covers the whole exchange, body included, and aborts the connection when it
 * passes; a body larger than `maxBytes` is cut off and fails. Never throws: every way a request
 * can go wrong is a FetchResult.
 */
export async function fetchOnce(request: FetchRequest): Promise<FetchResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs);
  try {
    const response = await guardedFetch(request.url, {
      ...request.policy,
      method: 'GET',
      headers: { 'User-Agent': CRAWLER_USER_AGENT, Accept: 'text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.5', ...request.headers },
      maxRedirects: 0,
      signal: controller.signal,
    });
    if (REDIRECTS.has(response.status)) {
      await discard(response);
      const location = response.headers.get('location');
      return { kind: 'redirect', status: response.status, ...(location ? { location } : {}) };
    }
    if (response.status === 304) {
      await discard(response);
      return { kind: 'not-modified' };
    }
    if (response.status < 200 || response.status >= 300) {
      await discard(response);
      return { kind: 'status', status: response.status };
    }
    const header = response.headers.get('content-type') ?? '';
    const contentType = header.split(';')[0]!.trim().toLowerCase();
    if (request.wantBody && !request.wantBody(contentType)) {
      await discard(response);
      return { kind: 'unwanted-type', contentType };
    }
    const bytes = await readBody(response, request.maxBytes, controller.signal);
    if (!bytes) return { kind: 'failed', reason: `Larger than ${Math.round(request.maxBytes / (1024 * 1024))} MB` };
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(header)?.[1];
    const etag = response.headers.get('etag') ?? undefined;
    const lastModified = response.headers.get('last-modified') ?? undefined;
    const robotsTag = response.headers.get('x-robots-tag') ?? undefined;
    return {
      kind: 'body',
      status: response.status,
      contentType,
      bytes,
      ...(charset ? { charset } : {}),
      ...(etag ? { etag } : {}),
      ...(lastModified ? { lastModified } : {}),
      ...(robotsTag ? { robotsTag } : {}),
    };
  } catch (error) {
    if (controller.signal.aborted) return { kind: 'failed', reason: `Timed out after ${formatSeconds(request.timeoutMs)}` };
    if (isOutboundRefused(error)) return { kind: 'failed', reason: URL_NOT_ALLOWED };
    return { kind: 'failed', reason: networkReason(error) };
  } finally {
    clearTimeout(timer);
  }
}

async function readBody(response: Response, maxBytes: number, signal: AbortSignal): Promise<Uint8Array | undefined> {
  if (!response.body) return new Uint8Array(0);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discard(response);
    return undefined;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  // The abort also ends a body that stops arriving: the stream of an aborted request may never settle.
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

function networkReason(error: unknown): string {
  const code = (error as { code?: string; cause?: { code?: string } } | undefined)?.code ?? (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'Host not found';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'Connection reset';
    case 'ETIMEDOUT':
      return 'Connection timed out';
    default:
      return `Request failed${error instanceof Error && error.message ? `: ${error.message}` : ''}`;
  }
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
