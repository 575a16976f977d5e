// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AuthContext } from 'react-oidc-context';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../../shared/auth/roles';
import { AppFrame } from '../../App';
import { SessionProvider } from '../../auth/SessionProvider';
import { RuntimeConfigProvider } from '../../config/RuntimeConfigContext';
import { ChatLauncherContext } from '../../features/chat/ChatLauncher';
import { bodyOf, errorResponse } from '../../__fixtures__/fake-api';
import { apiCalls, fakeAuth, locationNow, renderApp, resetBrowserStateAfterEachTest, stubApi, testConfig } from '../../__fixtures__/test-auth';
import { DESCRIPTION_FOLD } from './ApplicationDescription';
import { ADMIN_GROUP, ENGINEERING, fakeApplication, ragBackend, SALES } from './__fixtures__/fake-rag-backend';
import { RagApplicationsPage } from './RagApplicationsPage';

const TRAVEL = fakeApplication('app-travel', 'Travel assistant', { index_ids: ['kb-1', 'kb-2', 'kb-3'] });
const HR = fakeApplication('app-hr', 'HR helper');
const SECRET = fakeApplication('app-secret', 'Board secrets');
const EMPTY = fakeApplication('app-empty', 'Empty shelf');
const OFF = fakeApplication('app-off', 'Retired bot', { enabled: false, status: 'disabled' });

const indexes = (ids: string[], access: boolean[]) => ids.map((indexId, i) => ({ indexId, hasAccess: access[i] ?? false }));

resetBrowserStateAfterEachTest();

/**
 * The list page under this test's own chat launcher, so the assertion does not depend on where the
 * chat feature mounts its real provider.
 */
function renderWithChat(role: Role, backend: Parameters<typeof stubApi>[1], occupiedRightPx = 0) {
  const openChat = vi.fn();
  const fetchMock = stubApi(role, backend);
  render(
    <RuntimeConfigProvider config={testConfig}>
      <AppFrame>
        <MemoryRouter initialEntries={['/rag-applications']}>
          <AuthContext.Provider value={fakeAuth()}>
            <SessionProvider>
              <ChatLauncherContext.Provider value={{ openChat, occupiedRightPx }}>
                <Routes>
                  <Route path="/rag-applications" element={<RagApplicationsPage />} />
                </Routes>
              </ChatLauncherContext.Provider>
            </SessionProvider>
          </AuthContext.Provider>
        </MemoryRouter>
      </AppFrame>
    </RuntimeConfigProvider>,
  );
  return { openChat, fetchMock };
}

