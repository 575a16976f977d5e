import { describe, expect, it } from 'vitest';
import { guardDecision } from './app-routes';
import { SIDEBAR_ENTRIES, isEntryActive, showsSidebar, sidebarFor, type SidebarEntry } from './sidebar';

const outline = (entries: SidebarEntry[]) =>
  entries.map((e) => (e.children ? { [e.label]: e.children.map((c) => c.label) } : e.label));

describe('sidebarFor', () => {
  it('gives admin everything except Organizations, in spec order', () => {
    expect(outline(sidebarFor('admin'))).toEqual([
      'Dashboard',
      { 'Data Sources': ['Files', 'Websites', 'APIs'] },
      'Knowledge Bases',
      'RAG Applications',
      { Directory: ['Users', 'Groups'] },
      { Analytics: ['Usage'] },
      { Settings: ['Organization', 'Subscription', 'Payment'] },
    ]);
  });

  it('gives system_admin only Organizations, the Support Inbox and Settings, Settings without admin-only sub-items', () => {
    const entries = sidebarFor('system_admin');
    expect(outline(entries)).toEqual(['Organizations', 'Support Inbox', 'Settings']);
    expect(entries[1]?.path).toBe('/support/inbox');
    expect(entries[2]?.path).toBe('/organization/settings');
    expect(entries[2]?.children).toBeUndefined();
  });

  it('gives user RAG Applications only, and rag_user nothing', () => {
    expect(outline(sidebarFor('user'))).toEqual(['RAG Applications']);
    expect(sidebarFor('rag_user')).toEqual([]);
  });

  it('draws a sidebar only for roles containing admin', () => {
    expect(showsSidebar('admin')).toBe(true);
    expect(showsSidebar('system_admin')).toBe(true);
    expect(showsSidebar('user')).toBe(false);
    expect(showsSidebar('rag_user')).toBe(false);
  });

  it('uses the paths of spec 01 §2.2', () => {
    const paths = Object.fromEntries(
      SIDEBAR_ENTRIES.flatMap((e) => [e, ...(e.children ?? [])]).map((e) => [e.label, e.path]),
    );
    expect(paths).toMatchObject({
      Organizations: '/organizations',
      'Support Inbox': '/support/inbox',
      Dashboard: '/dashboard',
      'Data Sources': '/sources',
      Files: '/data-sources',
      Websites: '/data-sources/web',
      APIs: '/data-sources/api',
      'Knowledge Bases': '/knowledge-bases',
      'RAG Applications': '/rag-applications',
      Directory: '/directory',
      Users: '/directory/users',
      Groups: '/directory/groups',
      Usage: '/analytics/usage',
      Settings: '/organization/settings',
      Organization: '/organization/settings',
      Subscription: '/organization/settings/billing',
      Payment: '/organization/settings/billing/payment',
    });
  });

  it('only links to pages the role may open', () => {
    for (const role of ['system_admin', 'admin'] as const) {
      const leaves = sidebarFor(role).flatMap((e) => (e.children ? e.children : [e]));
      for (const leaf of leaves) {
        expect(guardDecision({ path: leaf.path, user: { role, isSystemOrg: role === 'system_admin' }, authLoading: false }), `${role} ${leaf.path}`).toEqual({
          kind: 'allow',
        });
      }
    }
  });
});

describe('isEntryActive', () => {
  const find = (label: string) => SIDEBAR_ENTRIES.flatMap((e) => [e, ...(e.children ?? [])]).find((e) => e.label === label)!;

  it('highlights an entry on its page and its sub-pages, not on a sibling entry', () => {
    expect(isEntryActive(find('Files'), '/data-sources')).toBe(true);
    expect(isEntryActive(find('Files'), '/data-sources/uploaded')).toBe(true);
    expect(isEntryActive(find('Files'), '/data-sources/web')).toBe(false);
    expect(isEntryActive(find('Websites'), '/data-sources/web/w1/edit')).toBe(true);
    expect(isEntryActive(find('Subscription'), '/organization/settings/billing/payment')).toBe(false);
    expect(isEntryActive(find('Payment'), '/organization/settings/billing/payment')).toBe(true);
    expect(isEntryActive(find('Organization'), '/organization/settings')).toBe(true);
    expect(isEntryActive(find('Organization'), '/organization/settings/billing')).toBe(false);
    expect(isEntryActive(find('Data Sources'), '/data-sources/api/create')).toBe(true);
    expect(isEntryActive(find('Knowledge Bases'), '/knowledge-bases/create')).toBe(true);
  });
});
