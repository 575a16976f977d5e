// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, errorResponse, fakeRoutes } from '../../__fixtures__/fake-api';
import { apiCalls, jsonResponse, locationNow, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import type { ApiSource } from './types';

resetBrowserStateAfterEachTest();

const LATER = { timeout: 5000 };
const TARGET = 'https://catalog.example.com/books';
const BOOKS = { data: { items: [{ title: 'Dune', author: { name: 'Herbert' } }, { title: 'Emma', author: { name: 'Austen' } }] } };

function storedSource(): ApiSource {
  return {
    id: 'a-1',
    name: 'Catalog',
    description: 'Books',
    source_type: 'api_query',
    status: 'active',
    last_fetched_at: null,
    last_error: null,
    configuration: {
      endpoint: TARGET,
      method: 'GET',
      headers: {},
      authentication: { type: 'bearer', token: '********' },
      performance: { requests_per_minute: 30, retry_count: 3, timeout_seconds: 30, max_response_size_mb: 10 },
      request: {},
      response: { parsing: { type: 'json', mapping: {} } },
    },
    used_by_kbs: [],
    created_by: 'user-1',
    created_by_name: 'Ada Lovelace',
    created_at: '2025-03-01T09:30:00.000Z',
    updated_at: '2025-03-01T09:30:00.000Z',
  };
}

/** Contract §14 routes this page calls; the target API itself is unreachable (a refused call). */
function open(path: string) {
  const sources = [storedSource()];
  const routes = fakeRoutes([
    { method: 'GET', path: /^\/api\/api-sources$/, reply: () => jsonResponse({ apiSources: sources, page: 1, limit: 10, total: sources.length, totalPages: 1 }) },
    {
      method: 'GET',
      path: /^\/api\/api-sources\/([^/]+)$/,
      reply: (m) => {
        const found = sources.find((source) => source.id === m[1]);
        return found ? jsonResponse({ apiSource: found }) : errorResponse(404, 'API source not found', 'NOT_FOUND');
      },
    },
    { method: 'PUT', path: /^\/api\/api-sources\/a-1$/, reply: () => jsonResponse({ apiSource: sources[0], message: 'API source updated successfully' }) },
    {
      method: 'POST',
      path: /^\/api\/api-sources$/,
      reply: (_m, _u, init) => {
        const created = { ...storedSource(), id: 'a-2', name: String(bodyOf(init).name) };
        sources.push(created);
        return jsonResponse({ apiSource: created, message: 'API source created successfully' }, 201);
      },
    },
    {
      method: 'POST',
      path: /^\/api\/api-sources\/([^/]+)\/test$/,
      reply: () => jsonResponse({ success: true, message: 'API source test successful', status: 200, contentType: 'application/json', data: BOOKS, parsed: { records: BOOKS.data.items, recordCount: 2 } }),
    },
  ]);
  const fetchMock = stubApi('admin', (url, init) => (url.startsWith('https://catalog.example.com') ? Promise.reject(new TypeError('Failed to fetch')) : routes(url, init)));
  renderApp(path);
  return fetchMock;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const outcome = () => screen.getByTestId('api-test-outcome');

describe('Edit API Source', () => {
  it('keeps masked secrets from the browser, tests on the server instead, and suggests mappings from its answer', async () => {
    const fetchMock = open('/data-sources/api/a-1/edit');
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Catalog'), LATER);
    expect(screen.getByTestId('page-title').textContent).toBe('Edit API Source');
    // Secret fields are masked (password inputs) and hold the mask the server sent.
    expect((screen.getByLabelText(/^Token/) as HTMLInputElement).type).toBe('password');

    fireEvent.click(button('Test API'));
    await waitFor(() => expect(outcome().getAttribute('data-blocked')).toBe('masked'), LATER);
    expect(outcome().textContent).toContain('The saved secrets are hidden from the browser');
    // The browser never called the target with the mask.
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('https://catalog.example.com'))).toBe(false);

    fireEvent.click(within(outcome()).getByRole('button', { name: 'Test on the server' }));
    await waitFor(() => expect(outcome().getAttribute('data-origin')).toBe('server'), LATER);
    expect(outcome().textContent).toContain('API source test successful');
    expect(outcome().textContent).toContain('Status: 200');
    expect(apiCalls(fetchMock, 'POST', '/api/api-sources/a-1/test')).toHaveLength(1);
    expect(screen.getByRole('tree', { name: 'Response' })).toBeTruthy();

    fireEvent.click(button('Suggest from Response'));
    await waitFor(() => expect(screen.getAllByTestId('api-mapping-row')).toHaveLength(2));
    expect((screen.getByRole('textbox', { name: 'Array path' }) as HTMLInputElement).value).toBe('data.items');
    expect(screen.getAllByTestId('api-mapping-preview').map((preview) => preview.textContent)).toEqual(['Dune', 'Herbert']);

    fireEvent.click(button('Save'));
    await waitFor(() => expect(locationNow()).toBe('/data-sources/api'), LATER);
    // The list page loads its code first (lazily), then shows the form's notice.
    expect((await screen.findByTestId('snackbar', undefined, { timeout: 15_000 })).textContent).toBe('API source updated successfully');
    const sent = bodyOf(apiCalls(fetchMock, 'PUT', '/api/api-sources/a-1')[0]?.[1]) as { configuration: Record<string, unknown> };
    // The mask goes back unchanged: the server keeps the stored token.
    expect(sent.configuration.authentication).toEqual({ type: 'bearer', token: '********' });
    expect(sent.configuration.response).toEqual({ parsing: { type: 'json', path: '', array_path: 'data.items', mapping: { title: 'title', 'author.name': 'author_name' } } });
  });
});

describe('New API Source', () => {
  it('offers Create and test on the server when the browser cannot reach the API, then tests on the edit page', async () => {
    const fetchMock = open('/data-sources/api/create');
    await screen.findByTestId('page-title', undefined, LATER);
    expect(button('Test API').disabled).toBe(true);
    fireEvent.click(button('Create API Source'));
    await waitFor(() => expect(screen.getByText('Name is required')).toBeTruthy(), LATER);
    expect(screen.getByText('Endpoint URL is required')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Catalog two' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Endpoint URL/ }), { target: { value: TARGET } });
    fireEvent.click(button('Test API'));
    await waitFor(() => expect(outcome().getAttribute('data-blocked')).toBe('unreachable'), LATER);
    expect(outcome().textContent).toContain('Your browser could not call https://catalog.example.com');

    fireEvent.click(within(outcome()).getByRole('button', { name: 'Create and test on the server' }));
    await waitFor(() => expect(locationNow()).toBe('/data-sources/api/a-2/edit'), LATER);
    await waitFor(() => expect(apiCalls(fetchMock, 'POST', '/api/api-sources/a-2/test')).toHaveLength(1), LATER);
    await waitFor(() => expect(screen.getByTestId('api-test-outcome').textContent).toContain('API source test successful'), LATER);
    expect(apiCalls(fetchMock, 'POST', '/api/api-sources')).toHaveLength(1);
  });
});