/** jsdom has no layout: a matchMedia that answers every max-width query as the given viewport would. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { matches, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false };
  });
}

describe('RAG Applications list, admin', () => {
  it('lists applications with the Admin Actions panel acting on the selected row, without access badges', async () => {
    const fetchMock = stubApi('admin', ragBackend({ applications: [TRAVEL, OFF] }));
    renderApp('/rag-applications');
    expect((await screen.findByTestId('page-title')).textContent).toBe('RAG Applications');
    await screen.findByText('Travel assistant');
    expect(screen.getByRole('button', { name: 'New Application' })).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Admin Actions' });
    for (const name of ['Chat', 'Edit', 'Access', 'Disable']) expect((within(panel).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Select Retired bot' }));
    expect(within(panel).getByTestId('admin-actions-selection').textContent).toBe('Retired bot');
    // A disabled application cannot be chatted with; its hint says why.
    expect((within(panel).getByRole('button', { name: 'Chat' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseOver(within(panel).getByRole('button', { name: 'Chat' }).parentElement as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Application is disabled');

    fireEvent.click(within(panel).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Application enabled successfully', {}, { timeout: 5000 })).toBeTruthy();
    expect(apiCalls(fetchMock, 'PATCH', '/api/rag/app-off/enabled').map(([, init]) => bodyOf(init))).toEqual([{ enabled: true }]);
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Disable' })).toBeTruthy());
    expect(screen.queryByTestId('access-badge')).toBeNull();
    expect(apiCalls(fetchMock, 'GET', '/api/rag/app-travel/access-check')).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: 'Select Travel assistant' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(locationNow()).toBe('/rag-applications/app-travel/edit'));
  });

  it("shows the server's reason when enabling fails", async () => {
    stubApi('admin', ragBackend({ applications: [OFF], reply: { enable: () => errorResponse(402, 'Your plan does not include API access', 'QUOTA_EXCEEDED') } }));
    renderApp('/rag-applications');
    fireEvent.click(await screen.findByRole('radio', { name: 'Select Retired bot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    const alert = await screen.findByTestId('error-alert');
    expect(alert.textContent).toContain('Failed to update application status');
    expect(alert.textContent).toContain('Your plan does not include API access');
  });

  it('searches with the page size of 10 and Enter searching at once', async () => {
    const fetchMock = stubApi('admin', ragBackend({ applications: [TRAVEL, HR] }));
    renderApp('/rag-applications');
    await screen.findByText('HR helper');
    const box = screen.getByRole('textbox', { name: 'Search applications' });
    fireEvent.change(box, { target: { value: 'trav' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(screen.queryByText('HR helper')).toBeNull());
    const searched = apiCalls(fetchMock, 'GET', '/api/rag').map(([url]) => new URL(String(url)).searchParams);
    expect(searched[0]?.get('limit')).toBe('10');
    expect(searched.filter((params) => params.get('search') === 'trav')).toHaveLength(1);
  });

  it('edits group access: the admin group stays fixed, changes carry New and Removed badges', async () => {
    const fetchMock = stubApi('admin', ragBackend({ applications: [TRAVEL], assigned: { 'app-travel': ['g-eng'] } }));
    renderApp('/rag-applications');
    fireEvent.click(await screen.findByRole('radio', { name: 'Select Travel assistant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Groups to Travel assistant' });
    const admins = (await within(dialog).findByRole('checkbox', { name: ADMIN_GROUP.name })) as HTMLInputElement;
    expect(admins.checked).toBe(true);
    expect(admins.disabled).toBe(true);

    const selected = within(dialog).getByTestId('selected-groups');
    const available = within(dialog).getByTestId('available-groups');
    expect(within(selected).getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual(['Administrators', 'Engineering']);
    expect(within(available).getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual(['Sales']);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: ENGINEERING.name }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: SALES.name }));
    expect(within(selected).getByTestId('badge-removed').closest('[data-testid="group-option"]')?.textContent).toContain('Engineering');
    expect(within(selected).getByTestId('badge-new').closest('[data-testid="group-option"]')?.textContent).toContain('Sales');
    expect(within(dialog).getByTestId('available-groups').textContent).toContain('No other groups');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Groups updated successfully')).toBeTruthy();
    expect(apiCalls(fetchMock, 'PUT', '/api/rag/app-travel/groups').map(([, init]) => bodyOf(init))).toEqual([{ groupIds: ['g-admin', 'g-sales'] }]);
    expect(fetchMock.mock.calls.filter(([url, init]) => init?.method === 'PUT' && String(url).includes('/api/knowledge-bases/'))).toHaveLength(0);
  });

  it("shows the knowledge bases the chosen groups would still lack, and grants them on request (issue 21)", async () => {
    const app = fakeApplication('app-travel', 'Travel assistant', {
      index_ids: ['kb-1', 'kb-4'],
      knowledge_bases: [
        { id: 'kb-1', name: 'Handbook', description: 'Company handbook', status: 'ready', source_type: 'files' },
        { id: 'kb-4', name: 'Travel policy', description: 'Trips and expenses', status: 'ready', source_type: 'files' },
      ],
    });
    const fetchMock = stubApi('admin', ragBackend({ applications: [app], assigned: { 'app-travel': ['g-eng'] }, knowledgeBaseGrants: { 'kb-1': ['g-eng'], 'kb-4': [] } }));
    renderApp('/rag-applications');
    fireEvent.click(await screen.findByRole('radio', { name: 'Select Travel assistant' }, { timeout: 10_000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Groups to Travel assistant' });
    const gaps = async () => (await within(dialog).findAllByTestId('knowledge-base-gap', {}, { timeout: 10_000 })).map((item) => item.textContent);
    expect(await gaps()).toEqual(['Travel policy: Engineering']);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: SALES.name }));
    expect(await gaps()).toEqual(['Handbook: Sales', 'Travel policy: Engineering, Sales']);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Also grant these knowledge bases' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Groups updated successfully', {}, { timeout: 10_000 })).toBeTruthy();
    expect(apiCalls(fetchMock, 'PUT', '/api/rag/app-travel/groups').map(([, init]) => bodyOf(init))).toEqual([{ groupIds: ['g-admin', 'g-eng', 'g-sales'] }]);
    // The union with what each knowledge base already had (its admin group included), read just before writing.
    expect(apiCalls(fetchMock, 'PUT', '/api/knowledge-bases/kb-1/groups').map(([, init]) => bodyOf(init))).toEqual([{ groupIds: ['g-admin', 'g-eng', 'g-sales'] }]);
    expect(apiCalls(fetchMock, 'PUT', '/api/knowledge-bases/kb-4/groups').map(([, init]) => bodyOf(init))).toEqual([{ groupIds: ['g-admin', 'g-eng', 'g-sales'] }]);
  });

  it('opens the chat of the selected application', async () => {
    const { openChat } = renderWithChat('admin', ragBackend({ applications: [TRAVEL] }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Select Travel assistant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
    expect(openChat).toHaveBeenCalledWith({ id: 'app-travel', name: 'Travel assistant' });
  });
});

describe('RAG Applications list beside chat windows and dialogs (issue 21)', () => {
  it('keeps the Admin Actions panel clear of the open chat windows', async () => {
    renderWithChat('admin', ragBackend({ applications: [TRAVEL] }), 440);
    await screen.findByRole('radio', { name: 'Select Travel assistant' }, { timeout: 10_000 });
    expect(getComputedStyle(screen.getByTestId('admin-actions-column')).marginRight).toBe('440px');
  });

  it('closes an action tooltip on click, and does not reopen it when the dialog gives the focus back', async () => {
    stubApi('admin', ragBackend({ applications: [TRAVEL], assigned: { 'app-travel': ['g-eng'] } }));
    renderApp('/rag-applications');
    fireEvent.click(await screen.findByRole('radio', { name: 'Select Travel assistant' }, { timeout: 10_000 }));
    const access = screen.getByRole('button', { name: 'Access' });
    fireEvent.mouseOver(access.parentElement as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Choose the groups that can use it');
    fireEvent.click(access);
    const dialog = await screen.findByRole('dialog', { name: 'Assign Groups to Travel assistant' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Groups to Travel assistant' })).toBeNull());
    access.focus();
    fireEvent.focus(access);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('RAG Applications list, users', () => {
  const access = {
    'app-travel': { hasRagAccess: true, indexAccess: indexes(TRAVEL.index_ids, [true, false, false]) },
    'app-hr': { hasRagAccess: true, indexAccess: indexes(HR.index_ids, [true]) },
    'app-secret': { hasRagAccess: false, indexAccess: indexes(SECRET.index_ids, [false]) },
    'app-empty': { hasRagAccess: true, indexAccess: indexes(EMPTY.index_ids, [false]) },
    'app-off': { hasRagAccess: true, indexAccess: indexes(OFF.index_ids, [true]) },
  };

  it('shows cards with No, Limited and Partial Access badges and Chat only where the user can chat', async () => {
    const { openChat } = renderWithChat('user', ragBackend({ applications: [TRAVEL, HR, SECRET, EMPTY, OFF], access }));
    const card = async (name: string) => screen.findByRole('article', { name });
    await waitFor(() => expect(screen.getAllByTestId('access-badge')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'New Application' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Admin Actions' })).toBeNull();

    expect(within(await card('Travel assistant')).getByTestId('access-badge').textContent).toBe('Partial Access');
    expect(within(await card('Travel assistant')).getByText(/you have access to 1 out of 3 indexes/)).toBeTruthy();
    expect(within(await card('Board secrets')).getByTestId('access-badge').textContent).toBe('No Access');
    expect(within(await card('Empty shelf')).getByTestId('access-badge').textContent).toBe('Limited Access');
    expect(within(await card('HR helper')).queryByTestId('access-badge')).toBeNull();
    // The test server runs offline: the model is shown with what actually answers.
    expect(within(await card('HR helper')).getByText(/Offline: answers are quoted from the knowledge bases, no language model writes them/)).toBeTruthy();

    expect(screen.queryByRole('button', { name: 'Chat with Board secrets' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Chat with Empty shelf' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Chat with Retired bot' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Chat with HR helper' }).parentElement as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Start chat');

    fireEvent.click(screen.getByRole('button', { name: 'Chat with Travel assistant' }));
    expect(openChat).toHaveBeenCalledWith({ id: 'app-travel', name: 'Travel assistant' });
  });

  it('logs a failed access check and shows that application without access info', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi('rag_user', ragBackend({ applications: [HR, SECRET], access: { 'app-hr': 'fail', 'app-secret': access['app-secret'] } }));
    renderApp('/rag-applications');
    await waitFor(() => expect(screen.getByTestId('access-badge').textContent).toBe('No Access'));
    const hr = await screen.findByRole('article', { name: 'HR helper' });
    await waitFor(() => expect(logged.mock.calls.some(([text]) => String(text).includes('Access check failed for application app-hr'))).toBe(true));
    expect(within(hr).queryByTestId('access-badge')).toBeNull();
    expect(within(hr).getByRole('button', { name: 'Chat with HR helper' })).toBeTruthy();
  });

  it('uses mobile cards and a page size of 5 under 768 px', async () => {
    viewport(500);
    const fetchMock = stubApi('user', ragBackend({ applications: Array.from({ length: 7 }, (_, i) => fakeApplication(`app-${i}`, `App ${i}`)) }));
    renderApp('/rag-applications');
    await waitFor(() => expect(screen.getAllByTestId('application-card-mobile')).toHaveLength(5));
    expect(screen.queryByTestId('application-card')).toBeNull();
    expect(apiCalls(fetchMock, 'GET', '/api/rag').every(([url]) => new URL(String(url)).searchParams.get('limit') === '5')).toBe(true);
  });

  it('folds long descriptions with show more/less, and opens very long ones in a popup', async () => {
    const medium = `${'m'.repeat(DESCRIPTION_FOLD)} tail-of-medium`;
    const long = `${'l'.repeat(600)} tail-of-long`;
    stubApi('user', ragBackend({ applications: [fakeApplication('a-1', 'Medium', { description: medium }), fakeApplication('a-2', 'Long', { description: long })] }));
    renderApp('/rag-applications');
    const mediumCard = await screen.findByRole('article', { name: 'Medium' });
    expect(within(mediumCard).getByTestId('application-description').textContent).not.toContain('tail-of-medium');
    fireEvent.click(within(mediumCard).getByRole('button', { name: 'Show more of the description of Medium' }));
    expect(within(mediumCard).getByTestId('application-description').textContent).toContain('tail-of-medium');
    fireEvent.click(within(mediumCard).getByRole('button', { name: 'Show less of the description of Medium' }));
    expect(within(mediumCard).getByTestId('application-description').textContent).not.toContain('tail-of-medium');

    const longCard = screen.getByRole('article', { name: 'Long' });
    fireEvent.click(within(longCard).getByRole('button', { name: 'Show more of the description of Long' }));
    const popup = await screen.findByRole('dialog', { name: 'Long' });
    expect(popup.textContent).toContain('tail-of-long');
    expect(within(longCard).getByTestId('application-description').textContent).not.toContain('tail-of-long');
  });

  it("shows 'Failed to load applications' when the list fails", async () => {
    stubApi('user', () => errorResponse(500, 'Internal server error', 'INTERNAL_ERROR'));
    renderApp('/rag-applications');
    expect(await screen.findByText('Failed to load applications')).toBeTruthy();
  });
});
