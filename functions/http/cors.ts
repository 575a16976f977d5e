import httpCors from '@middy/http-cors';
import type { AuthKind } from '../../shared/api/route-table';
import { readEnv } from '../platform/environment';

/** Request headers a browser may send (contract §1.8). */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-API-Key', 'X-User-ID', 'Idempotency-Key', 'X-Drive-Access-Token', 'X-Cloud-Provider'];
const EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After', 'Idempotent-Replayed', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

function webOrigins(): string[] {
  return readEnv('webOrigins', '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/**
 * CORS is answered by the functions because the rule differs per route (§1.8): the API-key routes
 * answer any origin (the application's allowedOrigins are checked by the route itself), every other
 * route only the configured web origins. `preflight` makes the middleware answer OPTIONS itself.
 */
export function corsFor(auth: AuthKind, options: { preflight: boolean }) {
  const anyOrigin = auth === 'bearer-or-api-key';
  return httpCors({
    // The web origins are read per request, not when the handler is built: a handler outlives the
    // configuration it was built under where one process serves platform after platform (tests).
    ...(anyOrigin ? { origin: '*' } : { origins: webOrigins(), getOrigin: (incoming: string | undefined) => (incoming && webOrigins().includes(incoming) ? incoming : null) }),
    headers: ALLOWED_HEADERS.join(','),
    methods: 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
    exposeHeaders: EXPOSED_HEADERS.join(','),
    maxAge: 600,
    disableBeforePreflightResponse: !options.preflight,
  });
}
