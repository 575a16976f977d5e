import { jsonResponse, type FetchHandler } from './test-auth';

/**
 * A small router for the fake network of page tests: each route answers one method and path pattern,
 * everything else is the contract's 404. Only `fetch` is replaced; the pages run for real.
 */
export interface FakeRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: RegExp;
  reply: (match: RegExpMatchArray, url: URL, init: RequestInit) => Response | Promise<Response>;
}

export function fakeRoutes(routes: FakeRoute[]): FetchHandler {
  return (url, init) => {
    const parsed = new URL(url);
    const method = (init.method ?? 'GET').toUpperCase();
    for (const route of routes) {
      if (route.method !== method) continue;
      const match = parsed.pathname.match(route.path);
      if (match) return route.reply(match, parsed, init);
    }
    return jsonResponse({ message: 'Route not found', status: 404, code: 'NOT_FOUND' }, 404);
  };
}

/** Contract §1.5 list shape. */
export function paged<T>(data: T[], page = 1, limit = 10) {
  return { data, pagination: { page, limit, total: data.length, totalPages: Math.ceil(data.length / limit) } };
}

export const bodyOf = (init: RequestInit | undefined): Record<string, unknown> => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;

export const errorResponse = (status: number, message: string, code = 'VALIDATION_ERROR', details?: unknown) =>
  jsonResponse({ message, status, code, ...(details ? { details } : {}) }, status);

/** A promise settled from outside, to hold a request open while the test looks at the screen. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export function fakeUser(id: string, fullName: string, extra: Record<string, unknown> = {}) {
  const email = `${fullName.toLowerCase().replace(/\s+/g, '.')}@example.com`;
  return {
    id,
    email,
    full_name: fullName,
    fullName,
    role: 'user',
    status: 'active',
    organization_id: 'org-1',
    organization_domain: 'example.com',
    groups: [],
    invitation_pending: false,
    force_password_change: false,
    ...extra,
  };
}
