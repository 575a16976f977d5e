import { lazy, type ComponentType } from 'react';

/**
 * Loaders of the real pages by route pattern, each taking the page's named export. A page's code (and the
 * libraries only it uses) downloads when its route is first shown, not with the application's entry.
 */
const PAGE_LOADERS: Record<string, () => Promise<ComponentType>> = {
  '/signup': () => import('../pages/signup/SignupPage').then((module) => module.SignupPage),
  '/accept-invitation': () => import('../pages/accept-invitation/AcceptInvitationPage').then((module) => module.AcceptInvitationPage),
  '/organizations': () => import('../pages/organizations/OrganizationsPage').then((module) => module.OrganizationsPage),
  '/organization/settings': () => import('../pages/organizations/OrganizationSettingsPage').then((module) => module.OrganizationSettingsPage),
  '/directory/users': () => import('../pages/users/UsersPage').then((module) => module.UsersPage),
  '/directory/groups': () => import('../pages/groups/GroupsPage').then((module) => module.GroupsPage),
  '/data-sources': () => import('../pages/files/FilesPage').then((module) => module.FilesPage),
  '/data-sources/uploaded': () => import('../pages/my-files/MyFilesPage').then((module) => module.MyFilesPage),
  '/data-sources/web': () => import('../pages/web-sources/WebSourcesPage').then((module) => module.WebSourcesPage),
  '/data-sources/web/create': () => import('../pages/web-sources/WebSourceFormPages').then((module) => module.CreateWebSourcePage),
  '/data-sources/web/:id/edit': () => import('../pages/web-sources/WebSourceFormPages').then((module) => module.EditWebSourcePage),
  '/data-sources/drive': () => import('../pages/drive/DrivePage').then((module) => module.DrivePage),
  '/data-sources/api': () => import('../pages/api-sources/ApiSourcesPage').then((module) => module.ApiSourcesPage),
  '/data-sources/api/create': () => import('../pages/api-sources/ApiSourceFormPages').then((module) => module.CreateApiSourcePage),
  '/data-sources/api/:id/edit': () => import('../pages/api-sources/ApiSourceFormPages').then((module) => module.EditApiSourcePage),
  '/rag-applications': () => import('../pages/rag-applications/RagApplicationsPage').then((module) => module.RagApplicationsPage),
  '/rag-applications/create': () => import('../pages/rag-applications/ApplicationFormPages').then((module) => module.CreateRagApplicationPage),
  '/rag-applications/:id/edit': () => import('../pages/rag-applications/ApplicationFormPages').then((module) => module.EditRagApplicationPage),
  '/knowledge-bases': () => import('../pages/knowledge-bases/KnowledgeBasesPage').then((module) => module.KnowledgeBasesPage),
  '/knowledge-bases/create': () => import('../pages/knowledge-bases/KnowledgeBaseFormPage').then((module) => module.KnowledgeBaseFormPage),
  '/knowledge-bases/:id/edit': () => import('../pages/knowledge-bases/KnowledgeBaseFormPage').then((module) => module.KnowledgeBaseFormPage),
  '/chat/:id': () => import('../pages/chat/ChatPage').then((module) => module.ChatPage),
  '/organization/settings/billing': () => import('../pages/billing/SubscriptionPage').then((module) => module.SubscriptionPage),
  '/organization/settings/billing/payment': () => import('../pages/billing/PaymentBillingPage').then((module) => module.PaymentBillingPage),
  '/analytics/usage': () => import('../pages/usage/UsagePage').then((module) => module.UsagePage),
  '/dashboard': () => import('../pages/dashboard/DashboardPage').then((module) => module.DashboardPage),
  '/resources': () => import('../pages/dashboard/DashboardPage').then((module) => module.ResourcesPage),
  '/support': () => import('../pages/support/SupportPage').then((module) => module.SupportPage),
  '/support/inbox': () => import('../pages/support/SupportInboxPage').then((module) => module.SupportInboxPage),
};

/**
 * A page that renders its module's component once loaded; until then React.lazy suspends (the router's
 * Suspense shows the loading screen). Once loaded, by a visit or by `preloadPages`, it renders at once:
 * React.lazy alone would suspend on its first render even then, and React holds a boundary's fallback
 * for up to 300 ms before revealing the content.
 */
function lazyPage(load: () => Promise<ComponentType>): { Page: ComponentType; preload: () => Promise<void> } {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then((component) => (loaded = component));
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, preload: async () => void (await preload()) };
}

const LAZY_PAGES = Object.entries(PAGE_LOADERS).map(([pattern, load]) => [pattern, lazyPage(load)] as const);

/**
 * Real pages by route pattern, each loaded on its first render. A route without an entry renders the
 * generic placeholder titled from the route table; each later feature registers its page here instead
 * of touching the router.
 */
export const PAGES: Partial<Record<string, ComponentType>> = Object.fromEntries(LAZY_PAGES.map(([pattern, page]) => [pattern, page.Page]));

/** Loads every page's code now: tests call it so that a first render does not wait on module loading. */
export async function preloadPages(): Promise<void> {
  await Promise.all(LAZY_PAGES.map(([, page]) => page.preload()));
}
