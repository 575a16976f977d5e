import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { guardedAgents } from './guarded-agents';
import { OutboundRefusedError, parseOutboundUrl, type OutboundPolicy } from './url-guard';

export interface GuardedFetchOptions extends OutboundPolicy {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Redirects followed, each to a URL checked like the first; default 5. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * fetch for user-supplied URLs (crawler, API sources): every hop, redirects included, connects only
 * to addresses the policy allows, through agents that resolve each host once and connect to what
 * they checked. A refused hop rejects with OutboundRefusedError ("URL is not allowed").
 */
export async function guardedFetch(input: string | URL, options: GuardedFetchOptions = {}): Promise<Response> {
  const agents = guardedAgents(options);
  let handedOver = false;
  try {
    let url = parseOutboundUrl(String(input));
    let method = (options.method ?? 'GET').toUpperCase();
    let body = options.body;
    for (let redirects = 0; ; redirects++) {
      if (!url) throw new OutboundRefusedError(String(input), 'a URL that is not absolute http or https');
      const answer = await send(url, method, options.headers ?? {}, body, agents, options.signal);
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.statusCode ?? 0) || !location || redirects >= (options.maxRedirects ?? 5)) {
        handedOver = true;
        return toResponse(answer, url, () => agents.destroy());
      }
      answer.resume();
      if (answer.statusCode === 303 || ((answer.statusCode === 301 || answer.statusCode === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      const next = parseOutboundUrl(new URL(location, url).toString());
      if (!next) throw new OutboundRefusedError(location, 'a URL that is not absolute http or https');
      url = next;
    }
  } finally {
    // Agent.destroy() also destroys the sockets in use: a returned body's agents go when it is done.
    if (!handedOver) agents.destroy();
  }
}

function send(url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, agents: ReturnType<typeof guardedAgents>, signal?: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const https = url.protocol === 'https:';
    const request = (https ? httpsRequest : httpRequest)(url, { method, headers, agent: https ? agents.httpsAgent : agents.httpAgent, signal }, resolve);
    request.on('error', reject);
    request.end(body);
  });
}

function toResponse(answer: IncomingMessage, url: URL, release: () => void): Response {
  // 'close' comes when the body has been read, cancelled or cut off (an abort, a reset).
  answer.once('close', release);
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const status = answer.statusCode ?? 502;
  const body = NO_BODY.has(status) ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>);
  if (!body) answer.resume();
  const response = new Response(body, { status, statusText: answer.statusMessage, headers });
  Object.defineProperty(response, 'url', { value: url.toString() });
  return response;
}
