// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { bodyOf, errorResponse, fakeRoutes } from '../../__fixtures__/fake-api';
import { fakeAuth, jsonResponse, locationNow, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import { signupFailureMessage } from './SignupPage';

const signedOut = () => fakeAuth({ isAuthenticated: false, user: null });
const POLICY = { minLength: 8, requireUppercase: false, requireLowercase: false, requireNumber: false, requireSymbol: false };

function backend(signup: () => Response = () => jsonResponse({ user: {}, message: 'Account created successfully!' }, 201)) {
  return fakeRoutes([
    { method: 'POST', path: /^\/api\/auth\/signup$/, reply: () => signup() },
    {
      method: 'POST',
      path: /^\/api\/auth\/check-org-settings$/,
      reply: (_m, _u, init) =>
        String(bodyOf(init).email).endsWith('@strict.example')
          ? jsonResponse({ organizationFound: true, organizationName: 'Strict Co', isConsumer: false, allowSelfSignup: true, loginMethods: { password: true, google: false }, passwordPolicy: { ...POLICY, minLength: 12, requireNumber: true } })
          : jsonResponse({ organizationFound: false, isConsumer: true, allowSelfSignup: true, loginMethods: { password: true, google: true }, passwordPolicy: POLICY }),
    },
  ]);
}

function fill(values: { name?: string; email?: string; password?: string; terms?: boolean }) {
  if (values.name !== undefined) fireEvent.change(screen.getByLabelText(/^Full Name/), { target: { value: values.name } });
  if (values.email !== undefined) fireEvent.change(screen.getByLabelText(/^Email address/), { target: { value: values.email } });
  if (values.password !== undefined) fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: values.password } });
  if (values.terms) fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }));
}

resetBrowserStateAfterEachTest();

describe('Create Account screen', () => {
  it('shows the spec fields, hint, button and Sign in link', async () => {
    stubApi(undefined, backend());
    renderApp('/signup', signedOut());
    expect((await screen.findByRole('heading', { name: 'Create Account' })).textContent).toBe('Create Account');
    expect(screen.getByLabelText(/^Full Name/)).toBeTruthy();
    expect(screen.getByLabelText(/^Email address/)).toBeTruthy();
    expect(screen.getByText('Must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('validates with the spec texts before calling the server', async () => {
    const fetchMock = stubApi(undefined, backend());
    renderApp('/signup', signedOut());
    fireEvent.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please accept the terms and conditions')).toBeTruthy();

    fill({ name: 'Grace Hopper', email: 'grace@navy.example', password: 'short' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Please accept the terms and conditions')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/auth/signup'))).toBe(false);
  });

  it("shows the organization's password policy once the email is complete", async () => {
    const fetchMock = stubApi(undefined, backend());
    renderApp('/signup', signedOut());
    await screen.findByRole('button', { name: 'Create Account' });
    fill({ email: 'grace@strict.example' });
    expect((await screen.findByTestId('password-policy')).textContent).toBe('Strict Co requires: at least 12 characters and a number.');
    expect(screen.getByText('Must be at least 12 characters long')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/check-org-settings'));
    expect(bodyOf(call?.[1])).toEqual({ email: 'grace@strict.example' });
    expect((call?.[1]?.headers as Record<string, string>).Authorization).toBeUndefined();

    fill({ name: 'Grace Hopper', password: 'longenoughpass', terms: true });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Password must contain a number')).toBeTruthy();
  });

  it("alerts 'Account created successfully!' and goes to /login", async () => {
    const fetchMock = stubApi(undefined, backend());
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderApp('/signup', signedOut());
    await screen.findByRole('button', { name: 'Create Account' });
    fill({ name: 'Grace Hopper', email: 'grace@navy.example', password: 'cobol-1959', terms: true });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Account created successfully!'));
    await waitFor(() => expect(locationNow()).toBe('/login'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/signup'));
    expect(bodyOf(call?.[1])).toEqual({ fullName: 'Grace Hopper', email: 'grace@navy.example', password: 'cobol-1959', termsAccepted: true });
  });

  it("shows the server's message on failure", async () => {
    stubApi(undefined, backend(() => errorResponse(409, 'An account with this email already exists', 'CONFLICT')));
    renderApp('/signup', signedOut());
    await screen.findByRole('button', { name: 'Create Account' });
    fill({ name: 'Grace Hopper', email: 'grace@navy.example', password: 'cobol-1959', terms: true });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByTestId('signup-error')).textContent).toBe('An account with this email already exists');
  });

  it("falls back to 'Signup failed', then 'An unexpected error occurred'", () => {
    expect(signupFailureMessage(new ApiError('Request failed', 500))).toBe('Signup failed');
    expect(signupFailureMessage(new ApiError('', 500))).toBe('Signup failed');
    expect(signupFailureMessage(new TypeError('boom'))).toBe('An unexpected error occurred');
  });

  it('is offered from the login error screen as Create an account', async () => {
    stubApi(undefined, (url) =>
      url.endsWith('/api/auth/verify-token')
        ? jsonResponse({ message: 'No account found for this email. Ask your administrator for an invitation.', status: 403, code: 'FORBIDDEN' }, 403)
        : jsonResponse({}, 404),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const auth = fakeAuth();
    const view = renderApp('/dashboard', auth);
    await waitFor(() => expect(auth.removeUser).toHaveBeenCalled());
    view.rerenderWith(fakeAuth({ isAuthenticated: false, user: null, signinRedirect: auth.signinRedirect }));
    fireEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeTruthy();
    expect(locationNow()).toBe('/signup');
  });
});
