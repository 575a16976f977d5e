import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import sirv from 'sirv';
import { MAX_JSON_BODY_BYTES, MESSAGES } from '../../shared/api/errors';
import { familyOfPath } from '../../shared/api/route-table';
import type { RuntimeConfig } from '../../shared/config/runtime-config';
import { toErrorResult } from '../../functions/http/error-response';
import { ContractError } from '../../functions/contracts/contract-error';
import { readEnv } from '../../functions/platform/environment';
import { ISSUER_MOUNT_PATH } from '../identity/issuer-constants';
import { PAGE_SECURITY_HEADERS } from '../identity/pages';
import { toApiGatewayEvent } from './api-gateway-event';
import { familyHandler } from './family-handlers';
import { spaSecurityHeaders } from './spa-security-headers';
import { answerStarting } from './starting-answer';

/** A part of the platform that answers some paths itself (the embedded issuer). */
export interface RequestDelegate {
  handle(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
}

export interface LocalServerOptions {
  frontendDir: string;
  runtimeConfig: () => RuntimeConfig;
  delegates: () => RequestDelegate[];
  /** Take the client address from X-Forwarded-For (a reverse proxy the operator runs sits in front). */
  trustProxy?: boolean;
  /**
   * False while the platform starts: the API, the issuer and the runtime configuration then answer
   * 503 (starting-answer.ts). Always ready when omitted.
   */
  isReady?: () => boolean;
  /** Origins besides its own the web client may connect to: the object store of presigned uploads. */
  connectSources?: () => readonly string[];
  /** Origins the SPA may load scripts from besides its own (Google Identity Services when the Drive page is configured). */
  scriptSources?: () => readonly string[];
  /** Whether billing runs in Stripe mode, whose card form needs Stripe's origins in the page's policy. */
  stripeMode?: () => boolean;
}

/**
 * Reads at most one byte past the JSON limit: enough for the handler to answer 413 without the
 * server holding an arbitrarily large body in memory. Webhook bodies are small too.
 */
async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    if (size <= MAX_JSON_BODY_BYTES) chunks.push(buffer);
    size += buffer.length;
  }
  return Buffer.concat(chunks).subarray(0, MAX_JSON_BODY_BYTES + 1);
}

function lambdaContext(requestId: string): Context {
  return {
    awsRequestId: requestId,
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'groundwork-local',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:groundwork-local',
    logGroupName: 'local',
    logStreamName: 'local',
    memoryLimitInMB: '1024',
    getRemainingTimeInMillis: () => 29_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function serveApi(request: IncomingMessage, response: ServerResponse, url: URL, trustProxy: boolean, requestId: string): Promise<void> {
  const family = familyOfPath(url.pathname);
  let result;
  if (!family) {
    result = toErrorResult(new ContractError('NOT_FOUND', MESSAGES.routeNotFound));
  } else {
    const event = toApiGatewayEvent(request, await readBody(request), url, { trustProxy, requestId });
    try {
      result = await (await familyHandler(family))(event, lambdaContext(event.requestContext.requestId));
    } catch (error) {
      result = toErrorResult(error);
    }
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  if (result.cookies?.length) headers['Set-Cookie'] = result.cookies;
  response.writeHead(result.statusCode ?? 200, headers);
  response.end(result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'));
}

/** One port: the issuer's paths, `/api/*` through the Lambda handlers, the runtime config, and the SPA. */
export function createLocalServer(options: LocalServerOptions): Server {
  const spa = existsSync(options.frontendDir) ? sirv(options.frontendDir, { single: true, dev: false, etag: true }) : undefined;

  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    const isIssuer = url.pathname === ISSUER_MOUNT_PATH || url.pathname.startsWith(`${ISSUER_MOUNT_PATH}/`);
    // Every answer carries one (§1.1), whoever writes it: the API's handlers are given the same id,
    // and answers they never reach (unknown routes, the catch below) keep this one.
    const requestId = randomUUID();
    response.setHeader('X-Request-Id', requestId);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    // Defaults: whoever writes the answer may set its own, as the issuer's login pages do.
    if (isIssuer) for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) response.setHeader(name, value);
    else if (!isApi) for (const [name, value] of Object.entries(spaSecurityHeaders(options.connectSources?.() ?? [], { stripe: options.stripeMode?.() ?? false, scriptSources: options.scriptSources?.() ?? [] }))) response.setHeader(name, value);
    void (async () => {
      if (!(options.isReady?.() ?? true) && (isApi || isIssuer || url.pathname === '/runtime-config.json')) {
        request.resume();
        return answerStarting(response, url.pathname, readEnv('version', '0.1.0'));
      }
      for (const delegate of options.delegates()) if (await delegate.handle(request, response)) return;
      if (isApi) return serveApi(request, response, url, options.trustProxy ?? false, requestId);
      if (url.pathname === '/runtime-config.json') {
        response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        response.end(JSON.stringify(options.runtimeConfig()));
        return;
      }
      if (spa) return spa(request, response, () => undefined);
      response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('The web client is not built. Run `npm run build:web` (npm start does this for you).\n');
    })().catch((error: unknown) => {
      const result = toErrorResult(error);
      if (!response.headersSent) response.writeHead(result.statusCode ?? 500, { 'Content-Type': 'application/json' });
      response.end(result.body);
    });
  });
}

export function listen(server: Server, port: number, host?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
