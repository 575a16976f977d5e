// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, errorResponse } from '../../__fixtures__/fake-api';
import { actionButton, rowAction, selectRow } from '../../__fixtures__/list-page';
import { apiCalls, locationNow, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import { fakeWebSource, webBackend, webState, type WebState } from './__fixtures__/fake-web-backend';
import { CRAWL_POLL_MS } from './web-source-rules';

resetBrowserStateAfterEachTest();

/** Each step waits on a few fake round trips; a loaded machine needs more than 1 s. */
const LATER = { timeout: 5000 };

async function openList(state: WebState = webState()) {
  const fetchMock = stubApi('admin', webBackend(state));
  renderApp('/data-sources/web');
  await screen.findByText('Product docs', undefined, LATER);
  return { fetchMock, state };
}

const row = (name: string) => screen.getAllByTestId('web-row').find((candidate) => within(candidate).queryByText(name)) as HTMLElement;

describe('Websites list', () => {
  it('shows each website with its usage badge, description, link, frequency, depth and date', async () => {
    const { fetchMock } = await openList();
    expect(screen.getByTestId('page-title').textContent).toBe('Websites');
    expect(screen.getByPlaceholderText('Search websites...')).toBeTruthy();
    const query = new URL(String(apiCalls(fetchMock, 'GET', '/api/web-sources')[0]?.[0])).searchParams;
    expect([query.get('page'), query.get('limit')]).toEqual(['1', '10']);

    const docs = row('Product docs');
    expect(within(docs).getByTestId('web-usage').textContent).toBe('In Use');
    expect(within(docs).getByText('Product docs description')).toBeTruthy();
    const link = within(docs).getByTestId('web-url');
    expect([link.textContent, link.getAttribute('href'), link.getAttribute('target')]).toEqual(['https://docs.example.com/', 'https://docs.example.com/', '_blank']);
    expect(within(docs).getByTestId('web-summary').textContent).toMatch(/^Crawls weekly · Depth: 3 · Created on /);
    expect(within(docs).getByTestId('web-status').textContent).toBe('Ready');

    const help = row('Help centre');
    expect(within(help).getByTestId('web-usage').textContent).toBe('Not Used');
    expect(within(help).getByTestId('web-summary').textContent).toMatch(/^Crawls monthly · Depth: 1 · Updated on /);

    fireEvent.mouseOver(within(docs).getByTestId('web-usage'));
    expect((await screen.findByTestId('web-usage-tooltip')).textContent).toBe('Used in Knowledge Bases:Docs siteSupport');
    fireEvent.mouseOut(within(docs).getByTestId('web-usage'));
    fireEvent.mouseOver(within(help).getByTestId('web-usage'));
    await waitFor(() => expect(screen.getAllByTestId('web-usage-tooltip').some((tip) => tip.textContent === 'Not used by any knowledge base')).toBe(true));
  });

  it("says 'Unknown date' when a website's dates are missing", async () => {
    const state = webState();
    state.webSources.push(fakeWebSource('w-3', 'Blog', { created_at: '', updated_at: '' }));
    await openList(state);
    expect(within(row('Blog')).getByTestId('web-summary').textContent).toBe('Crawls daily · Depth: 2 · Unknown date');
  });

  it('keeps Sync, Edit and Delete disabled until a row is selected; clicking it again clears it', async () => {
    await openList();
    for (const label of ['Sync', 'Edit', 'Delete']) expect(actionButton(label).disabled).toBe(true);
    expect(screen.getByTestId('list-actions-selection').textContent).toBe('No website selected');
    await selectRow('Help centre');
    expect(row('Help centre').getAttribute('aria-selected')).toBe('true');
    for (const label of ['Sync', 'Edit', 'Delete']) expect(actionButton(label).disabled).toBe(false);
    fireEvent.click(row('Help centre'));
    expect(actionButton('Sync').disabled).toBe(true);

    // A website in use cannot be deleted: the button says which knowledge bases use it.
    await selectRow('Product docs');
    expect(actionButton('Delete').disabled).toBe(true);
    fireEvent.mouseOver(actionButton('Delete').parentElement as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Cannot delete web source as it is used in: Docs site, Support');

    fireEvent.click(actionButton('Edit'));
    await waitFor(() => expect(locationNow()).toBe('/data-sources/web/w-1/edit'), LATER);
  });

  it('syncs with an empty request, says so, and shows the crawl as it runs', async () => {
    const { fetchMock, state } = await openList();
    fireEvent.click(await rowAction('Help centre', 'Sync'));
    expect((await screen.findByTestId('snackbar', undefined, LATER)).textContent).toBe('Web source sync initiated');
    const syncs = apiCalls(fetchMock, 'POST', '/api/web-sources/w-2/sync');
    expect(syncs).toHaveLength(1);
    expect(bodyOf(syncs[0]?.[1])).toEqual({});
    await waitFor(() => expect(within(row('Help centre')).getByTestId('web-status').textContent).toBe('Crawling'), LATER);
    expect(actionButton('Sync').disabled).toBe(true);

    // The crawler finishes; the list re-reads on its own while a crawl is pending or running.
    const help = state.webSources.find((source) => source.id === 'w-2');
    if (help) help.status = 'ready';
    await waitFor(() => expect(within(row('Help centre')).getByTestId('web-status').textContent).toBe('Ready'), { timeout: CRAWL_POLL_MS * 3 });
    expect(actionButton('Sync').disabled).toBe(false);
  });

  it("shows the server's refusal of a sync", async () => {
    const state = webState();
    state.syncReply = () => errorResponse(402, 'Indexed page limit reached for your plan', 'QUOTA_EXCEEDED');
    await openList(state);
    fireEvent.click(await rowAction('Help centre', 'Sync'));
    const alert = await screen.findByTestId('error-alert', undefined, LATER);
    expect(alert.textContent).toContain('Failed to sync web source');
    expect(alert.textContent).toContain('Indexed page limit reached for your plan');
  });

  it('deletes after a confirmation, clears the selection and says so', async () => {
    const { fetchMock } = await openList();
    fireEvent.click(await rowAction('Help centre', 'Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Web Source' });
    expect(dialog.textContent).toContain('Are you sure you want to delete "Help centre"?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('snackbar', undefined, LATER)).textContent).toBe('Web source deleted successfully');
    await waitFor(() => expect(screen.queryByText('Help centre')).toBeNull(), LATER);
    expect(apiCalls(fetchMock, 'DELETE', '/api/web-sources/w-2')).toHaveLength(1);
    expect(screen.getByTestId('list-actions-selection').textContent).toBe('No website selected');
    // The dialog's closing transition hides the page from the accessibility tree until it ends.
    await waitFor(() => expect(actionButton('Edit').disabled).toBe(true), LATER);
  });

  it("shows the server's refusal of a delete above the list", async () => {
    const state = webState();
    await openList(state);
    // Another admin attached it to a knowledge base after the list was read.
    const help = state.webSources.find((source) => source.id === 'w-2');
    fireEvent.click(await rowAction('Help centre', 'Delete'));
    if (help) help.used_by_kbs = [{ id: 'kb-9', name: 'Customers' }];
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Web Source' })).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByTestId('error-alert', undefined, LATER);
    expect(alert.textContent).toContain('Failed to delete web source');
    expect(alert.textContent).toContain('Cannot delete web source as it is used in: Customers');
  });

  it('searches name, URL and description from page 1, and pages through more than 10', async () => {
    const state = webState();
    state.webSources.push(...Array.from({ length: 10 }, (_, i) => fakeWebSource(`w-x${i + 1}`, `Site ${String(i + 1).padStart(2, '0')}`)));
    const { fetchMock } = await openList(state);
    expect(screen.getAllByTestId('web-row')).toHaveLength(10);
    expect(screen.getByTestId('list-count').textContent).toBe('Showing 1 to 10 of 12 entries');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('Site 10', undefined, LATER)).toBeTruthy();
    expect(screen.getByTestId('list-count').textContent).toBe('Showing 11 to 12 of 12 entries');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search websites' }), { target: { value: 'example.org' } });
    await waitFor(() => expect(screen.getAllByTestId('web-row')).toHaveLength(1), LATER);
    expect(screen.getByText('Help centre')).toBeTruthy();
    const searched = apiCalls(fetchMock, 'GET', '/api/web-sources').map(([url]) => new URL(String(url)).searchParams).filter((params) => params.get('search') === 'example.org');
    expect(searched[0]?.get('page')).toBe('1');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search websites' }), { target: { value: 'nothing like it' } });
    expect((await screen.findByTestId('web-empty', undefined, LATER)).textContent).toBe('No web sources found.');
  });

  it('says so when the websites cannot be fetched', async () => {
    const state = webState();
    state.reply = () => errorResponse(500, 'Internal server error', 'INTERNAL_ERROR');
    stubApi('admin', webBackend(state));
    renderApp('/data-sources/web');
    const alert = await screen.findByTestId('error-alert', undefined, LATER);
    expect(alert.textContent).toContain('Failed to fetch websites');
  });

  it("opens the form from 'Add Website' and shows the success text the form hands back", async () => {
    await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Add Website' }));
    await waitFor(() => expect(locationNow()).toBe('/data-sources/web/create'), LATER);
    expect((await screen.findByTestId('page-title', undefined, LATER)).textContent).toBe('New Web Source');
  });
});
