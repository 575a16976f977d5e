import { hasAdminShell, type Role } from '../auth/roles';

/**
 * The web client's route table (spec 01 §2.1, with page titles from specs 02 and 03) as data, and the
 * guard rules as one pure function. The router, the page shell and the browser tests all read this
 * module, so a route's roles are written down exactly once.
 */

/**
 * Who may open a route.
 * - `public`: signed-out pages; a signed-in user is sent to their landing page instead.
 * - `open`: shown to everyone, signed in or not (see the /unauthorized and /auth/callback notes).
 * - a role list: signed-in users with one of these roles.
 */
export type RouteAccess = 'public' | 'open' | readonly Role[];

export interface AppRoute {
  /** React Router syntax: `:name` matches one non-empty segment. */
  pattern: string;
  access: RouteAccess;
  /** The page's heading, as the specs name it. */
  title: string;
  /** Spec 01 §6: some routes also need a user of the system organization. */
  requiresSystemOrg?: boolean;
  /** Navigation-only paths (group headers, legacy aliases) that have no page of their own. */
  redirectTo?: string;
  /** Rendered without the page shell (spec 01 §2.7: the chat page is a full-height view in its own tab). */
  standalone?: boolean;
}

export const LOGIN_PATH = '/login';
export const SIGNUP_PATH = '/signup';
export const ACCEPT_INVITATION_PATH = '/accept-invitation';
export const UNAUTHORIZED_PATH = '/unauthorized';
export const AUTH_CALLBACK_PATH = '/auth/callback';
export const ROOT_PATH = '/';

const MEMBERS: readonly Role[] = ['admin', 'user'];
const EVERYONE_SIGNED_IN: readonly Role[] = ['admin', 'user', 'rag_user'];
const ADMIN: readonly Role[] = ['admin'];
const SYSTEM_ADMIN: readonly Role[] = ['system_admin'];

export const APP_ROUTES: readonly AppRoute[] = [
  { pattern: LOGIN_PATH, access: 'public', title: 'Sign In' },
  { pattern: SIGNUP_PATH, access: 'public', title: 'Create Account' },
  // The target of the invitation email (contract §7.7): signed out, like signup. A signed-in user who
  // opens someone's invitation link is sent home, as on every public route.
  { pattern: ACCEPT_INVITATION_PATH, access: 'public', title: 'Accept Invitation' },
  // Spec 01 lists /unauthorized as public, but the guard itself sends signed-in users there when their
  // role is not allowed. Bouncing signed-in users off it (the public-route rule) would make that
  // redirect invisible, so the page is open to everyone.
  { pattern: UNAUTHORIZED_PATH, access: 'open', title: 'Unauthorized Access' },
  // The OIDC redirect target: the provider library exchanges the code here and then navigates on, so
  // no guard may redirect away from it mid-exchange.
  { pattern: AUTH_CALLBACK_PATH, access: 'open', title: 'Signing in' },

  { pattern: '/support', access: EVERYONE_SIGNED_IN, title: 'Support' },
  // Contract §19.3–§19.5's ticket handling has no screen in the spec; the system admin's inbox is ours
  // (docs/contract-decisions.md). Like /organizations it needs the system organization.
  { pattern: '/support/inbox', access: SYSTEM_ADMIN, title: 'Support Inbox', requiresSystemOrg: true },
  { pattern: '/organizations', access: SYSTEM_ADMIN, title: 'Organizations', requiresSystemOrg: true },
  { pattern: '/dashboard', access: MEMBERS, title: 'Dashboard' },
  { pattern: '/resources', access: ADMIN, title: 'Resource Relationships' },

  { pattern: '/directory', access: ADMIN, title: 'Directory', redirectTo: '/directory/users' },
  { pattern: '/directory/users', access: ADMIN, title: 'Users' },
  { pattern: '/directory/groups', access: ADMIN, title: 'Groups' },

  { pattern: '/rag-applications', access: EVERYONE_SIGNED_IN, title: 'RAG Applications' },
  { pattern: '/rag-applications/create', access: MEMBERS, title: 'New RAG Application' },
  { pattern: '/rag-applications/:id/edit', access: MEMBERS, title: 'Edit RAG Application' },

  { pattern: '/knowledge-bases', access: MEMBERS, title: 'Knowledge Bases' },
  { pattern: '/knowledge-bases/create', access: MEMBERS, title: 'New Knowledge Base' },
  { pattern: '/knowledge-bases/:id/edit', access: MEMBERS, title: 'Edit Knowledge Base' },

  { pattern: '/sources', access: ADMIN, title: 'Data Sources', redirectTo: '/data-sources' },
  { pattern: '/files', access: MEMBERS, title: 'Files', redirectTo: '/data-sources' },
  { pattern: '/data-sources', access: MEMBERS, title: 'Files' },
  { pattern: '/data-sources/uploaded', access: MEMBERS, title: 'My Uploaded Files' },
  { pattern: '/data-sources/drive', access: ADMIN, title: 'Google Drive' },
  { pattern: '/data-sources/web', access: ADMIN, title: 'Websites' },
  { pattern: '/data-sources/web/create', access: ADMIN, title: 'New Web Source' },
  { pattern: '/data-sources/web/:id/edit', access: ADMIN, title: 'Edit Web Source' },
  { pattern: '/data-sources/api', access: ADMIN, title: 'APIs' },
  { pattern: '/data-sources/api/create', access: ADMIN, title: 'New API Source' },
  { pattern: '/data-sources/api/:id/edit', access: ADMIN, title: 'Edit API Source' },

  { pattern: '/chat/:id', access: EVERYONE_SIGNED_IN, title: 'Chat', standalone: true },

  // The sidebar's Settings entry is the only place a system_admin reaches organization settings (its
  // billing sub-items are admin only), so the group path is a page of its own, not a redirect.
  { pattern: '/organization/settings', access: ['system_admin', 'admin'], title: 'Settings' },
  { pattern: '/organization/settings/billing', access: ADMIN, title: 'Subscription Management' },
  { pattern: '/organization/settings/billing/payment', access: ADMIN, title: 'Payment & Billing' },
  { pattern: '/analytics', access: ADMIN, title: 'Analytics', redirectTo: '/analytics/usage' },
  { pattern: '/analytics/usage', access: ADMIN, title: 'Resource Usage' },
];

