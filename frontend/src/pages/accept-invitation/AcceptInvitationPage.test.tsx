// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, errorResponse, fakeRoutes } from '../../__fixtures__/fake-api';
import { fakeAuth, jsonResponse, locationNow, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';

const signedOut = () => fakeAuth({ isAuthenticated: false, user: null });
const POLICY = { minLength: 10, requireUppercase: false, requireLowercase: false, requireNumber: false, requireSymbol: false };

function backend(accept: (init: RequestInit) => Response = () => jsonResponse({ message: 'Invitation accepted', user: {} })) {
  return fakeRoutes([
    { method: 'POST', path: /^\/api\/users\/accept-invitation$/, reply: (_m, _u, init) => accept(init) },
    {
      method: 'POST',
      path: /^\/api\/auth\/check-org-settings$/,
      reply: () => jsonResponse({ organizationFound: true, organizationName: 'Demo Company', isConsumer: false, allowSelfSignup: false, loginMethods: { password: true, google: true }, passwordPolicy: POLICY }),
    },
  ]);
}

resetBrowserStateAfterEachTest();

describe('Accept Invitation screen', () => {
  it('shows the invitation, checks the passwords and accepts; then offers sign-in', async () => {
    const fetchMock = stubApi(undefined, backend());
    renderApp('/accept-invitation?token=tok-123&email=bea%40demo.example.com&name=Bea%20Newton', signedOut());
    expect(await screen.findByRole('heading', { name: 'Accept Invitation' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('invitation-summary').textContent).toContain('Demo Company'));
    expect(screen.getByTestId('invitation-summary').textContent).toContain('bea@demo.example.com');
    expect((screen.getByLabelText(/^Full Name/) as HTMLInputElement).value).toBe('Bea Newton');

    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'abcdefgh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(screen.getByText('Password must be at least 10 characters long')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-long-password' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'another-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('heading', { name: 'Invitation accepted' })).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/users/accept-invitation'));
    expect(bodyOf(call?.[1])).toEqual({ token: 'tok-123', password: 'a-long-password', fullName: 'Bea Newton' });
    expect((call?.[1]?.headers as Record<string, string>).Authorization).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(locationNow()).toBe('/login'));
  });

  it('shows the contract error texts', async () => {
    stubApi(undefined, backend(() => errorResponse(400, 'Invitation is invalid or has expired')));
    renderApp('/accept-invitation?token=old', signedOut());
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'password-1' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect((await screen.findByTestId('accept-error')).textContent).toBe('Invitation is invalid or has expired');
  });

  it('needs a token', async () => {
    stubApi(undefined, backend());
    renderApp('/accept-invitation', signedOut());
    expect(await screen.findByText('Invitation token is required')).toBeTruthy();
  });
});
