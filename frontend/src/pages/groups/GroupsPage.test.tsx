// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, deferred, errorResponse, fakeRoutes, fakeUser, paged } from '../../__fixtures__/fake-api';
import { jsonResponse, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import { actionButton, rowAction, selectRow } from '../../__fixtures__/list-page';
import { ADMIN_GROUP_LOCKED } from './GroupsTable';
import { MEMBERSHIP_ERROR } from './useGroups';

const ADMINS = { id: 'g-admin', name: 'Administrators', description: 'Every admin of the organization', member_count: 1, is_admin_group: true };
const ENGINEERING = { id: 'g-eng', name: 'Engineering', description: 'Builders', member_count: 1, is_admin_group: false };

function backend(options: { addReply?: () => Promise<Response> } = {}) {
  const users = [fakeUser('u-ada', 'Ada Lovelace'), fakeUser('u-bob', 'Bob Brown'), fakeUser('u-cara', 'Cara Diaz')];
  const members = new Set(['u-ada']);
  const byName = (a: { full_name: string }, b: { full_name: string }) => a.full_name.localeCompare(b.full_name);
  const matches = (url: URL) => (user: { full_name: string }) => user.full_name.toLowerCase().includes((url.searchParams.get('search') ?? '').toLowerCase());
  return fakeRoutes([
    { method: 'GET', path: /^\/api\/groups$/, reply: (_m, url) => jsonResponse(paged([ADMINS, ENGINEERING].filter((g) => g.name.toLowerCase().includes((url.searchParams.get('search') ?? '').toLowerCase())))) },
    { method: 'GET', path: /^\/api\/groups\/g-eng\/users$/, reply: (_m, url) => jsonResponse(paged(users.filter((u) => members.has(u.id)).filter(matches(url)).sort(byName))) },
    { method: 'GET', path: /^\/api\/groups\/g-admin\/users$/, reply: () => jsonResponse(paged([users[0]])) },
    {
      method: 'GET',
      path: /^\/api\/users$/,
      reply: (_m, url) => jsonResponse(paged(users.filter((u) => !members.has(u.id)).filter(matches(url)).sort(byName))),
    },
    {
      method: 'POST',
      path: /^\/api\/groups\/g-eng\/users\/([^/]+)$/,
      reply: async (match) => {
        if (options.addReply) return options.addReply();
        members.add(match[1] ?? '');
        return jsonResponse({ message: 'User added to group successfully', group: ENGINEERING });
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/groups\/g-eng\/users\/([^/]+)$/,
      reply: (match) => {
        members.delete(match[1] ?? '');
        return new Response(null, { status: 204 });
      },
    },
    { method: 'POST', path: /^\/api\/groups$/, reply: (_m, _u, init) => jsonResponse({ ...ENGINEERING, id: 'g-new', ...bodyOf(init) }, 201) },
  ]);
}

resetBrowserStateAfterEachTest();

async function openMembers() {
  renderApp('/directory/groups');
  fireEvent.click(await rowAction('Engineering', 'Members'));
  const dialog = await screen.findByRole('dialog', { name: 'Members of Engineering' });
  await within(dialog).findByRole('button', { name: 'Add Bob Brown' });
  return dialog;
}

describe('Groups page', () => {
  it('lists groups and keeps the Administrators group fixed', async () => {
    stubApi('admin', backend());
    renderApp('/directory/groups');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Groups');
    await screen.findByText('Engineering');
    // Nothing selected: every action waits for a row.
    expect(actionButton('Edit').disabled).toBe(true);
    expect(actionButton('Members').disabled).toBe(true);
    await selectRow('Engineering');
    expect(actionButton('Edit').disabled).toBe(false);
    expect(actionButton('Delete').disabled).toBe(false);
    await selectRow('Administrators');
    expect(actionButton('Edit').disabled).toBe(true);
    expect(actionButton('Delete').disabled).toBe(true);
    expect(actionButton('Members').disabled).toBe(false);
    fireEvent.mouseOver(actionButton('Edit').parentElement as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe(ADMIN_GROUP_LOCKED);
  });

  it('searches with the debounced text and the page size of 10', async () => {
    const fetchMock = stubApi('admin', backend());
    renderApp('/directory/groups');
    await screen.findByText('Engineering');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search groups' }), { target: { value: 'eng' } });
    await waitFor(() => expect(screen.queryByText('Administrators')).toBeNull());
    const searched = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/groups?') && url.includes('search=eng'));
    expect(searched).toHaveLength(1);
    expect(new URL(searched[0] ?? '').searchParams.get('limit')).toBe('10');
    expect(new URL(searched[0] ?? '').searchParams.get('page')).toBe('1');
  });

  it('creates a group; the submit stays disabled while the name is empty', async () => {
    stubApi('admin', backend());
    renderApp('/directory/groups');
    fireEvent.click(await screen.findByRole('button', { name: 'New Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Group' });
    const submit = within(dialog).getByRole('button', { name: 'Create Group' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Sales' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(await screen.findByText('Group created successfully')).toBeTruthy();
  });

  it('asks before adding a member and does nothing when cancelled', async () => {
    const fetchMock = stubApi('admin', backend());
    const dialog = await openMembers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Bob Brown' }));
    const confirm = await screen.findByRole('dialog', { name: 'Add member' });
    expect(within(confirm).getByText('Add Bob Brown to Engineering?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add member' })).toBeNull());
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).includes('/api/groups/') && init?.method === 'POST')).toBe(false);
  });

  it('moves the user at once, then rolls back with the alert when the server refuses', async () => {
    const gate = deferred<Response>();
    stubApi('admin', backend({ addReply: () => gate.promise }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dialog = await openMembers();
    const members = within(dialog).getByTestId('group-members');
    const available = within(dialog).getByTestId('group-available');

    fireEvent.click(within(available).getByRole('button', { name: 'Add Bob Brown' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Add member' })).getByRole('button', { name: 'Confirm' }));

    // Optimistic: Bob is a member (marked as being processed) before the server has answered.
    await waitFor(() => expect(within(members).getByText('Bob Brown')).toBeTruthy());
    expect(within(available).queryByText('Bob Brown')).toBeNull();
    expect(within(members).getByLabelText('Updating Bob Brown')).toBeTruthy();

    gate.resolve(errorResponse(500, 'Internal server error', 'INTERNAL_ERROR'));
    expect((await within(dialog).findByTestId('membership-error')).textContent).toBe(MEMBERSHIP_ERROR);
    expect(MEMBERSHIP_ERROR).toBe('Failed to update group membership. Please try again.');
    await waitFor(() => expect(within(available).getByText('Bob Brown')).toBeTruthy());
    expect(within(members).queryByText('Bob Brown')).toBeNull();
    expect(console.error).toHaveBeenCalledWith('Failed to add user to group', expect.anything());
  });

  it('adds and removes members after confirmation', async () => {
    const fetchMock = stubApi('admin', backend());
    const dialog = await openMembers();
    const members = within(dialog).getByTestId('group-members');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Cara Diaz' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Add member' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User added to group successfully')).toBeTruthy();
    await waitFor(() => expect(within(members).getByText('Cara Diaz')).toBeTruthy());

    // The confirmation's exit transition keeps the modal below aria-hidden for a moment.
    fireEvent.click(await within(members).findByRole('button', { name: 'Remove Ada Lovelace' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(within(confirm).getByText('Remove Ada Lovelace from Engineering?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User removed from group successfully')).toBeTruthy();
    await waitFor(() => expect(within(members).queryByText('Ada Lovelace')).toBeNull());

    const writes = fetchMock.mock.calls.filter(([url, init]) => String(url).includes('/api/groups/') && (init?.method === 'POST' || init?.method === 'DELETE')).map(([url, init]) => `${init?.method} ${new URL(String(url)).pathname}`);
    expect(writes).toEqual(['POST /api/groups/g-eng/users/u-cara', 'DELETE /api/groups/g-eng/users/u-ada']);
  });

  it('shows the Administrators members read-only', async () => {
    stubApi('admin', backend());
    renderApp('/directory/groups');
    fireEvent.click(await rowAction('Administrators', 'Members'));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Administrators' });
    await within(dialog).findByText('Ada Lovelace');
    expect(within(dialog).queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(within(dialog).queryByTestId('group-available')).toBeNull();
  });

  it("shows 'Failed to fetch groups' when the list fails", async () => {
    stubApi('admin', () => errorResponse(500, 'Internal server error', 'INTERNAL_ERROR'));
    renderApp('/directory/groups');
    expect(await screen.findByText('Failed to fetch groups')).toBeTruthy();
  });
});
