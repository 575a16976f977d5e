// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, deferred, fakeRoutes } from '../../__fixtures__/fake-api';
import { apiCalls, jsonResponse, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';

const ticket = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  subject: `Ticket ${id}`,
  description: 'Something broke',
  status,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  userEmail: 'ada@example.com',
  userFullName: 'Ada Lovelace',
  organizationId: 'org-demo',
  userRole: 'rag_user',
  attachmentCount: 0,
  ...extra,
});

const page = (tickets: unknown[]) => ({ tickets, page: 1, limit: 10, total: tickets.length, totalPages: tickets.length ? 1 : 0 });

resetBrowserStateAfterEachTest();

describe('Support page (spec 03)', () => {
  it('validates, uploads the attachment, submits with the fields disabled, then confirms and clears the form', async () => {
    const ticketReply = deferred<Response>();
    const fetchMock = stubApi(
      'rag_user',
      fakeRoutes([
        { method: 'POST', path: /^\/api\/support\/attachments$/, reply: () => jsonResponse({ attachmentId: 'att-1', uploadUrl: 'http://objects.test/support/att-1', method: 'PUT', headers: { 'Content-Type': 'text/plain' }, expiresIn: 900 }, 201) },
        { method: 'PUT', path: /^\/support\/att-1$/, reply: () => new Response(null, { status: 200 }) },
        { method: 'POST', path: /^\/api\/support\/tickets$/, reply: () => ticketReply.promise },
      ]),
    );
    renderApp('/support');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Support');

    fireEvent.click(screen.getByTestId('support-submit'));
    expect(await screen.findByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();

    const picker = screen.getByTestId('support-files');
    fireEvent.change(picker, { target: { files: [new File(['x'], 'tool.exe', { type: 'application/x-msdownload' })] } });
    expect((await screen.findByTestId('support-file-error')).textContent).toContain('Some files exceeded size limit or are not supported.');
    expect(screen.queryAllByTestId('support-attachment')).toHaveLength(0);
    fireEvent.change(picker, { target: { files: [new File(['trace'], 'log.txt', { type: 'text/plain' })] } });
    expect(await screen.findAllByTestId('support-attachment')).toHaveLength(1);

    fireEvent.change(screen.getByTestId('support-subject'), { target: { value: 'Chat is down' } });
    fireEvent.change(screen.getByTestId('support-description'), { target: { value: 'No answers since noon.' } });
    fireEvent.click(screen.getByTestId('support-submit'));

    await waitFor(() => expect(apiCalls(fetchMock, 'POST', '/api/support/tickets')).toHaveLength(1));
    expect((screen.getByTestId('support-subject') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('support-description') as HTMLTextAreaElement).disabled).toBe(true);
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/support/attachments')[0]?.[1])).toEqual({ filename: 'log.txt', mimeType: 'text/plain', size: 5 });
    expect(apiCalls(fetchMock, 'PUT', '/support/att-1')).toHaveLength(1);
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/support/tickets')[0]?.[1])).toEqual({ subject: 'Chat is down', description: 'No answers since noon.', attachmentIds: ['att-1'] });

    ticketReply.resolve(jsonResponse({ ticket: ticket('t-1', 'new'), message: 'Your support request has been submitted successfully.' }, 201));
    expect((await screen.findByTestId('support-success')).textContent).toContain('Your support request has been submitted successfully.');
    expect((screen.getByTestId('support-subject') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('support-description') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryAllByTestId('support-attachment')).toHaveLength(0);
  });

  it('lists my open tickets with their badges and asks for resolved and closed ones behind the switch', async () => {
    const fetchMock = stubApi(
      'user',
      fakeRoutes([
        {
          method: 'GET',
          path: /^\/api\/support\/tickets$/,
          reply: (_m, url) =>
            jsonResponse(url.searchParams.get('includeResolved') === 'true' ? page([ticket('t-2', 'open'), ticket('t-3', 'closed')]) : page([ticket('t-2', 'open')])),
        },
        { method: 'GET', path: /^\/api\/support\/tickets\/t-2$/, reply: () => jsonResponse({ ticket: { ...ticket('t-2', 'open'), attachments: [], responses: [{ id: 'r-1', author: 'support', message: 'Try again now.', createdAt: '2026-01-02T11:00:00.000Z' }] } }) },
      ]),
    );
    renderApp('/support');
    fireEvent.click(await screen.findByTestId('support-tab-tickets'));
    expect(await screen.findByTestId('ticket-status-open')).toBeTruthy();
    expect(screen.queryByTestId('ticket-status-closed')).toBeNull();
    const first = new URL(String(apiCalls(fetchMock, 'GET', '/api/support/tickets')[0]?.[0]));
    expect(Object.fromEntries(first.searchParams)).toEqual({ page: '1', limit: '10', includeResolved: 'false' });

    fireEvent.click(screen.getByLabelText('Show resolved and closed tickets'));
    expect(await screen.findByTestId('ticket-status-closed')).toBeTruthy();

    fireEvent.click(screen.getByText('Ticket t-2'));
    const dialog = await screen.findByTestId('ticket-detail');
    expect(await within(dialog).findByText('Try again now.')).toBeTruthy();
    expect(within(dialog).queryByTestId('ticket-staff-controls')).toBeNull();
  });

  it("says 'No tickets found.' for an empty list", async () => {
    stubApi('rag_user', fakeRoutes([{ method: 'GET', path: /^\/api\/support\/tickets$/, reply: () => jsonResponse(page([])) }]));
    renderApp('/support');
    fireEvent.click(await screen.findByTestId('support-tab-tickets'));
    expect(await screen.findByText('No tickets found.')).toBeTruthy();
  });
});

describe('Support Inbox (system_admin)', () => {
  it("filters every organization's tickets and answers one", async () => {
    let answered = false;
    const fetchMock = stubApi(
      'system_admin',
      fakeRoutes([
        { method: 'GET', path: /^\/api\/organizations$/, reply: () => jsonResponse({ data: [{ id: 'org-demo', name: 'Demo' }, { id: 'org-acme', name: 'Acme' }], pagination: { page: 1, limit: 2, total: 2, totalPages: 1 } }) },
        { method: 'GET', path: /^\/api\/support\/tickets$/, reply: () => jsonResponse(page([ticket('t-9', answered ? 'open' : 'new')])) },
        {
          method: 'GET',
          path: /^\/api\/support\/tickets\/t-9$/,
          reply: () =>
            jsonResponse({
              ticket: { ...ticket('t-9', answered ? 'open' : 'new'), attachments: [], responses: answered ? [{ id: 'r-1', author: 'support', message: 'Looking into it.', createdAt: '2026-01-02T11:00:00.000Z' }] : [] },
            }),
        },
        {
          method: 'PATCH',
          path: /^\/api\/support\/tickets\/t-9$/,
          reply: () => {
            answered = true;
            return jsonResponse({ ticket: ticket('t-9', 'open') });
          },
        },
      ]),
    );
    renderApp('/support/inbox');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Support Inbox');
    expect(await screen.findByText('Demo')).toBeTruthy();

    fireEvent.mouseDown(within(screen.getByTestId('inbox-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'pending' }));
    await waitFor(() => {
      const urls = apiCalls(fetchMock, 'GET', '/api/support/tickets').map(([url]) => new URL(String(url)).searchParams.get('status'));
      expect(urls).toContain('pending');
    });

    fireEvent.click(screen.getByText('Ticket t-9'));
    const dialog = await screen.findByTestId('ticket-detail');
    fireEvent.change(await within(dialog).findByTestId('ticket-response-input'), { target: { value: 'Looking into it.' } });
    fireEvent.click(within(dialog).getByTestId('ticket-save'));
    await waitFor(() => expect(apiCalls(fetchMock, 'PATCH', '/api/support/tickets/t-9')).toHaveLength(1));
    expect(bodyOf(apiCalls(fetchMock, 'PATCH', '/api/support/tickets/t-9')[0]?.[1])).toEqual({ response: 'Looking into it.' });
    expect(await within(dialog).findByText('Looking into it.', { selector: 'p' })).toBeTruthy();
  });
});
