// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApiFetch } from './ApiProvider';
import {
  ApiError,
  createApiClient,
  createSwrFetcher,
  NETWORK_ERROR_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  type ApiClientOptions,
} from './client';
import { fakeAuth, jsonResponse, oidcUser, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../__fixtures__/test-auth';
import { PAGES } from '../routing/pages';

type Call = { url: string; init: RequestInit };

function client(responses: Array<Response | Error>, overrides: Partial<ApiClientOptions> = {}) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const options: ApiClientOptions = {
    baseUrl: 'http://api.test/',
    getAccessToken: () => 'token-1',
    refreshAccessToken: vi.fn(async () => 'token-2'),
    onSessionExpired: vi.fn(),
    fetchImpl: fetchImpl as unknown as typeof fetch,
    ...overrides,
  };
  return { apiFetch: createApiClient(options), calls, options };
}

const bearer = (call: Call | undefined) => (call?.init.headers as Record<string, string> | undefined)?.Authorization;
const unauthorized = () => jsonResponse({ message: 'Invalid or expired token', status: 401, code: 'UNAUTHORIZED' }, 401);

describe('apiFetch', () => {
  it('sends JSON with the bearer token to the configured base URL', async () => {
    const { apiFetch, calls } = client([jsonResponse({ ok: true })]);
    await expect(apiFetch('/api/profile', { method: 'PUT', body: { fullName: 'Ada' } })).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe('http://api.test/api/profile');
    expect(calls[0]?.init.method).toBe('PUT');
    expect(bearer(calls[0])).toBe('Bearer token-1');
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"fullName":"Ada"}');
  });

  it('refreshes the token once after a 401 and retries with the new one', async () => {
    const { apiFetch, calls, options } = client([unauthorized(), jsonResponse({ items: [] })]);
    await expect(apiFetch('/api/groups')).resolves.toEqual({ items: [] });
    expect(options.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(bearer(calls[0])).toBe('Bearer token-1');
    expect(bearer(calls[1])).toBe('Bearer token-2');
  });

  it('does not refresh a second time when the retry is refused too', async () => {
    const { apiFetch, calls, options } = client([unauthorized(), unauthorized()]);
    const error = await apiFetch('/api/groups').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Invalid or expired token');
    expect(options.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it("raises 'Session expired' when the refresh fails", async () => {
    const { apiFetch, calls, options } = client([unauthorized()], { refreshAccessToken: vi.fn(async () => Promise.reject(new Error('login_required'))) });
    const error = (await apiFetch('/api/groups').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(SESSION_EXPIRED_MESSAGE);
    expect(error.status).toBe(401);
    expect(options.onSessionExpired).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
    expect(calls).toHaveLength(1);
  });

  it('shares one refresh between parallel calls that hit a 401', async () => {
    const { apiFetch, options } = client([unauthorized(), unauthorized(), jsonResponse(1), jsonResponse(2)]);
    await Promise.all([apiFetch('/api/a'), apiFetch('/api/b')]);
    expect(options.refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 from a public endpoint as final', async () => {
    const { apiFetch, calls, options } = client([jsonResponse({ message: 'Token verification failed', status: 401, code: 'UNAUTHORIZED' }, 401)]);
    const error = (await apiFetch('/api/auth/login', { method: 'POST', body: {}, auth: false }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Token verification failed');
    expect(options.refreshAccessToken).not.toHaveBeenCalled();
    expect(bearer(calls[0])).toBeUndefined();
  });

  it('maps the error body to ApiError(message, status, code)', async () => {
    const { apiFetch } = client([jsonResponse({ message: 'Chunk size must be between 100 and 2000', status: 400, code: 'VALIDATION_ERROR', details: [{ field: 'chunk_size', message: 'x' }] }, 400)]);
    const error = (await apiFetch('/api/knowledge-bases', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Chunk size must be between 100 and 2000');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([{ field: 'chunk_size', message: 'x' }]);
  });

  it("falls back to the body's error field, then the status text", async () => {
    const { apiFetch } = client([
      jsonResponse({ error: 'Legacy failure' }, 409),
      new Response('<html>oops</html>', { status: 500, statusText: 'Internal Server Error' }),
    ]);
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: 'Legacy failure', status: 409 });
    await expect(apiFetch('/api/y')).rejects.toMatchObject({ message: 'Internal Server Error', status: 500 });
  });

  it('reports a network failure with the spec message', async () => {
    const { apiFetch } = client([new TypeError('Failed to fetch')]);
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 0 });
  });

  it('treats a gateway 503 without a body as a network error', async () => {
    const { apiFetch } = client([new Response('', { status: 503 })]);
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 503 });
  });

  it('answers undefined for 204 and refuses a malformed JSON body', async () => {
    const { apiFetch } = client([
      new Response(null, { status: 204 }),
      new Response('{not json', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ]);
    await expect(apiFetch('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
    await expect(apiFetch('/api/y')).rejects.toMatchObject({ message: 'Failed to parse JSON response' });
  });

  it('refuses to call a bearer endpoint without a token', async () => {
    const { apiFetch, calls, options } = client([], { getAccessToken: () => undefined });
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: 'No authentication token found', status: 401 });
    expect(calls).toHaveLength(0);
    expect(options.onSessionExpired).toHaveBeenCalled();
  });

  it('serves SWR keys, plain and with options', async () => {
    const { apiFetch, calls } = client([jsonResponse([1]), jsonResponse([2])]);
    const fetcher = createSwrFetcher(apiFetch);
    await expect(fetcher('/api/a')).resolves.toEqual([1]);
    await expect(fetcher(['/api/b', { method: 'POST', body: { q: 1 } }])).resolves.toEqual([2]);
    expect(calls[1]?.init.method).toBe('POST');
  });
});

describe('apiFetch inside the app', () => {
  resetBrowserStateAfterEachTest();
  afterEach(() => {
    delete PAGES['/dashboard'];
  });

  it("renews through the OIDC provider's signinSilent on a 401 and retries once", async () => {
    let groupsCalls = 0;
    const fetchMock = stubApi('admin', (url) => {
      if (url.endsWith('/api/groups')) {
        groupsCalls += 1;
        return groupsCalls === 1 ? unauthorized() : jsonResponse({ groups: ['Administrators'] });
      }
      return jsonResponse({}, 404);
    });
    function GroupsProbe() {
      const apiFetch = useApiFetch();
      const [text, setText] = useState('idle');
      return (
        <button type="button" onClick={() => void apiFetch<{ groups: string[] }>('/api/groups').then((r) => setText(r.groups.join(',')))}>
          {text}
        </button>
      );
    }
    PAGES['/dashboard'] = GroupsProbe;
    const auth = fakeAuth({ signinSilent: vi.fn(async () => oidcUser('access-2')) });
    renderApp('/dashboard', auth);
    fireEvent.click(await screen.findByRole('button', { name: 'idle' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Administrators' })).toBeTruthy());
    expect(auth.signinSilent).toHaveBeenCalledTimes(1);
    const groupCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/groups'));
    expect(groupCalls.map(([, init]) => (init?.headers as Record<string, string>).Authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });
});
