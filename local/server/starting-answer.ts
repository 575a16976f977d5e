import type { ServerResponse } from 'node:http';
import type { HealthResponse } from '../../shared/api/schemas/health';

/** How long a client waits before asking again while the platform starts. */
export const STARTING_RETRY_AFTER_SECONDS = 2;
export const STARTING_MESSAGE = 'Groundwork is starting; try again in a moment';

/**
 * The answer of the API, the issuer and the runtime configuration until the platform has started:
 * before then the ports are not installed (a handler would fail with a 500 and a stack in the log)
 * and the seeded accounts may not exist yet (a sign-in would get 401). 503 SERVICE_UNAVAILABLE in
 * the contract's shape (§1.4); the health check's is its own "Service degraded" with every check
 * failing (§3.1), as none can answer yet.
 */
export function answerStarting(response: ServerResponse, pathname: string, version: string): void {
  const common = { status: 503, code: 'SERVICE_UNAVAILABLE' } as const;
  const body =
    pathname === '/api/health'
      ? {
          ...common,
          message: 'Service degraded',
          version,
          environment: 'local',
          time: new Date().toISOString(),
          checks: { database: 'error', storage: 'error', queue: 'error', identity: 'error' } satisfies HealthResponse['checks'],
        }
      : { ...common, message: STARTING_MESSAGE };
  const text = JSON.stringify(body);
  response.writeHead(503, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'Retry-After': String(STARTING_RETRY_AFTER_SECONDS),
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}
