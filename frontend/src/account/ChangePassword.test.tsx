// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, deferred, errorResponse, fakeRoutes } from '../__fixtures__/fake-api';
import { fakeAuth, jsonResponse, renderApp, stubApi } from '../__fixtures__/test-auth';

const changed = () => jsonResponse({ message: 'Password changed successfully' });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openFromMenu() {
  renderApp('/dashboard');
  await screen.findByTestId('page-title');
  fireEvent.click(screen.getByTestId('user-menu-button'));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Change Password' }));
  return screen.findByRole('dialog', { name: 'Change Password' });
}

function fill(dialog: HTMLElement, current: string, next: string, confirm: string) {
  fireEvent.change(within(dialog).getByLabelText(/^Current/), { target: { value: current } });
  fireEvent.change(within(dialog).getByLabelText(/^New password/), { target: { value: next } });
  fireEvent.change(within(dialog).getByLabelText(/^Confirm new password/), { target: { value: confirm } });
}

describe('Change Password (user menu)', () => {
  it('checks the passwords with the spec texts before calling the server', async () => {
    const fetchMock = stubApi('admin', fakeRoutes([{ method: 'POST', path: /^\/api\/auth\/change-password$/, reply: changed }]));
    const dialog = await openFromMenu();
    fill(dialog, 'old-password', 'new-password-1', 'new-password-2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(within(dialog).getByTestId('change-password-error').textContent).toBe("New passwords don't match");
    fill(dialog, 'old-password', 'short', 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(within(dialog).getByTestId('change-password-error').textContent).toBe('New password must be at least 8 characters long');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/auth/change-password'))).toBe(false);
  });

  it("shows the server's message, e.g. a wrong current password", async () => {
    stubApi('admin', fakeRoutes([{ method: 'POST', path: /^\/api\/auth\/change-password$/, reply: () => errorResponse(400, 'Current password is incorrect') }]));
    const dialog = await openFromMenu();
    fill(dialog, 'wrong-password', 'new-password-1', 'new-password-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect((await within(dialog).findByTestId('change-password-error')).textContent).toBe('Current password is incorrect');
  });

  it("says 'Password changed successfully' and closes the modal after 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi('admin', fakeRoutes([{ method: 'POST', path: /^\/api\/auth\/change-password$/, reply: changed }]));
    const dialog = await openFromMenu();
    fill(dialog, 'old-password', 'new-password-1', 'new-password-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await within(dialog).findByText('Password changed successfully')).toBeTruthy();
    expect(bodyOf(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/change-password'))?.[1])).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });

    act(() => vi.advanceTimersByTime(1800));
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).toBeNull());
  });

  it('leaves for /login on a 403', async () => {
    stubApi('admin', fakeRoutes([{ method: 'POST', path: /^\/api\/auth\/change-password$/, reply: () => errorResponse(403, 'Your account is inactive', 'FORBIDDEN') }]));
    const dialog = await openFromMenu();
    fill(dialog, 'old-password', 'new-password-1', 'new-password-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).toBeNull());
    expect(screen.queryByText('Your account is inactive')).toBeNull();
  });
});

describe('forced password change after an admin reset', () => {
  it('blocks the app with a form that cannot be dismissed, then lets the user in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gate = deferred<Response>();
    const fetchMock = stubApi('admin', fakeRoutes([{ method: 'POST', path: /^\/api\/auth\/change-password$/, reply: () => gate.promise }]), { forcePasswordChange: true });
    renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Change Your Password' });
    expect(screen.getByTestId('forced-password-change')).toBeTruthy();
    // Nothing of the app behind it: no page, no navigation, no way to cancel.
    expect(screen.queryByTestId('page-title')).toBeNull();
    expect(screen.queryByTestId('app-sidebar')).toBeNull();
    expect(screen.queryByTestId('user-menu-button')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Change Your Password' })).toBeTruthy();

    fill(dialog, 'Tmp-9f8e7d6c5b4a', 'my-own-password', 'my-own-password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    gate.resolve(changed());
    expect(await within(dialog).findByText('Password changed successfully')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2100));
    expect((await screen.findByTestId('page-title')).textContent).toBe('Dashboard');
    const apiPaths = fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname);
    expect(apiPaths.slice(0, 3)).toEqual(['/api/auth/verify-token', '/api/auth/password-status', '/api/auth/change-password']);
  });

  it('offers sign-out instead', async () => {
    stubApi('admin', undefined, { forcePasswordChange: true });
    const auth = fakeAuth({ signoutRedirect: vi.fn(() => new Promise<void>(() => undefined)) });
    renderApp('/dashboard', auth);
    const dialog = await screen.findByRole('dialog', { name: 'Change Your Password' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(auth.signoutRedirect).toHaveBeenCalledTimes(1));
  });

  it('shows the app at once when no change is needed', async () => {
    stubApi('admin');
    renderApp('/dashboard');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Dashboard');
    expect(screen.queryByRole('dialog', { name: 'Change Your Password' })).toBeNull();
  });
});
