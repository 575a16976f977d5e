// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, errorResponse } from '../../__fixtures__/fake-api';
import { actionButton, rowAction, selectRow } from '../../__fixtures__/list-page';
import { apiCalls, locationNow, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import { fakeKnowledgeBase, kbBackend, kbState, type KbState } from './__fixtures__/fake-kb-backend';
import { PROCESSING_POLL_MS } from './knowledge-base-rules';

resetBrowserStateAfterEachTest();

/** Each step waits on a few fake round trips; a loaded machine needs more than 1 s. */
const LATER = { timeout: 5000 };

async function openList(state: KbState = kbState()) {
  const fetchMock = stubApi('admin', kbBackend(state));
  renderApp('/knowledge-bases');
  await screen.findByText('Handbook', undefined, LATER);
  return { fetchMock, state };
}

/** The list row of a knowledge base (its name also stands in the Actions panel once selected). */
const row = (name: string) => screen.getAllByTestId('kb-row').find((candidate) => within(candidate).queryByText(name)) as HTMLElement;
/** Selects the row, then returns the Actions panel's button. */
const action = (name: string, label: string) => rowAction(name, label);

describe('Knowledge bases list', () => {
  it('shows each knowledge base with its icon, status, summary, creator and date', async () => {
    const { fetchMock } = await openList();
    expect((await screen.findByTestId('page-title')).textContent).toBe('Knowledge Bases');
    const query = new URL(String(apiCalls(fetchMock, 'GET', '/api/knowledge-bases')[0]?.[0])).searchParams;
    expect([query.get('page'), query.get('limit')]).toEqual(['1', '10']);

    const handbook = row('Handbook');
    expect(within(handbook).getByRole('img', { name: 'Files' })).toBeTruthy();
    expect(within(handbook).getByTestId('kb-status').textContent).toBe('Draft');
    expect(within(handbook).getByTestId('kb-summary').textContent).toBe('2 files · OpenAI Ada 002 · chunk size 500, overlap 50');
    expect(within(handbook).getByText('Handbook description')).toBeTruthy();
    expect(within(handbook).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(handbook).getByTestId('kb-date').textContent).toMatch(/^Created on /);

    const policies = row('Policies');
    expect(within(policies).getByTestId('kb-status').textContent).toBe('Ready');
    expect(within(policies).getByTestId('kb-summary').textContent).toContain('2 documents, 14 chunks');
    expect(within(policies).getByTestId('kb-date').textContent).toMatch(/^Updated on /);
    expect(within(row('Docs site')).getByRole('img', { name: 'Websites' })).toBeTruthy();
    expect(within(row('Docs site')).getByTestId('kb-status').getAttribute('aria-description')).toBe('No text could be indexed from the selected data sources');
    expect(within(row('Orders API')).getByRole('img', { name: 'APIs' })).toBeTruthy();
    expect(within(row('Orders API')).getByTestId('kb-summary').textContent).toBe('1 API endpoint');
  });

  it('keeps the actions disabled until a row is selected; clicking it again clears the selection', async () => {
    await openList();
    for (const label of ['Edit', 'Access', 'Deploy', 'Clone', 'Delete']) expect(actionButton(label).disabled).toBe(true);
    await selectRow('Handbook');
    expect(row('Handbook').getAttribute('aria-selected')).toBe('true');
    for (const label of ['Edit', 'Access', 'Deploy', 'Clone', 'Delete']) expect(actionButton(label).disabled).toBe(false);
    fireEvent.click(row('Handbook'));
    expect(row('Handbook').getAttribute('aria-selected')).toBe('false');
    expect(actionButton('Edit').disabled).toBe(true);
  });

  it('enables Deploy only for draft and failed, and explains the Edit of a ready one', async () => {
    await openList();
    expect((await action('Handbook', 'Deploy')).disabled).toBe(false);
    // Worded, not only in a tooltip (issue 21).
    expect(actionButton('Deploy').textContent).toBe('Deploy');
    expect((await action('Docs site', 'Deploy')).disabled).toBe(false);
    expect((await action('Policies', 'Deploy')).disabled).toBe(true);
    expect((await action('Orders API', 'Deploy')).disabled).toBe(true);
    expect(actionButton('Delete').disabled).toBe(true);
    await selectRow('Policies');
    fireEvent.mouseOver(actionButton('Edit').parentElement as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Only name and description can be modified');
    fireEvent.click(actionButton('Edit'));
    await waitFor(() => expect(locationNow()).toBe('/knowledge-bases/kb-ready/edit'));
  });

  it('keeps the Actions panel out of the table, so a phone scrolling the table sideways keeps the actions', async () => {
    await openList();
    const table = screen.getByRole('table', { name: 'Knowledge bases' });
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(table.contains(screen.getByTestId('list-actions'))).toBe(false);
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });

  it('searches with the debounced text from page 1', async () => {
    const { fetchMock } = await openList();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search knowledge bases' }), { target: { value: 'polic' } });
    await waitFor(() => expect(screen.queryByText('Handbook')).toBeNull(), LATER);
    expect(screen.getByText('Policies')).toBeTruthy();
    const searched = apiCalls(fetchMock, 'GET', '/api/knowledge-bases').map(([url]) => new URL(String(url)).searchParams).filter((params) => params.get('search') === 'polic');
    expect(searched).toHaveLength(1);
    expect(searched[0]?.get('page')).toBe('1');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search knowledge bases' }), { target: { value: 'nothing like it' } });
    expect((await screen.findByTestId('kb-empty', undefined, LATER)).textContent).toBe('No knowledge bases found.');
  });

  it('pages through more than 10 knowledge bases', async () => {
    const state = kbState();
    state.knowledgeBases = Array.from({ length: 12 }, (_, i) => fakeKnowledgeBase(`kb-${i + 1}`, `Base ${String(i + 1).padStart(2, '0')}`));
    state.knowledgeBases[0] = fakeKnowledgeBase('kb-1', 'Handbook');
    const { fetchMock } = await openList(state);
    expect(screen.getAllByTestId('kb-row')).toHaveLength(10);
    expect(screen.getByTestId('list-count').textContent).toBe('Showing 1 to 10 of 12 entries');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('Base 12', undefined, LATER)).toBeTruthy();
    expect(screen.getAllByTestId('kb-row')).toHaveLength(2);
    expect(screen.getByTestId('list-count').textContent).toBe('Showing 11 to 12 of 12 entries');
    expect(new URL(String(apiCalls(fetchMock, 'GET', '/api/knowledge-bases').at(-1)?.[0])).searchParams.get('page')).toBe('2');
  });

  it('deploys: processing at once, then the outcome by polling', async () => {
    const { fetchMock, state } = await openList();
    fireEvent.click(await action('Handbook', 'Deploy'));
    await waitFor(() => expect(within(row('Handbook')).getByTestId('kb-status').textContent).toBe('Processing'));
    expect(await screen.findByText('Knowledge base deployment initiated', undefined, LATER)).toBeTruthy();
    const deploys = apiCalls(fetchMock, 'POST', '/api/knowledge-bases/kb-draft/deploy');
    expect(deploys).toHaveLength(1);
    expect(bodyOf(deploys[0]?.[1])).toEqual({});
    expect(actionButton('Deploy').disabled).toBe(true);

    // The indexer finishes; the list re-reads on its own while something is processing.
    const handbook = state.knowledgeBases.find((kb) => kb.id === 'kb-draft');
    if (handbook) Object.assign(handbook, { status: 'ready', document_count: 2, chunk_count: 9 });
    await waitFor(() => expect(within(row('Handbook')).getByTestId('kb-status').textContent).toBe('Ready'), { timeout: PROCESSING_POLL_MS * 3 });
  });

  it('shows why a deploy was refused and reloads the real status', async () => {
    const state = kbState();
    state.deployReply = () => errorResponse(409, 'Data sources are not ready for indexing: new.txt', 'CONFLICT', { dataSources: [{ id: 'd-new', name: 'new.txt', status: 'pending' }] });
    await openList(state);
    fireEvent.click(await action('Handbook', 'Deploy'));
    const alert = await screen.findByTestId('error-alert', undefined, LATER);
    expect(alert.textContent).toContain('Failed to deploy knowledge base');
    expect(alert.textContent).toContain('Data sources are not ready for indexing: new.txt');
    await waitFor(() => expect(within(row('Handbook')).getByTestId('kb-status').textContent).toBe('Draft'), LATER);
  });

  it('refuses to delete a knowledge base that applications use', async () => {
    const { fetchMock } = await openList();
    fireEvent.click(await action('Policies', 'Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete knowledge base' });
    expect((await within(dialog).findByTestId('kb-in-use', undefined, LATER)).textContent).toContain('Cannot delete - in use by: Support Bot');
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(apiCalls(fetchMock, 'DELETE', '/api/knowledge-bases/kb-ready')).toHaveLength(0);
  });

  it("shows the server's refusal when it still finds the knowledge base in use", async () => {
    const state = kbState();
    state.deleteReply = () => errorResponse(409, 'Cannot delete index as it is used in: Sales Assistant', 'CONFLICT', { applications: [{ id: 'app-2', name: 'Sales Assistant' }] });
    await openList(state);
    fireEvent.click(await action('Handbook', 'Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete knowledge base' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete' }, LATER));
    const refused = await within(dialog).findByTestId('kb-delete-refused', undefined, LATER);
    expect(refused.textContent).toContain('Cannot delete index as it is used in: Sales Assistant');
    expect(refused.textContent).toContain('Remove the knowledge base from these applications first');
    expect(row('Handbook')).toBeTruthy();
  });

  it('deletes after confirmation', async () => {
    const { fetchMock } = await openList();
    fireEvent.click(await action('Handbook', 'Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete knowledge base' });
    expect(within(dialog).getByText(/Are you sure you want to delete the knowledge base "Handbook"/, undefined)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Knowledge base deleted successfully', undefined, LATER)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Handbook')).toBeNull());
    expect(apiCalls(fetchMock, 'DELETE', '/api/knowledge-bases/kb-draft')).toHaveLength(1);
  });

  it('saves group access; the admin group stays fixed', async () => {
    const { fetchMock, state } = await openList();
    fireEvent.click(await action('Handbook', 'Access'));
    const dialog = await screen.findByRole('dialog', { name: 'Group access: Handbook' });
    const admins = (await within(dialog).findByRole('checkbox', { name: /Administrators/ }, LATER)) as HTMLInputElement;
    expect([admins.checked, admins.disabled]).toEqual([true, true]);
    const sales = within(dialog).getByRole('checkbox', { name: 'Sales' }) as HTMLInputElement;
    expect(sales.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Engineering' }));
    fireEvent.click(sales);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Access' }));
    expect(await screen.findByText('Groups updated successfully', undefined, LATER)).toBeTruthy();
    const puts = apiCalls(fetchMock, 'PUT', '/api/knowledge-bases/kb-draft/groups');
    expect(puts.map(([, init]) => bodyOf(init))).toEqual([{ groupIds: ['g-eng'] }]);
    expect(state.grants.get('kb-draft')).toEqual(['g-eng']);
  });

  it("shows 'Failed to fetch knowledge bases' when the list fails", async () => {
    stubApi('admin', () => errorResponse(500, 'Internal server error', 'INTERNAL_ERROR'));
    renderApp('/knowledge-bases');
    expect(await screen.findByText('Failed to fetch knowledge bases', undefined, LATER)).toBeTruthy();
  });
});
