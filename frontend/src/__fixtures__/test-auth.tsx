import { cleanup, render } from '@testing-library/react';
import { User, type UserManagerEvents, type UserManagerSettings } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { AuthContext, type AuthContextProps } from 'react-oidc-context';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Role } from '../../../shared/auth/roles';
import type { RuntimeConfig } from '../../../shared/config/runtime-config';
import { AppCore, AppFrame } from '../App';
import { RuntimeConfigProvider } from '../config/RuntimeConfigContext';
import { preloadPages } from '../routing/pages';

/**
 * Test doubles for the one thing the frontend tests replace: the OIDC provider context (and the network
 * behind `fetch`). Everything else renders for real.
 */

// Pages load lazily (routing/pages.tsx). Loading all of them once here, as the eager router did, keeps a
// test's first render from waiting on module loading longer than a `findBy` waits.
await preloadPages();

export const testConfig: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  environment: 'local',
  oidc: {
    authority: 'http://idp.test/oidc',
    clientId: 'groundwork-web',
    scope: 'openid profile email',
    resetPasswordUrl: 'http://idp.test/oidc/reset',
  },
  modes: { models: 'offline', payments: 'self_hosted' },
};

export function oidcUser(accessToken = 'access-1', email = 'ada@example.com', expiresIn = 3600): User {
  const now = Math.floor(Date.now() / 1000);
  return new User({
    access_token: accessToken,
    id_token: 'id-token-1',
    refresh_token: 'refresh-1',
    token_type: 'Bearer',
    scope: 'openid profile email',
    profile: { sub: 'sub-1', iss: testConfig.oidc.authority, aud: 'groundwork-web', exp: now + expiresIn, iat: now, email },
    expires_at: now + expiresIn,
  });
}

export function fakeAuth(overrides: Partial<AuthContextProps> = {}): AuthContextProps {
  const signedIn = overrides.isAuthenticated ?? true;
  return {
    isLoading: false,
    isAuthenticated: signedIn,
    user: signedIn ? oidcUser() : null,
    settings: { authority: testConfig.oidc.authority, client_id: testConfig.oidc.clientId, redirect_uri: 'http://localhost/auth/callback' } as UserManagerSettings,
    events: {} as UserManagerEvents,
    clearStaleState: vi.fn(async () => undefined),
    removeUser: vi.fn(async () => undefined),
    signinPopup: vi.fn(),
    signinSilent: vi.fn(async () => null),
    signinRedirect: vi.fn(async () => undefined),
    signinResourceOwnerCredentials: vi.fn(),
    signoutRedirect: vi.fn(async () => undefined),
    signoutPopup: vi.fn(async () => undefined),
    signoutSilent: vi.fn(async () => undefined),
    querySessionStatus: vi.fn(async () => null),
    revokeTokens: vi.fn(async () => undefined),
    startSilentRenew: vi.fn(),
    stopSilentRenew: vi.fn(),
    ...overrides,
  };
}

export function productUser(role: Role, fullName = 'Ada Lovelace') {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    full_name: fullName,
    fullName,
    role,
    status: 'active',
    organization_id: 'org-1',
    organizationId: 'org-1',
    is_system_org: role === 'system_admin',
    isSystemOrg: role === 'system_admin',
    groups: [],
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

export interface StubOptions {
  /** What `GET /api/auth/password-status` answers for the signed-in user (contract §4.10); default false. */
  forcePasswordChange?: boolean;
}

/**
 * Replaces the network: answers verify-token with the given role and password-status with the option's
 * flag, everything else through `handler`.
 */
export function stubApi(role: Role | undefined, handler?: FetchHandler, options: StubOptions = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.endsWith('/api/auth/verify-token') && role) {
      return jsonResponse({ token: 'access-1', refreshToken: null, expiresIn: 3600, user: productUser(role) });
    }
    if (url.endsWith('/api/auth/password-status') && role) {
      return jsonResponse({ force_password_change: options.forcePasswordChange ?? false });
    }
    if (handler) return handler(url, init);
    return jsonResponse({ message: 'Route not found', status: 404, code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let currentLocation = '';
function LocationProbe() {
  const location = useLocation();
  currentLocation = `${location.pathname}${location.search}`;
  return null;
}
/** The memory router's current address. */
export const locationNow = () => currentLocation;

export function renderApp(path: string, auth: AuthContextProps = fakeAuth()) {
  const ui = (value: AuthContextProps): ReactNode => (
    <RuntimeConfigProvider config={testConfig}>
      <AppFrame>
        <MemoryRouter initialEntries={[path]}>
          <AuthContext.Provider value={value}>
            <LocationProbe />
            <AppCore />
          </AuthContext.Provider>
        </MemoryRouter>
      </AppFrame>
    </RuntimeConfigProvider>
  );
  const result = render(ui(auth));
  return { ...result, rerenderWith: (value: AuthContextProps) => result.rerender(ui(value)) };
}

/** The requests a stubbed fetch received for one method and path, in order. */
export function apiCalls(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url)).pathname === path);
}

/**
 * What every page test resets between tests: both browser stores (the session and chat keep state
 * there), the rendered tree, and stubbed globals and spies.
 */
export function resetBrowserStateAfterEachTest(): void {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
