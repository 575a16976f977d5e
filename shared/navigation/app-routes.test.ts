import { describe, expect, it } from 'vitest';
import type { Role } from '../auth/roles';
import {
  APP_ROUTES,
  findAppRoute,
  guardDecision,
  landingPathFor,
  matchesPattern,
  normalizePath,
  safeRememberedPath,
  titleFor,
  type GuardUser,
} from './app-routes';

const as = (role: Role, isSystemOrg = false): GuardUser => ({ role, isSystemOrg });
const decide = (path: string, user: GuardUser | undefined, extra: { authLoading?: boolean; rememberedPath?: string } = {}) =>
  guardDecision({ path, user, authLoading: extra.authLoading ?? false, rememberedPath: extra.rememberedPath });

describe('route table', () => {
  it('holds every route of spec 01 §2.1 with the roles it lists', () => {
    const expected: Record<string, readonly Role[] | 'public'> = {
      '/login': 'public',
      '/signup': 'public',
      '/accept-invitation': 'public',
      '/support': ['admin', 'user', 'rag_user'],
      '/organizations': ['system_admin'],
      '/dashboard': ['admin', 'user'],
      '/directory/groups': ['admin'],
      '/directory/users': ['admin'],
      '/resources': ['admin'],
      '/rag-applications': ['admin', 'user', 'rag_user'],
      '/rag-applications/create': ['admin', 'user'],
      '/rag-applications/:id/edit': ['admin', 'user'],
      '/knowledge-bases': ['admin', 'user'],
      '/knowledge-bases/create': ['admin', 'user'],
      '/knowledge-bases/:id/edit': ['admin', 'user'],
      '/data-sources/uploaded': ['admin', 'user'],
      '/data-sources': ['admin', 'user'],
      '/data-sources/drive': ['admin'],
      '/data-sources/web': ['admin'],
      '/data-sources/web/create': ['admin'],
      '/data-sources/web/:id/edit': ['admin'],
      '/data-sources/api': ['admin'],
      '/data-sources/api/create': ['admin'],
      '/data-sources/api/:id/edit': ['admin'],
      '/chat/:id': ['admin', 'user', 'rag_user'],
      '/organization/settings/billing': ['admin'],
      '/organization/settings/billing/payment': ['admin'],
      '/analytics/usage': ['admin'],
    };
    for (const [pattern, access] of Object.entries(expected)) {
      const route = APP_ROUTES.find((r) => r.pattern === pattern);
      expect(route, pattern).toBeDefined();
      if (access === 'public') expect(route?.access).toBe('public');
      else expect([...(route?.access as readonly Role[])].sort()).toEqual([...access].sort());
    }
  });

  it('has unique patterns and a title on every route', () => {
    const patterns = APP_ROUTES.map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const route of APP_ROUTES) expect(route.title.length).toBeGreaterThan(0);
  });

  it('uses the page titles of specs 02 and 03', () => {
    expect(titleFor('/rag-applications/create')).toBe('New RAG Application');
    expect(titleFor('/rag-applications/abc/edit')).toBe('Edit RAG Application');
    expect(titleFor('/knowledge-bases/create')).toBe('New Knowledge Base');
    expect(titleFor('/data-sources')).toBe('Files');
    expect(titleFor('/data-sources/uploaded')).toBe('My Uploaded Files');
    expect(titleFor('/data-sources/web')).toBe('Websites');
    expect(titleFor('/data-sources/api')).toBe('APIs');
    expect(titleFor('/organization/settings/billing')).toBe('Subscription Management');
    expect(titleFor('/organization/settings/billing/payment')).toBe('Payment & Billing');
    expect(titleFor('/analytics/usage')).toBe('Resource Usage');
    expect(titleFor('/unauthorized')).toBe('Unauthorized Access');
    expect(titleFor('/signup')).toBe('Create Account');
    expect(titleFor('/accept-invitation?token=abc')).toBe('Accept Invitation');
  });

  it('matches parameters against one segment and prefers literal segments', () => {
    expect(matchesPattern('/chat/:id', '/chat/app-1')).toBe(true);
    expect(matchesPattern('/chat/:id', '/chat/')).toBe(false);
    expect(matchesPattern('/chat/:id', '/chat/a/b')).toBe(false);
    expect(findAppRoute('/rag-applications/create')?.pattern).toBe('/rag-applications/create');
    expect(findAppRoute('/data-sources/web/x1/edit?tab=2')?.pattern).toBe('/data-sources/web/:id/edit');
    expect(findAppRoute('/dashboard/')?.pattern).toBe('/dashboard');
    expect(findAppRoute('/nowhere')).toBeUndefined();
    expect(findAppRoute('/')).toBeUndefined();
  });

  it('normalizes paths', () => {
    expect(normalizePath('/a/b/?x=1#h')).toBe('/a/b');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('a')).toBe('/a');
  });
});