/**
 * Paths a role without the admin shell may stay on (spec 01 §2.1: "A user without the admin role who
 * opens any path other than /rag-applications is redirected ... to /rag-applications by the page
 * shell"). Read literally that would also take rag_user off /support and /chat/{id}, which the route
 * table grants it and which the applications list itself links to (the Chat button opens /chat/{id}
 * in a new tab). So the shell keeps the applications list, the chat page and support, and sends
 * every other page (e.g. a plain user's /dashboard or /knowledge-bases) back to /rag-applications.
 */
export const NON_ADMIN_SHELL_PATTERNS: readonly string[] = ['/rag-applications', '/chat/:id', '/support'];

/**
 * Where a signed-in role starts (spec 01 §2.1 "Opening /").
 * Read literally the rule sends rag_user to /dashboard, a route rag_user may not open, so every
 * sign-in would end on /unauthorized. rag_user only chats; its home is the applications list.
 */
export function landingPathFor(role: Role): string {
  switch (role) {
    case 'system_admin':
      return '/organizations';
    case 'user':
    case 'rag_user':
      return '/rag-applications';
    case 'admin':
      return '/dashboard';
  }
}

/** The pathname part of a path that may carry a query or a fragment, without a trailing slash. */
export function normalizePath(path: string): string {
  const end = path.search(/[?#]/);
  let pathname = end === -1 ? path : path.slice(0, end);
  if (!pathname.startsWith('/')) pathname = `/${pathname}`;
  if (pathname.length > 1) pathname = pathname.replace(/\/+$/, '');
  return pathname === '' ? '/' : pathname;
}

/** Whether a concrete pathname matches a pattern (`:name` = one non-empty segment). */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = normalizePath(path).split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) => {
    const actual = have[i] ?? '';
    if (segment.startsWith(':')) return actual !== '';
    return segment === actual;
  });
}

