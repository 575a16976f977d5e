// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, errorResponse, fakeRoutes, fakeUser, paged, type FakeRoute } from '../../__fixtures__/fake-api';
import { apiCalls, jsonResponse, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import { actionButton, rowAction } from '../../__fixtures__/list-page';
import { CONSUMER_CHECK_ERROR } from './UserFormDialog';

const GROUPS = [
  { id: 'g-admin', name: 'Administrators', description: '', member_count: 1, is_admin_group: true },
  { id: 'g-eng', name: 'Engineering', description: '', member_count: 0, is_admin_group: false },
];
const ADA = fakeUser('user-1', 'Ada Lovelace', { email: 'ada@example.com', role: 'admin' });
const BOB = fakeUser('u-bob', 'Bob Brown', { groups: [{ id: 'g-eng', name: 'Engineering', is_admin_group: false }] });
const PENDING = fakeUser('u-pat', 'Pat Pending', { invitation_pending: true });

function backend(options: { consumer?: boolean | 'fail'; extra?: FakeRoute[] } = {}) {
  return fakeRoutes([
    ...(options.extra ?? []),
    { method: 'GET', path: /^\/api\/users$/, reply: () => jsonResponse(paged([ADA, BOB, PENDING])) },
    { method: 'GET', path: /^\/api\/groups$/, reply: () => jsonResponse(paged(GROUPS)) },
    {
      method: 'GET',
      path: /^\/api\/organizations\/org-1\/is-consumer$/,
      reply: () => (options.consumer === 'fail' ? errorResponse(500, 'Internal server error', 'INTERNAL_ERROR') : jsonResponse({ isConsumer: options.consumer ?? false })),
    },
    { method: 'POST', path: /^\/api\/users\/invite$/, reply: (_m, _u, init) => jsonResponse(fakeUser('u-new', String(bodyOf(init).fullName), { invitation_pending: true }), 201) },
    { method: 'PUT', path: /^\/api\/users\/([^/]+)$/, reply: (_m, _u, init) => jsonResponse({ ...BOB, ...bodyOf(init) }) },
    { method: 'DELETE', path: /^\/api\/users\/([^/]+)$/, reply: () => new Response(null, { status: 204 }) },
    { method: 'POST', path: /^\/api\/auth\/reset-password\/admin$/, reply: () => jsonResponse({ temporaryPasswordSet: true, token: 'Tmp-9f8e7d6c5b4a', message: 'Password reset successfully' }) },
  ]);
}

resetBrowserStateAfterEachTest();


async function openInvite() {
  renderApp('/directory/users');
  fireEvent.click(await screen.findByRole('button', { name: 'New User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
  await within(dialog).findByLabelText('Engineering');
  return dialog;
}

function fillInvite(dialog: HTMLElement, email: string, fullName = 'Bea Newton') {
  fireEvent.change(within(dialog).getByTestId('user-email'), { target: { value: email } });
  fireEvent.change(within(dialog).getByTestId('user-full-name'), { target: { value: fullName } });
}

describe('Users page', () => {
  it('lists users with a badge for pending invitations', async () => {
    const fetchMock = stubApi('admin', backend());
    renderApp('/directory/users');
    const row = (await screen.findByText('Pat Pending')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Invitation pending')).toBeTruthy();
    expect(within((screen.getByText('Bob Brown').closest('tr') as HTMLElement)).queryByText('Invitation pending')).toBeNull();
    const list = new URL(String(apiCalls(fetchMock, 'GET', '/api/users')[0]?.[0]));
    expect(list.searchParams.get('limit')).toBe('10');
    // The signed-in admin's own row: Delete stays disabled when it is selected.
    expect((await rowAction('Ada Lovelace', 'Delete')).disabled).toBe(true);
    expect(actionButton('Edit').disabled).toBe(false);
  });

  it('refuses an email outside the organization domain in a non-consumer organization', async () => {
    const fetchMock = stubApi('admin', backend({ consumer: false }));
    const dialog = await openInvite();
    fillInvite(dialog, 'bea@elsewhere.org');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Email must be from the example.com domain')).toBeTruthy();
    expect(apiCalls(fetchMock, 'POST', '/api/users/invite')).toHaveLength(0);

    fillInvite(dialog, 'Bea@Example.com');
    fireEvent.click(within(dialog).getByLabelText('Engineering'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent successfully')).toBeTruthy();
    const [invite] = apiCalls(fetchMock, 'POST', '/api/users/invite');
    expect(bodyOf(invite?.[1])).toEqual({ email: 'bea@example.com', fullName: 'Bea Newton', role: 'user', status: 'active', groupIds: ['g-eng'] });
  });

  it('gives the admin the invitation link when no mail carried it, instead of saying it was sent', async () => {
    const link = 'https://app.example.com/accept-invitation?token=t0k3n&email=bea%40example.com';
    stubApi(
      'admin',
      backend({
        extra: [
          {
            method: 'POST',
            path: /^\/api\/users\/invite$/,
            reply: (_m, _u, init) => jsonResponse({ ...fakeUser('u-new', String(bodyOf(init).fullName), { invitation_pending: true }), invitation_link: link }, 201),
          },
        ],
      }),
    );
    const dialog = await openInvite();
    fillInvite(dialog, 'bea@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    const notice = await screen.findByRole('dialog', { name: 'Invitation created' });
    expect(within(notice).getByText(/No email was sent/).textContent).toContain('bea@example.com');
    expect((within(notice).getByTestId('invitation-link') as HTMLInputElement).value).toBe(link);
    expect(screen.queryByText('Invitation sent successfully')).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Invitation created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invitation created' })).toBeNull());
  });

  it('accepts any domain in a consumer organization', async () => {
    const fetchMock = stubApi('admin', backend({ consumer: true }));
    const dialog = await openInvite();
    fillInvite(dialog, 'bea@elsewhere.org');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent successfully')).toBeTruthy();
    expect(apiCalls(fetchMock, 'POST', '/api/users/invite')).toHaveLength(1);
  });

  it('says so when the organization type cannot be checked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = stubApi('admin', backend({ consumer: 'fail' }));
    const dialog = await openInvite();
    fillInvite(dialog, 'bea@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText(CONSUMER_CHECK_ERROR)).toBeTruthy();
    expect(CONSUMER_CHECK_ERROR).toBe('Error validating organization type. Please try again.');
    expect(apiCalls(fetchMock, 'POST', '/api/users/invite')).toHaveLength(0);
  });

  it("shows the server's message when the invitation fails", async () => {
    stubApi(
      'admin',
      backend({ extra: [{ method: 'POST', path: /^\/api\/users\/invite$/, reply: () => errorResponse(409, 'A user with this email already exists', 'CONFLICT') }] }),
    );
    const dialog = await openInvite();
    fillInvite(dialog, 'bob.brown@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('A user with this email already exists')).toBeTruthy();
  });

  it('requires email and full name', async () => {
    stubApi('admin', backend());
    const dialog = await openInvite();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Email is required')).toBeTruthy();
    expect(within(dialog).getByText('Full name is required')).toBeTruthy();
  });

  it('asks before closing with unsaved changes', async () => {
    stubApi('admin', backend());
    const dialog = await openInvite();
    fireEvent.change(within(dialog).getByTestId('user-full-name'), { target: { value: 'Half Typed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(within(confirm).getByText('You have unsaved changes. Are you sure you want to close without saving?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
    expect((within(dialog).getByTestId('user-full-name') as HTMLInputElement).value).toBe('Half Typed');

    fireEvent.keyDown(within(dialog).getByTestId('user-full-name'), { key: 'Escape' });
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite User' })).toBeNull());
  });

  it('closes an unchanged edit without asking, and saves a change', async () => {
    const fetchMock = stubApi('admin', backend());
    renderApp('/directory/users');
    fireEvent.click(await rowAction('Bob Brown', 'Edit'));
    let dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();

    // The row stays selected after the dialog closes (the page is hidden from queries until its exit ends).
    fireEvent.click(await waitFor(() => actionButton('Edit')));
    dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await within(dialog).findByLabelText('Engineering');
    expect((within(dialog).getByLabelText('Engineering') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Active' }));
    fireEvent.change(within(dialog).getByTestId('user-role'), { target: { value: 'rag_user' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    const [put] = apiCalls(fetchMock, 'PUT', '/api/users/u-bob');
    expect(bodyOf(put?.[1])).toEqual({ fullName: 'Bob Brown', groupIds: ['g-eng'], role: 'rag_user', status: 'inactive' });
  });

  it('deletes after confirmation', async () => {
    const fetchMock = stubApi('admin', backend());
    renderApp('/directory/users');
    fireEvent.click(await rowAction('Bob Brown', 'Delete'));
    const confirm = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(apiCalls(fetchMock, 'DELETE', '/api/users/u-bob')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeTruthy();
    expect(apiCalls(fetchMock, 'DELETE', '/api/users/u-bob')).toHaveLength(1);
  });

  it('resets a password and shows the generated temporary password once', async () => {
    const fetchMock = stubApi('admin', backend());
    renderApp('/directory/users');
    fireEvent.click(await rowAction('Bob Brown', 'Reset password'));
    let dialog = await screen.findByRole('dialog', { name: 'Reset password for Bob Brown' });
    fireEvent.change(within(dialog).getByLabelText('Temporary password (optional)'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByText('Temporary password must be at least 8 characters long')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Temporary password (optional)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(((await within(dialog).findByTestId('temporary-password')) as HTMLInputElement).value).toBe('Tmp-9f8e7d6c5b4a');
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/auth/reset-password/admin')[0]?.[1])).toEqual({ userId: 'u-bob' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset password for Bob Brown' })).toBeNull());
    fireEvent.click(await waitFor(() => actionButton('Reset password')));
    dialog = await screen.findByRole('dialog', { name: 'Reset password for Bob Brown' });
    expect(within(dialog).queryByTestId('temporary-password')).toBeNull();
    expect(screen.queryByDisplayValue('Tmp-9f8e7d6c5b4a')).toBeNull();
  });
});
