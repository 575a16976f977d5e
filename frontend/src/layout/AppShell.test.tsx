// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIDEBAR_COLLAPSED_KEY, SIDEBAR_GROUPS_KEY } from './sidebar-state';
import { fakeAuth, jsonResponse, locationNow, oidcUser, productUser, renderApp, stubApi } from '../__fixtures__/test-auth';

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

const ADMIN_SIDEBAR = [
  'Dashboard',
  'Data Sources',
  'Files',
  'Websites',
  'APIs',
  'Knowledge Bases',
  'RAG Applications',
  'Directory',
  'Users',
  'Groups',
  'Analytics',
  'Usage',
  'Settings',
  'Organization',
  'Subscription',
  'Payment',
];

describe('signed-in landing and sidebar', () => {
  it('lands an admin on /dashboard with the admin sidebar', async () => {
    stubApi('admin', (url) =>
      url.endsWith('/api/dashboard/resources') ? jsonResponse({ dataSources: [], knowledgeBases: [], applications: [], truncated: false }) : jsonResponse({ message: 'Route not found', status: 404, code: 'NOT_FOUND' }, 404),
    );
    renderApp('/');
    const title = await screen.findByTestId('page-title', {}, { timeout: 10_000 });
    expect(title.textContent).toBe('Dashboard');
    expect(locationNow()).toBe('/dashboard');
    const sidebar = screen.getByTestId('app-sidebar');
    const labels = within(sidebar)
      .getAllByRole('link')
      .concat(within(sidebar).getAllByRole('button').filter((b) => b.getAttribute('aria-controls')))
      .map((el) => el.textContent);
    for (const label of ADMIN_SIDEBAR) expect(labels, label).toContain(label);
    expect(within(sidebar).queryByText('Organizations')).toBeNull();
    expect(await screen.findByText('No resources found. Please add some data sources, knowledge bases, or RAG applications.')).toBeTruthy();
  });

  it('lands a user on /rag-applications with no sidebar', async () => {
    stubApi('user');
    renderApp('/');
    expect((await screen.findByTestId('page-title')).textContent).toBe('RAG Applications');
    expect(locationNow()).toBe('/rag-applications');
    expect(screen.queryByTestId('app-sidebar')).toBeNull();
  });

  it('lands a rag_user on /rag-applications with no sidebar', async () => {
    stubApi('rag_user');
    renderApp('/');
    expect((await screen.findByTestId('page-title')).textContent).toBe('RAG Applications');
    expect(locationNow()).toBe('/rag-applications');
    expect(screen.queryByTestId('app-sidebar')).toBeNull();
  });

  it('lands a system_admin on /organizations with Organizations, the Support Inbox and Settings only', async () => {
    stubApi('system_admin');
    renderApp('/');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Organizations');
    const links = within(screen.getByTestId('app-sidebar'))
      .getAllByRole('link')
      .map((el) => el.textContent);
    expect(links).toEqual(['Organizations', 'Support Inbox', 'Settings']);
  });

  it('sends a user back to /rag-applications from a page the non-admin shell does not offer', async () => {
    stubApi('user');
    renderApp('/knowledge-bases');
    expect((await screen.findByTestId('page-title')).textContent).toBe('RAG Applications');
    expect(locationNow()).toBe('/rag-applications');
  });

  it('shows /unauthorized to a user opening an admin page', async () => {
    stubApi('user');
    renderApp('/directory/users');
    expect(await screen.findByText('Unauthorized Access')).toBeTruthy();
    expect(locationNow()).toBe('/unauthorized');
  });

  it('verifies the provider token with a bearer header and the profile email', async () => {
    const fetchMock = stubApi('admin');
    renderApp('/dashboard');
    await screen.findByTestId('page-title');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/verify-token'));
    expect(call).toBeDefined();
    const init = call?.[1] as RequestInit;
    expect(String(call?.[0])).toBe('http://api.test/api/auth/verify-token');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer access-1');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.com' });
    expect(localStorage.getItem('userId')).toBe('user-1');
  });

  it('clears the sign-in and returns to /login when verification fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(undefined, (url) =>
      url.endsWith('/api/auth/verify-token')
        ? jsonResponse({ message: 'No account found for this email. Ask your administrator for an invitation.', status: 403, code: 'FORBIDDEN' }, 403)
        : jsonResponse({}, 404),
    );
    const auth = fakeAuth();
    const view = renderApp('/dashboard', auth);
    await waitFor(() => expect(auth.removeUser).toHaveBeenCalled());
    view.rerenderWith(fakeAuth({ isAuthenticated: false, user: null, signinRedirect: auth.signinRedirect }));
    expect(await screen.findByTestId('login-error')).toBeTruthy();
    expect(screen.getByText('No account found for this email. Ask your administrator for an invitation.')).toBeTruthy();
    expect(locationNow()).toBe('/login');
    // The reason stays on screen instead of an immediate new redirect.
    expect(auth.signinRedirect).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith('Token verification failed', expect.any(Error));
  });

  it('shows the footer with the current year', async () => {
    stubApi('admin');
    renderApp('/dashboard');
    await screen.findByTestId('page-title');
    expect(screen.getByTestId('app-footer').textContent).toBe(`© ${new Date().getFullYear()} Groundwork`);
  });
});

