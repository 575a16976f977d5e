import type { ComponentType } from 'react';
import { AcceptInvitationPage } from '../pages/accept-invitation/AcceptInvitationPage';
import { PaymentBillingPage } from '../pages/billing/PaymentBillingPage';
import { SubscriptionPage } from '../pages/billing/SubscriptionPage';
import { ChatPage } from '../pages/chat/ChatPage';
import { DashboardPage, ResourcesPage } from '../pages/dashboard/DashboardPage';
import { FilesPage } from '../pages/files/FilesPage';
import { GroupsPage } from '../pages/groups/GroupsPage';
import { KnowledgeBaseFormPage } from '../pages/knowledge-bases/KnowledgeBaseFormPage';
import { KnowledgeBasesPage } from '../pages/knowledge-bases/KnowledgeBasesPage';
import { MyFilesPage } from '../pages/my-files/MyFilesPage';
import { OrganizationSettingsPage } from '../pages/organizations/OrganizationSettingsPage';
import { OrganizationsPage } from '../pages/organizations/OrganizationsPage';
import { CreateRagApplicationPage, EditRagApplicationPage } from '../pages/rag-applications/ApplicationFormPages';
import { RagApplicationsPage } from '../pages/rag-applications/RagApplicationsPage';
import { SignupPage } from '../pages/signup/SignupPage';
import { SupportInboxPage } from '../pages/support/SupportInboxPage';
import { SupportPage } from '../pages/support/SupportPage';
import { UsagePage } from '../pages/usage/UsagePage';
import { UsersPage } from '../pages/users/UsersPage';

/**
 * Real pages by route pattern. A route without an entry renders the generic placeholder titled from the
 * route table; each later feature registers its page here instead of touching the router.
 */
export const PAGES: Partial<Record<string, ComponentType>> = {
  '/signup': SignupPage,
  '/accept-invitation': AcceptInvitationPage,
  '/organizations': OrganizationsPage,
  '/organization/settings': OrganizationSettingsPage,
  '/directory/users': UsersPage,
  '/directory/groups': GroupsPage,
  '/data-sources': FilesPage,
  '/data-sources/uploaded': MyFilesPage,
  '/rag-applications': RagApplicationsPage,
  '/rag-applications/create': CreateRagApplicationPage,
  '/rag-applications/:id/edit': EditRagApplicationPage,
  '/knowledge-bases': KnowledgeBasesPage,
  '/knowledge-bases/create': KnowledgeBaseFormPage,
  '/knowledge-bases/:id/edit': KnowledgeBaseFormPage,
  '/chat/:id': ChatPage,
  '/organization/settings/billing': SubscriptionPage,
  '/organization/settings/billing/payment': PaymentBillingPage,
  '/analytics/usage': UsagePage,
  '/dashboard': DashboardPage,
  '/resources': ResourcesPage,
  '/support': SupportPage,
  '/support/inbox': SupportInboxPage,
};