describe('landingPathFor', () => {
  it('follows "Opening /" of spec 01 §2.1', () => {
    expect(landingPathFor('system_admin')).toBe('/organizations');
    expect(landingPathFor('user')).toBe('/rag-applications');
    expect(landingPathFor('admin')).toBe('/dashboard');
  });

  it('sends rag_user to the applications list, the only home it may open', () => {
    expect(landingPathFor('rag_user')).toBe('/rag-applications');
    expect(decide(landingPathFor('rag_user'), as('rag_user'))).toEqual({ kind: 'allow' });
  });

  it('lands every role on a page its guard allows', () => {
    for (const role of ['system_admin', 'admin', 'user', 'rag_user'] as const) {
      expect(decide(landingPathFor(role), as(role, role === 'system_admin'))).toEqual({ kind: 'allow' });
    }
  });
});

describe('guardDecision', () => {
  it('waits while the sign-in state is loading', () => {
    expect(decide('/', undefined, { authLoading: true })).toEqual({ kind: 'loading' });
    expect(decide('/dashboard', undefined, { authLoading: true })).toEqual({ kind: 'loading' });
    expect(decide('/login', undefined, { authLoading: true })).toEqual({ kind: 'loading' });
  });

  it('redirects / by role', () => {
    expect(decide('/', as('system_admin', true))).toEqual({ kind: 'redirect', to: '/organizations', replace: true });
    expect(decide('/', as('admin'))).toEqual({ kind: 'redirect', to: '/dashboard', replace: true });
    expect(decide('/', as('user'))).toEqual({ kind: 'redirect', to: '/rag-applications', replace: true });
    expect(decide('/', as('rag_user'))).toEqual({ kind: 'redirect', to: '/rag-applications', replace: true });
  });

  it('sends signed-out users to /login and remembers the path with its query', () => {
    expect(decide('/knowledge-bases/kb1/edit?x=1', undefined)).toEqual({
      kind: 'redirect',
      to: '/login',
      replace: true,
      remember: '/knowledge-bases/kb1/edit?x=1',
    });
    expect(decide('/', undefined)).toEqual({ kind: 'redirect', to: '/login', replace: true });
    expect(decide('/nowhere', undefined)).toMatchObject({ kind: 'redirect', to: '/login' });
  });

  it('lets signed-out users open public routes', () => {
    expect(decide('/login', undefined)).toEqual({ kind: 'allow' });
    expect(decide('/signup', undefined)).toEqual({ kind: 'allow' });
    expect(decide('/unauthorized', undefined)).toEqual({ kind: 'allow' });
    expect(decide('/accept-invitation?token=abc', undefined)).toEqual({ kind: 'allow' });
  });

  it('waits for the sign-in state before showing the invitation page', () => {
    expect(decide('/accept-invitation?token=abc', undefined, { authLoading: true })).toEqual({ kind: 'loading' });
  });

  it('redirects signed-in users off public routes by role', () => {
    expect(decide('/login', as('admin'))).toEqual({ kind: 'redirect', to: '/dashboard', replace: true });
    expect(decide('/signup', as('system_admin', true))).toEqual({ kind: 'redirect', to: '/organizations', replace: true });
    expect(decide('/login', as('user'))).toEqual({ kind: 'redirect', to: '/rag-applications', replace: true });
    expect(decide('/accept-invitation?token=abc', as('admin'))).toEqual({ kind: 'redirect', to: '/dashboard', replace: true });
  });

  it('sends a signed-in user on /login to the remembered path when it is a safe protected path', () => {
    expect(decide('/login', as('admin'), { rememberedPath: '/knowledge-bases?page=2' })).toEqual({
      kind: 'redirect',
      to: '/knowledge-bases?page=2',
      replace: true,
    });
    expect(decide('/login', as('admin'), { rememberedPath: '//evil.example' })).toMatchObject({ to: '/dashboard' });
    expect(decide('/login', as('admin'), { rememberedPath: 'https://evil.example/' })).toMatchObject({ to: '/dashboard' });
    expect(decide('/login', as('admin'), { rememberedPath: '/login' })).toMatchObject({ to: '/dashboard' });
  });

  it('keeps /unauthorized and the OIDC callback open to signed-in users', () => {
    expect(decide('/unauthorized', as('user'))).toEqual({ kind: 'allow' });
    expect(decide('/auth/callback?code=1&state=2', undefined, { authLoading: true })).toEqual({ kind: 'allow' });
  });

  it('sends a role that is not allowed to /unauthorized', () => {
    expect(decide('/directory/users', as('user'))).toEqual({ kind: 'redirect', to: '/unauthorized', replace: true });
    expect(decide('/dashboard', as('rag_user'))).toEqual({ kind: 'redirect', to: '/unauthorized', replace: true });
    expect(decide('/data-sources/web', as('user'))).toEqual({ kind: 'redirect', to: '/unauthorized', replace: true });
    expect(decide('/organizations', as('admin'))).toEqual({ kind: 'redirect', to: '/unauthorized', replace: true });
  });

  it('sends a system_admin whose role is not allowed to /organizations', () => {
    expect(decide('/dashboard', as('system_admin', true))).toEqual({ kind: 'redirect', to: '/organizations', replace: true });
    expect(decide('/directory/users', as('system_admin', true))).toEqual({ kind: 'redirect', to: '/organizations', replace: true });
  });

  it('sends a user outside the system organization off system-organization routes', () => {
    expect(decide('/organizations', as('system_admin', true))).toEqual({ kind: 'allow' });
    expect(decide('/organizations', as('system_admin', false))).toEqual({ kind: 'redirect', to: '/unauthorized', replace: true });
  });

  it("opens the Support Inbox, our addition for §19.3–§19.5, to the system organization's system_admin only", () => {
    expect(titleFor('/support/inbox')).toBe('Support Inbox');
    expect(decide('/support/inbox', as('system_admin', true))).toEqual({ kind: 'allow' });
    expect(decide('/support/inbox', as('system_admin', false))).toEqual({ kind: 'redirect', to: '/unauthorized', replace: true });
    expect(decide('/support/inbox', as('admin'))).toEqual({ kind: 'redirect', to: '/unauthorized', replace: true });
    expect(decide('/support/inbox', as('rag_user'))).toEqual({ kind: 'redirect', to: '/unauthorized', replace: true });
  });

  it('restricts roles without the admin shell to the applications list, chat and support', () => {
    expect(decide('/rag-applications', as('user'))).toEqual({ kind: 'allow' });
    expect(decide('/chat/app-1', as('user'))).toEqual({ kind: 'allow' });
    expect(decide('/support', as('user'))).toEqual({ kind: 'allow' });
    expect(decide('/rag-applications', as('rag_user'))).toEqual({ kind: 'allow' });
    expect(decide('/chat/app-1', as('rag_user'))).toEqual({ kind: 'allow' });
    expect(decide('/support', as('rag_user'))).toEqual({ kind: 'allow' });
    // Allowed by the route table, taken away by the shell.
    for (const path of ['/dashboard', '/knowledge-bases', '/data-sources', '/data-sources/uploaded', '/rag-applications/create']) {
      expect(decide(path, as('user')), path).toEqual({ kind: 'redirect', to: '/rag-applications', replace: true });
    }
  });

  it('lets admins open every admin route', () => {
    for (const route of APP_ROUTES) {
      if (route.access === 'public' || route.access === 'open' || route.redirectTo) continue;
      if (!route.access.includes('admin')) continue;
      const path = route.pattern.replace(/:[^/]+/g, 'x1');
      expect(decide(path, as('admin')), path).toEqual({ kind: 'allow' });
    }
  });

  it('lets a system_admin open organization settings, the target of its Settings entry', () => {
    expect(decide('/organization/settings', as('system_admin', true))).toEqual({ kind: 'allow' });
    expect(decide('/organization/settings/billing', as('system_admin', true))).toMatchObject({ to: '/organizations' });
  });

  it('follows navigation-only paths to their page', () => {
    expect(decide('/sources', as('admin'))).toEqual({ kind: 'redirect', to: '/data-sources', replace: true });
    expect(decide('/directory', as('admin'))).toEqual({ kind: 'redirect', to: '/directory/users', replace: true });
    expect(decide('/files', as('admin'))).toEqual({ kind: 'redirect', to: '/data-sources', replace: true });
    expect(decide('/analytics', as('admin'))).toEqual({ kind: 'redirect', to: '/analytics/usage', replace: true });
  });

  it('sends a signed-in user on an unknown path home', () => {
    expect(decide('/no/such/page', as('admin'))).toEqual({ kind: 'redirect', to: '/dashboard', replace: true });
  });
});

describe('safeRememberedPath', () => {
  it('accepts only same-origin protected paths', () => {
    expect(safeRememberedPath('/chat/abc')).toBe('/chat/abc');
    expect(safeRememberedPath(undefined)).toBeUndefined();
    expect(safeRememberedPath('/\\evil.example')).toBeUndefined();
    expect(safeRememberedPath('/signup')).toBeUndefined();
    expect(safeRememberedPath('/accept-invitation?token=abc')).toBeUndefined();
    expect(safeRememberedPath('/auth/callback')).toBeUndefined();
    expect(safeRememberedPath('/unknown')).toBeUndefined();
  });
});
