// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, fakeAuth, jsonResponse, locationNow, productUser, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../__fixtures__/test-auth';
import { actionForVerificationFailure } from './verification-failure';
import { ApiError } from '../api/client';

const VERIFY = '/api/auth/verify-token';

/** verify-token answers the given failures first, then the admin; everything else as stubApi does. */
function verifyAnswering(failures: Response[]) {
  return stubApi(undefined, (url) => {
    if (url.endsWith(VERIFY)) return failures.shift() ?? jsonResponse({ token: 'access-1', refreshToken: null, expiresIn: 3600, user: productUser('admin') });
    if (url.endsWith('/api/auth/password-status')) return jsonResponse({ force_password_change: false });
    return jsonResponse({ message: 'Route not found', status: 404, code: 'NOT_FOUND' }, 404);
  });
}

const busy = (status: number, retryAfter?: string) =>
  new Response(JSON.stringify({ message: 'Too many requests. Please try again later.', status, code: status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR' }), {
    status,
    headers: { 'Content-Type': 'application/json', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) },
  });

describe('the session across a busy verify-token (contract §4.5, §1.8)', () => {
  resetBrowserStateAfterEachTest();

  it('keeps the session on a 429 and verifies again after Retry-After', async () => {
    const fetchMock = verifyAnswering([busy(429, '1')]);
    const auth = fakeAuth();
    renderApp('/dashboard', auth);
    expect((await screen.findByTestId('page-title', {}, { timeout: 4_000 })).textContent).toBe('Dashboard');
    expect(auth.removeUser).not.toHaveBeenCalled();
    expect(locationNow()).toBe('/dashboard');
    expect(apiCalls(fetchMock, 'POST', VERIFY)).toHaveLength(2);
  });

  it('keeps the session on a 5xx as well', async () => {
    const fetchMock = verifyAnswering([busy(503, '1'), busy(500, '1')]);
    const auth = fakeAuth();
    renderApp('/dashboard', auth);
    expect((await screen.findByTestId('page-title', {}, { timeout: 6_000 })).textContent).toBe('Dashboard');
    expect(auth.removeUser).not.toHaveBeenCalled();
    expect(apiCalls(fetchMock, 'POST', VERIFY)).toHaveLength(3);
  });

  it('still signs out when the token itself is refused', async () => {
    verifyAnswering([jsonResponse({ message: 'Token verification failed', status: 401, code: 'UNAUTHORIZED' }, 401)]);
    const auth = fakeAuth();
    renderApp('/dashboard', auth);
    expect(await screen.findByText('Token verification failed', {}, { timeout: 4_000 })).toBeTruthy();
    expect(auth.removeUser).toHaveBeenCalled();
  });
});

describe('actionForVerificationFailure', () => {
  it('waits for Retry-After, else backs off up to a minute', () => {
    expect(actionForVerificationFailure(new ApiError('busy', 429, 'RATE_LIMITED', undefined, 30), 0)).toEqual({ kind: 'retry', afterMs: 30_000 });
    expect(actionForVerificationFailure(new ApiError('down', 502), 0)).toEqual({ kind: 'retry', afterMs: 2_000 });
    expect(actionForVerificationFailure(new ApiError('down', 0, 'NETWORK_ERROR'), 3)).toEqual({ kind: 'retry', afterMs: 16_000 });
    expect(actionForVerificationFailure(new ApiError('down', 500), 10)).toEqual({ kind: 'retry', afterMs: 60_000 });
    expect(actionForVerificationFailure(new ApiError('No account', 403), 0)).toEqual({ kind: 'signOut', reason: 'No account' });
  });
});
