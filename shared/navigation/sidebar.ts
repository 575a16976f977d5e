import { hasAdminShell, type Role } from '../auth/roles';

/**
 * The sidebar of spec 01 §2.2 as data. Icons are named rather than imported so this module stays free
 * of React and can be read by the browser tests; the frontend maps each name to one icon component.
 */
export type SidebarIconName =
  | 'organizations'
  | 'support'
  | 'dashboard'
  | 'dataSources'
  | 'files'
  | 'websites'
  | 'apis'
  | 'knowledgeBases'
  | 'ragApplications'
  | 'directory'
  | 'users'
  | 'groups'
  | 'analytics'
  | 'usage'
  | 'settings'
  | 'subscription'
  | 'payment';

export interface SidebarEntry {
  /** Stable key; group expansion is persisted under it. */
  id: string;
  label: string;
  path: string;
  icon: SidebarIconName;
  roles: readonly Role[];
  children?: readonly SidebarEntry[];
}

export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { id: 'organizations', label: 'Organizations', path: '/organizations', icon: 'organizations', roles: ['system_admin'] },
  { id: 'support-inbox', label: 'Support Inbox', path: '/support/inbox', icon: 'support', roles: ['system_admin'] },
  { id: 'dashboard', label: 'Dashboard', path: '/dashboard', icon: 'dashboard', roles: ['admin'] },
  {
    id: 'data-sources',
    label: 'Data Sources',
    path: '/sources',
    icon: 'dataSources',
    roles: ['admin'],
    children: [
      { id: 'data-sources.files', label: 'Files', path: '/data-sources', icon: 'files', roles: ['admin'] },
      { id: 'data-sources.web', label: 'Websites', path: '/data-sources/web', icon: 'websites', roles: ['admin'] },
      { id: 'data-sources.api', label: 'APIs', path: '/data-sources/api', icon: 'apis', roles: ['admin'] },
    ],
  },
  { id: 'knowledge-bases', label: 'Knowledge Bases', path: '/knowledge-bases', icon: 'knowledgeBases', roles: ['admin'] },
  { id: 'rag-applications', label: 'RAG Applications', path: '/rag-applications', icon: 'ragApplications', roles: ['user', 'admin'] },
  {
    id: 'directory',
    label: 'Directory',
    path: '/directory',
    icon: 'directory',
    roles: ['admin'],
    children: [
      { id: 'directory.users', label: 'Users', path: '/directory/users', icon: 'users', roles: ['admin'] },
      { id: 'directory.groups', label: 'Groups', path: '/directory/groups', icon: 'groups', roles: ['admin'] },
    ],
  },
  {
    id: 'analytics',
    label: 'Analytics',
    path: '/analytics',
    icon: 'analytics',
    roles: ['admin'],
    children: [{ id: 'analytics.usage', label: 'Usage', path: '/analytics/usage', icon: 'usage', roles: ['admin'] }],
  },
  {
    id: 'settings',
    label: 'Settings',
    path: '/organization/settings',
    icon: 'settings',
    roles: ['system_admin', 'admin'],
    // An admin's Settings is a group, and a group's own path is not a link: without this item the
    // organization's name, sign-in and security settings had no way in (issue 21). system_admin keeps
    // the plain Settings link, which already leads there.
    children: [
      { id: 'settings.organization', label: 'Organization', path: '/organization/settings', icon: 'organizations', roles: ['admin'] },
      { id: 'settings.subscription', label: 'Subscription', path: '/organization/settings/billing', icon: 'subscription', roles: ['admin'] },
      { id: 'settings.payment', label: 'Payment', path: '/organization/settings/billing/payment', icon: 'payment', roles: ['admin'] },
    ],
  },
];

/** Spec 01 §2.2: only roles containing "admin" get a sidebar; the others see the content area alone. */
export function showsSidebar(role: Role): boolean {
  return hasAdminShell(role);
}

/**
 * The entries a role sees, children filtered too. A group left without children becomes a plain link
 * to its own path: that is how a system_admin's Settings entry (whose billing sub-items are admin only)
 * still leads somewhere. A role without the admin shell still gets its entries here (a user's is
 * RAG Applications); whether to draw a sidebar at all is `showsSidebar`.
 */
export function sidebarFor(role: Role): SidebarEntry[] {
  const visible: SidebarEntry[] = [];
  for (const entry of SIDEBAR_ENTRIES) {
    if (!entry.roles.includes(role)) continue;
    const { children, ...rest } = entry;
    const kept = children?.filter((child) => child.roles.includes(role)) ?? [];
    visible.push(kept.length > 0 ? { ...rest, children: kept } : rest);
  }
  return visible;
}

const SIDEBAR_PATHS: readonly string[] = SIDEBAR_ENTRIES.flatMap((entry) => [entry.path, ...(entry.children ?? []).map((c) => c.path)]);

/** Whether a sidebar entry should be highlighted for the current path (its own page or a sub-page). */
export function isEntryActive(entry: SidebarEntry, pathname: string): boolean {
  if (entry.children && entry.children.length > 0) {
    return entry.children.some((child) => isEntryActive(child, pathname));
  }
  if (pathname === entry.path) return true;
  // Files (/data-sources) must not light up on /data-sources/web: a sub-page only counts when no
  // sibling entry claims a longer prefix, which the deeper sidebar entries do.
  return pathname.startsWith(`${entry.path}/`) && !SIDEBAR_PATHS.some((p) => p.length > entry.path.length && (pathname === p || pathname.startsWith(`${p}/`)));
}