/** The route a path opens, or undefined for a path outside the table (and for `/`). */
export function findAppRoute(path: string): AppRoute | undefined {
  const pathname = normalizePath(path);
  // Literal segments beat parameters: `/rag-applications/create` must not read as an `:id`.
  const matches = APP_ROUTES.filter((route) => matchesPattern(route.pattern, pathname));
  return matches.sort((a, b) => paramCount(a.pattern) - paramCount(b.pattern))[0];
}

function paramCount(pattern: string): number {
  return pattern.split('/').filter((segment) => segment.startsWith(':')).length;
}

/** The page title for a path, for document.title and the placeholder pages. */
export function titleFor(path: string): string | undefined {
  return findAppRoute(path)?.title;
}

export function isRoleAllowed(route: AppRoute, role: Role): boolean {
  if (route.access === 'public' || route.access === 'open') return true;
  return route.access.includes(role);
}

/** The product user as far as the guard cares. */
export interface GuardUser {
  role: Role;
  isSystemOrg: boolean;
}

export interface GuardInput {
  /** The path being opened; a query or fragment is ignored for matching and kept when remembered. */
  path: string;
  /** The verified product user; undefined when signed out. */
  user: GuardUser | undefined;
  /** True while the sign-in state (provider session or product user) is still being resolved. */
  authLoading: boolean;
  /**
   * The path remembered when a signed-out user was sent to /login. Spec 01 §2.3: a signed-in user on
   * the login screen goes there rather than to the landing page.
   */
  rememberedPath?: string;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'loading' }
  | { kind: 'redirect'; to: string; replace: boolean; remember?: string };

/**
 * Every rule of spec 01 §2.1, in the order the product applies them: the route guard first (sign-in,
 * system organization, role), then the page shell's non-admin restriction for routes that passed it.
 * Redirects replace history so the back button does not bounce the user into the same redirect.
 */
export function guardDecision(input: GuardInput): GuardDecision {
  const { user, authLoading } = input;
  const pathname = normalizePath(input.path);
  const route = findAppRoute(pathname);

  if (route?.access === 'open') return { kind: 'allow' };
  // Until the role is known no rule can be decided; the page shows Loading... instead of flashing
  // the login screen or the wrong landing page.
  if (authLoading) return { kind: 'loading' };

  if (route?.access === 'public') {
    if (!user) return { kind: 'allow' };
    const remembered = safeRememberedPath(input.rememberedPath);
    return { kind: 'redirect', to: remembered ?? landingPathFor(user.role), replace: true };
  }

  if (!user) {
    // `/` is not worth remembering: after sign-in the app returns to `/` anyway (spec 01 §2.3).
    const remember = pathname === ROOT_PATH ? undefined : input.path;
    return { kind: 'redirect', to: LOGIN_PATH, replace: true, ...(remember ? { remember } : {}) };
  }

  // `/` and paths outside the table: send the user home rather than show an empty shell.
  if (!route) return { kind: 'redirect', to: landingPathFor(user.role), replace: true };

  if (route.requiresSystemOrg && !user.isSystemOrg) {
    return { kind: 'redirect', to: UNAUTHORIZED_PATH, replace: true };
  }

  if (!isRoleAllowed(route, user.role)) {
    const to = user.role === 'system_admin' ? '/organizations' : UNAUTHORIZED_PATH;
    return { kind: 'redirect', to, replace: true };
  }

  if (!hasAdminShell(user.role) && !NON_ADMIN_SHELL_PATTERNS.some((pattern) => matchesPattern(pattern, pathname))) {
    return { kind: 'redirect', to: '/rag-applications', replace: true };
  }

  if (route.redirectTo) return { kind: 'redirect', to: route.redirectTo, replace: true };

  return { kind: 'allow' };
}

/**
 * A remembered path is only followed when it is a same-origin path of a protected route; anything else
 * (an absolute URL, `//host`, the login page itself) could be used to bounce a user off-site or loop.
 */
export function safeRememberedPath(path: string | undefined | null): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return undefined;
  const route = findAppRoute(path);
  if (!route || route.access === 'public' || route.access === 'open') return undefined;
  return path;
}