describe('signed-out visitors', () => {
  it('starts the hosted login with a forced prompt and remembers the requested path', async () => {
    stubApi(undefined);
    const auth = fakeAuth({ isAuthenticated: false, user: null });
    renderApp('/knowledge-bases?page=2', auth);
    await waitFor(() => expect(auth.signinRedirect).toHaveBeenCalledTimes(1));
    expect(auth.signinRedirect).toHaveBeenCalledWith({ prompt: 'login', state: { returnTo: '/knowledge-bases?page=2' } });
    expect(locationNow()).toBe('/login');
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('resumes a stored sign-in whose access token expired, without the login screen', async () => {
    stubApi('admin');
    const expired = oidcUser('access-old', 'ada@example.com', -60);
    const signinSilent = vi.fn(() => new Promise<never>(() => undefined));
    const auth = fakeAuth({ isAuthenticated: false, user: expired, signinSilent });
    const view = renderApp('/knowledge-bases', auth);
    await waitFor(() => expect(signinSilent).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(auth.signinRedirect).not.toHaveBeenCalled();
    expect(locationNow()).toBe('/knowledge-bases');

    view.rerenderWith(fakeAuth({ signinSilent }));
    expect((await screen.findByTestId('page-title')).textContent).toBe('Knowledge Bases');
  });

  it('shows Loading... while the provider is still loading', () => {
    stubApi(undefined);
    renderApp('/', fakeAuth({ isLoading: true, isAuthenticated: false, user: null }));
    expect(screen.getByText('Loading...')).toBeTruthy();
  });
});

describe('sidebar persistence', () => {
  it('starts expanded and persists the collapsed flag in localStorage', async () => {
    stubApi('admin');
    const first = renderApp('/dashboard');
    await screen.findByTestId('page-title');
    expect(screen.getByTestId('app-sidebar').getAttribute('data-collapsed')).toBe('false');

    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    expect(screen.getByTestId('app-sidebar').getAttribute('data-collapsed')).toBe('true');
    first.unmount();

    renderApp('/dashboard');
    await screen.findByTestId('page-title');
    expect(screen.getByTestId('app-sidebar').getAttribute('data-collapsed')).toBe('true');
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
  });

  it('persists group expansion', async () => {
    stubApi('admin');
    const first = renderApp('/dashboard');
    await screen.findByTestId('page-title');
    expect(screen.getByText('Users')).toBeTruthy();

    fireEvent.click(screen.getByTestId('nav-directory'));
    expect(JSON.parse(localStorage.getItem(SIDEBAR_GROUPS_KEY) ?? '{}')).toEqual({ directory: false });
    await waitFor(() => expect(screen.queryByText('Users')).toBeNull());
    first.unmount();

    renderApp('/dashboard');
    await screen.findByTestId('page-title');
    expect(screen.queryByText('Users')).toBeNull();
    expect(screen.getByText('Websites')).toBeTruthy();
  });
});

describe('user menu', () => {
  it('shows the User Settings header and its items, Change Password included', async () => {
    stubApi('admin');
    renderApp('/dashboard');
    await screen.findByTestId('page-title', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('user-menu-button'));
    const menu = await screen.findByRole('menu');
    expect(within(document.body).getByText('User Settings')).toBeTruthy();
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Edit Profile', 'Change Password', 'Reset Password', 'Support', 'Logout']);
    fireEvent.click(within(menu).getByText('Support'));
    await waitFor(() => expect(locationNow()).toBe('/support'));
  });

  it('edits the profile and shows the server message when the update fails', async () => {
    const fetchMock = stubApi('admin', (url, init) =>
      url.endsWith('/api/profile') && init.method === 'PUT'
        ? jsonResponse({ message: 'Profile updates are not available yet', status: 501, code: 'NOT_IMPLEMENTED' }, 501)
        : jsonResponse({}, 404),
    );
    renderApp('/dashboard');
    await screen.findByTestId('page-title');
    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(await screen.findByText('Edit Profile'));

    const name = (await screen.findByTestId('edit-profile-full-name')) as HTMLInputElement;
    const email = screen.getByTestId('edit-profile-email') as HTMLInputElement;
    expect(name.value).toBe('Ada Lovelace');
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);

    fireEvent.change(name, { target: { value: 'Ada King' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updates are not available yet')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/api/profile') && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ fullName: 'Ada King' });
  });

  it("updates the profile: 'Profile updated successfully', the stored user renamed, closed after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi('admin', (url, init) =>
      url.endsWith('/api/profile') && init.method === 'PUT'
        ? jsonResponse({ user: { ...productUser('admin', 'Ada King') }, message: 'Profile updated successfully' })
        : jsonResponse({}, 404),
    );
    renderApp('/dashboard');
    await screen.findByTestId('page-title');
    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(await screen.findByText('Edit Profile'));
    fireEvent.change(await screen.findByTestId('edit-profile-full-name'), { target: { value: 'Ada King' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ fullName: 'Ada King', full_name: 'Ada King' });
    act(() => vi.advanceTimersByTime(1800));
    expect(screen.getByText('Profile updated successfully')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Profile' })).toBeNull());
    vi.useRealTimers();
  });

  it('requires a full name before calling the server', async () => {
    const fetchMock = stubApi('admin');
    renderApp('/dashboard');
    await screen.findByTestId('page-title');
    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(await screen.findByText('Edit Profile'));
    fireEvent.change(await screen.findByTestId('edit-profile-full-name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/profile'))).toBe(false);
  });

  it('alerts when the password reset link cannot be had', async () => {
    stubApi('admin', (url) =>
      url.endsWith('/api/auth/reset-password')
        ? jsonResponse({ message: 'Failed to get password reset URL', status: 502, code: 'UPSTREAM_ERROR' }, 502)
        : jsonResponse({}, 404),
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/dashboard');
    await screen.findByTestId('page-title');
    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(await screen.findByText('Reset Password'));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('There was an error initiating the password reset. Please try again.'));
  });

  it('logs out: clears storage and signs out at the provider, returning to /login', async () => {
    stubApi('admin');
    const auth = fakeAuth({ signoutRedirect: vi.fn(() => new Promise<void>(() => undefined)) });
    renderApp('/dashboard', auth);
    await screen.findByTestId('page-title');
    localStorage.setItem('something', 'x');
    sessionStorage.setItem('something', 'y');
    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(await screen.findByText('Logout'));
    await waitFor(() => expect(auth.signoutRedirect).toHaveBeenCalledTimes(1));
    expect(auth.signoutRedirect).toHaveBeenCalledWith(
      expect.objectContaining({ post_logout_redirect_uri: `${window.location.origin}/login`, id_token_hint: 'id-token-1' }),
    );
    expect(localStorage.getItem('something')).toBeNull();
    expect(sessionStorage.getItem('something')).toBeNull();
  });
});
