import type { RoleWord } from '../auth/roles';

/**
 * The one route table of the HTTP API (contract §1.1, §24.1). The CDK stack registers these routes on
 * API Gateway and the local server dispatches with them, so the two cannot drift. Every route belongs
 * to exactly one family, and each family is one Lambda function.
 */
export const FAMILIES = [
  'meta',
  'auth',
  'profile',
  'organizations',
  'users',
  'groups',
  'data-sources',
  'folders',
  'storage-credentials',
  'drive',
  'web-sources',
  'api-sources',
  'knowledge-bases',
  'rag',
  'chat',
  'integrations',
  'support',
  'billing',
  'usage',
  'dashboard',
] as const;
export type Family = (typeof FAMILIES)[number];

/** Path prefixes each family serves (contract §1.1); the local server and CORS preflight use them. */
export const FAMILY_PREFIXES: Record<Family, readonly string[]> = {
  meta: ['/api/health', '/api/openapi.json'],
  auth: ['/api/auth'],
  profile: ['/api/profile'],
  organizations: ['/api/organizations'],
  users: ['/api/users'],
  groups: ['/api/groups'],
  'data-sources': ['/api/data-sources', '/api/files'],
  folders: ['/api/folders'],
  'storage-credentials': ['/api/storage-credentials'],
  drive: ['/api/drive'],
  'web-sources': ['/api/web-sources'],
  'api-sources': ['/api/api-sources'],
  'knowledge-bases': ['/api/knowledge-bases'],
  rag: ['/api/rag'],
  chat: ['/api/chat'],
  integrations: ['/api/integrations'],
  support: ['/api/support'],
  billing: ['/api/billing'],
  usage: ['/api/usage'],
  dashboard: ['/api/dashboard'],
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a route authenticates (contract §1.2). `bearer-or-api-key` is the five routes of §17.5;
 * `provider-token` is §4.5, public at the gateway but verifying the provider token itself.
 */
export type AuthKind = 'public' | 'bearer' | 'bearer-or-api-key' | 'provider-token' | 'stripe-signed' | 'slack-signed';

export interface RouteDefinition {
  /** Stable id, `family.action`; handlers are registered under it. */
  id: string;
  method: HttpMethod;
  /** API Gateway path syntax: `{name}` parameters. */
  path: string;
  family: Family;
  auth: AuthKind;
  /** Role words of the route's "Roles" line; empty for routes that are not bearer-authenticated. */
  roles: readonly RoleWord[];
  /** Contract section, for the OpenAPI document and for readers. */
  section: string;
  summary: string;
}

type RouteInput = [id: string, method: HttpMethod, path: string, auth: AuthKind, roles: readonly RoleWord[], section: string, summary: string];

const ANY: readonly RoleWord[] = ['any'];
const MEMBER: readonly RoleWord[] = ['member'];
const ADMIN: readonly RoleWord[] = ['admin'];
const SYSTEM_ADMIN: readonly RoleWord[] = ['system_admin'];
const ADMIN_OR_SYSTEM: readonly RoleWord[] = ['admin', 'system_admin'];
const NONE: readonly RoleWord[] = [];

function family(name: Family, routes: RouteInput[]): RouteDefinition[] {
  return routes.map(([id, method, path, auth, roles, section, summary]) => ({
    id: `${name}.${id}`,
    method,
    path,
    family: name,
    auth,
    roles,
    section,
    summary,
  }));
}

export const ROUTES: readonly RouteDefinition[] = [
  ...family('meta', [
    ['health', 'GET', '/api/health', 'public', NONE, '3.1', 'Health of every port'],
    ['openapi', 'GET', '/api/openapi.json', 'public', NONE, '3.2', 'OpenAPI document of this contract'],
  ]),
  ...family('auth', [
    ['login', 'POST', '/api/auth/login', 'public', NONE, '4.1', 'Password sign-in'],
    ['signup', 'POST', '/api/auth/signup', 'public', NONE, '4.2', 'Self sign-up'],
    ['checkLoginOptions', 'POST', '/api/auth/check-login-options', 'public', NONE, '4.3', 'Login options for an email'],
    ['checkOrgSettings', 'POST', '/api/auth/check-org-settings', 'public', NONE, '4.4', 'Public organization settings'],
    ['verifyToken', 'POST', '/api/auth/verify-token', 'provider-token', NONE, '4.5', 'Verify a provider token (header)'],
    ['verifyAuth0Token', 'POST', '/api/auth/verify-auth0-token', 'provider-token', NONE, '4.5', 'Alias of verify-token'],
    ['oidcVerify', 'POST', '/api/auth/oidc/verify', 'public', NONE, '4.6', 'Verify a provider token (body)'],
    ['auth0Verify', 'POST', '/api/auth/auth0/verify', 'public', NONE, '4.6', 'Alias of oidc/verify'],
    ['refreshToken', 'POST', '/api/auth/refresh-token', 'public', NONE, '4.7', 'Refresh grant'],
    ['logout', 'POST', '/api/auth/logout', 'bearer', ANY, '4.8', 'Sign out'],
    ['validateSession', 'GET', '/api/auth/validate-session', 'bearer', ANY, '4.9', 'Validate the session'],
    ['passwordStatus', 'GET', '/api/auth/password-status', 'bearer', ANY, '4.10', 'Forced password change flag'],
    ['changePassword', 'POST', '/api/auth/change-password', 'bearer', ANY, '4.11', 'In-app password change'],
    ['resetPassword', 'POST', '/api/auth/reset-password', 'bearer', ANY, '4.12', 'Hosted reset link'],
    ['resetPasswordAdmin', 'POST', '/api/auth/reset-password/admin', 'bearer', ADMIN_OR_SYSTEM, '4.13', 'Admin sets a temporary password'],
  ]),
  ...family('profile', [
    ['get', 'GET', '/api/profile', 'bearer', ANY, '5.1', 'Own profile'],
    ['update', 'PUT', '/api/profile', 'bearer', ANY, '5.2', 'Update own profile'],
    ['delete', 'DELETE', '/api/profile', 'bearer', ANY, '5.3', 'Delete own account'],
  ]),
  ...family('organizations', [
    ['list', 'GET', '/api/organizations', 'bearer', SYSTEM_ADMIN, '6.1', 'All organizations'],
    ['create', 'POST', '/api/organizations', 'bearer', SYSTEM_ADMIN, '6.2', 'Create an organization'],
    ['get', 'GET', '/api/organizations/{id}', 'bearer', ANY, '6.3', 'Organization details'],
    ['update', 'PUT', '/api/organizations/{id}', 'bearer', ADMIN_OR_SYSTEM, '6.4', 'Update an organization'],
    ['users', 'GET', '/api/organizations/{id}/users', 'bearer', ADMIN_OR_SYSTEM, '6.5', 'Users of an organization'],
    ['admins', 'GET', '/api/organizations/{id}/admins', 'bearer', ADMIN_OR_SYSTEM, '6.6', 'Admins of an organization'],
    ['systemInviteUser', 'POST', '/api/organizations/{id}/system-invite-user', 'bearer', ADMIN_OR_SYSTEM, '6.7', 'Invite a user into an organization'],
    ['cloudResources', 'GET', '/api/organizations/{id}/cloud-resources', 'bearer', ADMIN_OR_SYSTEM, '6.8', 'Cloud resources'],
    ['provisionCloudResources', 'POST', '/api/organizations/{id}/cloud-resources', 'bearer', SYSTEM_ADMIN, '6.9', '(Re)provision cloud resources'],
    ['cloudResourcesQuota', 'GET', '/api/organizations/{id}/cloud-resources/quota', 'bearer', ADMIN_OR_SYSTEM, '6.10', 'Quota'],
    ['cloudResourcesStatus', 'GET', '/api/organizations/{id}/cloud-resources/status', 'bearer', ADMIN_OR_SYSTEM, '6.11', 'Resource status'],
    ['getAuthSettings', 'GET', '/api/organizations/{id}/auth-settings', 'bearer', ADMIN_OR_SYSTEM, '6.12', 'Auth settings'],
    ['putAuthSettings', 'PUT', '/api/organizations/{id}/auth-settings', 'bearer', ADMIN_OR_SYSTEM, '6.13', 'Update auth settings'],
    ['getSecuritySettings', 'GET', '/api/organizations/{id}/security-settings', 'bearer', ADMIN_OR_SYSTEM, '6.14', 'Security settings'],
    ['putSecuritySettings', 'PUT', '/api/organizations/{id}/security-settings', 'bearer', ADMIN_OR_SYSTEM, '6.15', 'Update security settings'],
    ['validateSecuritySettings', 'POST', '/api/organizations/{id}/security-settings/validate', 'bearer', ADMIN_OR_SYSTEM, '6.16', 'Validate security settings'],
    ['securitySettingsDefaults', 'GET', '/api/organizations/{id}/security-settings/defaults', 'bearer', ADMIN_OR_SYSTEM, '6.17', 'Security defaults'],
    ['isConsumer', 'GET', '/api/organizations/{id}/is-consumer', 'bearer', ANY, '6.18', 'Whether the organization is consumer'],
  ]),
  ...family('users', [
    ['list', 'GET', '/api/users', 'bearer', ADMIN, '7.1', 'Users of the organization'],
    ['get', 'GET', '/api/users/{id}', 'bearer', ANY, '7.2', 'One user (admin, or self)'],
    ['role', 'GET', '/api/users/{id}/role', 'bearer', ANY, '7.3', 'Role of a user (admin, or self)'],
    ['invite', 'POST', '/api/users/invite', 'bearer', ADMIN, '7.4', 'Invite a user'],
    ['update', 'PUT', '/api/users/{id}', 'bearer', ADMIN, '7.5', 'Update a user'],
    ['delete', 'DELETE', '/api/users/{id}', 'bearer', ADMIN, '7.6', 'Delete a user'],
    ['acceptInvitation', 'POST', '/api/users/accept-invitation', 'public', NONE, '7.7', 'Accept an invitation'],
  ]),
  ...family('groups', [
    ['list', 'GET', '/api/groups', 'bearer', ADMIN, '8.1', 'Groups'],
    ['create', 'POST', '/api/groups', 'bearer', ADMIN, '8.2', 'Create a group'],
    ['get', 'GET', '/api/groups/{id}', 'bearer', ADMIN, '8.3', 'One group'],
    ['update', 'PUT', '/api/groups/{id}', 'bearer', ADMIN, '8.4', 'Update a group'],
    ['delete', 'DELETE', '/api/groups/{id}', 'bearer', ADMIN, '8.5', 'Delete a group'],
    ['members', 'GET', '/api/groups/{id}/users', 'bearer', ADMIN, '8.6', 'Members of a group'],
    ['addMember', 'POST', '/api/groups/{id}/users/{userId}', 'bearer', ADMIN, '8.7', 'Add a member'],
    ['removeMember', 'DELETE', '/api/groups/{id}/users/{userId}', 'bearer', ADMIN, '8.8', 'Remove a member'],
  ]),
  ...family('data-sources', [
    ['list', 'GET', '/api/data-sources', 'bearer', MEMBER, '9.1', 'File manager list'],
    ['get', 'GET', '/api/data-sources/{id}', 'bearer', MEMBER, '9.2', 'File details'],
    ['rename', 'PATCH', '/api/data-sources/{id}', 'bearer', MEMBER, '9.3', 'Rename a file (admin or owner)'],
    ['delete', 'DELETE', '/api/data-sources/{id}', 'bearer', MEMBER, '9.4', 'Delete a file (admin or owner)'],
    ['uploadUrl', 'POST', '/api/data-sources/upload-url', 'bearer', MEMBER, '9.5', 'Presigned upload URL'],
    ['uploadComplete', 'POST', '/api/data-sources/upload-complete', 'bearer', MEMBER, '9.6', 'Complete an upload'],
    ['move', 'POST', '/api/data-sources/move', 'bearer', MEMBER, '9.7', 'Move a file (admin or owner)'],
    ['download', 'GET', '/api/files/download/{id}', 'bearer', MEMBER, '9.8', 'Download a file (admin or owner)'],
  ]),
  ...family('folders', [
    ['list', 'GET', '/api/folders', 'bearer', MEMBER, '10.1', 'One level of folders'],
    ['hierarchy', 'GET', '/api/folders/hierarchy', 'bearer', MEMBER, '10.2', 'Whole folder tree'],
    ['get', 'GET', '/api/folders/{id}', 'bearer', MEMBER, '10.3', 'One folder'],
    ['create', 'POST', '/api/folders', 'bearer', MEMBER, '10.4', 'Create a folder'],
    ['rename', 'PATCH', '/api/folders/{id}', 'bearer', MEMBER, '10.5', 'Rename a folder (admin or owner)'],
    ['delete', 'DELETE', '/api/folders/{id}', 'bearer', MEMBER, '10.6', 'Delete a folder (admin or owner)'],
    ['move', 'POST', '/api/folders/move', 'bearer', MEMBER, '10.7', 'Move a folder (admin or owner)'],
  ]),
  ...family('storage-credentials', [
    ['get', 'GET', '/api/storage-credentials/{userId}', 'bearer', MEMBER, '11.1', 'Storage credentials of a user'],
    ['put', 'PUT', '/api/storage-credentials/{userId}', 'bearer', MEMBER, '11.2', 'Save storage credentials'],
    ['test', 'POST', '/api/storage-credentials/test', 'bearer', MEMBER, '11.3', 'Test storage credentials'],
  ]),
  ...family('drive', [
    ['files', 'GET', '/api/drive/files', 'bearer', ADMIN, '12.1', 'Google Drive files'],
    ['sync', 'POST', '/api/drive/sync', 'bearer', ADMIN, '12.2', 'Import Drive files'],
  ]),
  ...family('web-sources', [
    ['list', 'GET', '/api/web-sources', 'bearer', ADMIN, '13.1', 'Web sources'],
    ['get', 'GET', '/api/web-sources/{id}', 'bearer', ADMIN, '13.2', 'One web source'],
    ['usage', 'GET', '/api/web-sources/{id}/usage', 'bearer', ADMIN, '13.3', 'Knowledge bases using a web source'],
    ['create', 'POST', '/api/web-sources', 'bearer', ADMIN, '13.4', 'Create a web source'],
    ['update', 'PUT', '/api/web-sources/{id}', 'bearer', ADMIN, '13.5', 'Update a web source'],
    ['delete', 'DELETE', '/api/web-sources/{id}', 'bearer', ADMIN, '13.6', 'Delete a web source'],
    ['sync', 'POST', '/api/web-sources/{id}/sync', 'bearer', ADMIN, '13.7', 'Crawl now'],
  ]),
  ...family('api-sources', [
    ['list', 'GET', '/api/api-sources', 'bearer', ADMIN, '14.1', 'API sources'],
    ['get', 'GET', '/api/api-sources/{id}', 'bearer', ADMIN, '14.2', 'One API source'],
    ['usage', 'GET', '/api/api-sources/{id}/usage', 'bearer', ADMIN, '14.3', 'Knowledge bases using an API source'],
    ['create', 'POST', '/api/api-sources', 'bearer', ADMIN, '14.4', 'Create an API source'],
    ['update', 'PUT', '/api/api-sources/{id}', 'bearer', ADMIN, '14.5', 'Update an API source'],
    ['delete', 'DELETE', '/api/api-sources/{id}', 'bearer', ADMIN, '14.6', 'Delete an API source'],
    ['test', 'POST', '/api/api-sources/{id}/test', 'bearer', ADMIN, '14.7', 'Test an API source'],
  ]),
  ...family('knowledge-bases', [
    ['list', 'GET', '/api/knowledge-bases', 'bearer', MEMBER, '15.1', 'Knowledge bases'],
    ['get', 'GET', '/api/knowledge-bases/{id}', 'bearer', MEMBER, '15.2', 'One knowledge base'],
    ['usage', 'GET', '/api/knowledge-bases/{id}/usage', 'bearer', MEMBER, '15.3', 'Applications using a knowledge base'],
    ['create', 'POST', '/api/knowledge-bases', 'bearer', ADMIN, '15.4', 'Create a knowledge base'],
    ['update', 'PUT', '/api/knowledge-bases/{id}', 'bearer', ADMIN, '15.5', 'Update a knowledge base'],
    ['delete', 'DELETE', '/api/knowledge-bases/{id}', 'bearer', ADMIN, '15.6', 'Delete a knowledge base'],
    ['deploy', 'POST', '/api/knowledge-bases/{id}/deploy', 'bearer', ADMIN, '15.7', 'Index a knowledge base'],
    ['getGroups', 'GET', '/api/knowledge-bases/{id}/groups', 'bearer', ADMIN, '15.8', 'Groups of a knowledge base'],
    ['putGroups', 'PUT', '/api/knowledge-bases/{id}/groups', 'bearer', ADMIN, '15.9', 'Set the groups of a knowledge base'],
  ]),
  ...family('rag', [
    ['list', 'GET', '/api/rag', 'bearer', ANY, '16.1', 'Applications'],
    ['get', 'GET', '/api/rag/{appId}', 'bearer-or-api-key', ANY, '16.2', 'One application'],
    ['accessCheck', 'GET', '/api/rag/{appId}/access-check', 'bearer', ANY, '16.3', 'Chat access check'],
    ['create', 'POST', '/api/rag', 'bearer', ADMIN, '16.4', 'Create an application'],
    ['update', 'PUT', '/api/rag/{appId}', 'bearer', ADMIN, '16.5', 'Update an application'],
    ['delete', 'DELETE', '/api/rag/{appId}', 'bearer', ADMIN, '16.6', 'Delete an application'],
    ['setEnabled', 'PATCH', '/api/rag/{appId}/enabled', 'bearer', ADMIN, '16.7', 'Enable or disable'],
    ['getGroups', 'GET', '/api/rag/{appId}/groups', 'bearer', ADMIN, '16.8', 'Groups of an application'],
    ['putGroups', 'PUT', '/api/rag/{appId}/groups', 'bearer', ADMIN, '16.9', 'Set the groups of an application'],
    ['notify', 'POST', '/api/rag/integrations/{appId}/notify', 'bearer', ANY, '16.10', 'Forward a reply to messaging integrations'],
  ]),
  ...family('chat', [
    ['listSessions', 'GET', '/api/chat/sessions/{appId}', 'bearer-or-api-key', ANY, '17.1', 'Chat sessions'],
    ['createSession', 'POST', '/api/chat/sessions/{appId}', 'bearer-or-api-key', ANY, '17.2', 'Create a chat session'],
    ['listMessages', 'GET', '/api/chat/messages/{appId}/sessions/{sessionId}', 'bearer-or-api-key', ANY, '17.3', 'Messages of a session'],
    ['sendMessage', 'POST', '/api/chat/messages/{appId}/sessions/{sessionId}', 'bearer-or-api-key', ANY, '17.4', 'Send a message'],
  ]),
  ...family('integrations', [
    ['slackEvents', 'POST', '/api/integrations/slack/events/{appId}', 'slack-signed', NONE, '18.1', 'Slack Events API receiver'],
  ]),
  ...family('support', [
    ['attachments', 'POST', '/api/support/attachments', 'bearer', ANY, '19.1', 'Presigned attachment upload'],
    ['createTicket', 'POST', '/api/support/tickets', 'bearer', ANY, '19.2', 'Create a ticket'],
    ['listTickets', 'GET', '/api/support/tickets', 'bearer', ANY, '19.3', 'Tickets'],
    ['getTicket', 'GET', '/api/support/tickets/{id}', 'bearer', ANY, '19.4', 'One ticket'],
    ['updateTicket', 'PATCH', '/api/support/tickets/{id}', 'bearer', SYSTEM_ADMIN, '19.5', 'Support staff update'],
  ]),
  ...family('billing', [
    ['config', 'GET', '/api/billing/config', 'public', NONE, '20.1', 'Billing configuration'],
    ['plans', 'GET', '/api/billing/plans', 'public', NONE, '20.2', 'Plans'],
    ['subscription', 'GET', '/api/billing/subscription', 'bearer', ADMIN, '20.3', 'Subscription'],
    ['pendingChanges', 'GET', '/api/billing/subscription/pending-changes', 'bearer', ADMIN, '20.4', 'Pending changes'],
    ['upgrade', 'POST', '/api/billing/subscription/upgrade', 'bearer', ADMIN, '20.5', 'Upgrade'],
    ['downgrade', 'POST', '/api/billing/subscription/downgrade', 'bearer', ADMIN, '20.6', 'Downgrade'],
    ['cancel', 'POST', '/api/billing/subscription/cancel', 'bearer', ADMIN, '20.7', 'Cancel'],
    ['cancelDowngrade', 'POST', '/api/billing/subscription/cancel-downgrade', 'bearer', ADMIN, '20.8', 'Cancel a downgrade'],
    ['cancelCancellation', 'POST', '/api/billing/subscription/cancel-cancellation', 'bearer', ADMIN, '20.9', 'Cancel a cancellation'],
    ['listPaymentMethods', 'GET', '/api/billing/payment-methods', 'bearer', ADMIN, '20.10', 'Payment methods'],
    ['addPaymentMethod', 'POST', '/api/billing/payment-methods', 'bearer', ADMIN, '20.11', 'Add a payment method'],
    ['updatePaymentMethod', 'PUT', '/api/billing/payment-methods/{id}', 'bearer', ADMIN, '20.12', 'Update a payment method'],
    ['deletePaymentMethod', 'DELETE', '/api/billing/payment-methods/{id}', 'bearer', ADMIN, '20.13', 'Delete a payment method'],
    ['setDefaultPaymentMethod', 'POST', '/api/billing/payment-methods/set-default', 'bearer', ADMIN, '20.14', 'Set the default payment method'],
    ['getAddress', 'GET', '/api/billing/address', 'bearer', ADMIN, '20.15', 'Billing address'],
    ['putAddress', 'PUT', '/api/billing/address', 'bearer', ADMIN, '20.16', 'Update the billing address'],
    ['invoices', 'GET', '/api/billing/invoices', 'bearer', ADMIN, '20.17', 'Invoices'],
    ['upcomingInvoice', 'GET', '/api/billing/invoices/upcoming', 'bearer', ADMIN, '20.18', 'Upcoming invoice'],
    ['downloadInvoice', 'GET', '/api/billing/invoices/{id}/download', 'bearer', ADMIN, '20.19', 'Download an invoice'],
    ['webhook', 'POST', '/api/billing/webhook', 'stripe-signed', NONE, '20.20', 'Stripe webhook receiver'],
  ]),
  ...family('usage', [
    ['current', 'GET', '/api/usage/current', 'bearer', ADMIN, '21.1', 'Current usage'],
    ['limits', 'GET', '/api/usage/limits', 'bearer', ADMIN, '21.2', 'Plan limits'],
  ]),
  ...family('dashboard', [
    ['resources', 'GET', '/api/dashboard/resources', 'bearer', MEMBER, '22.1', 'Resource relationships'],
  ]),
];

export function routesOf(name: Family): RouteDefinition[] {
  return ROUTES.filter((route) => route.family === name);
}

/** The family serving a request path, by prefix; undefined outside the API. */
export function familyOfPath(path: string): Family | undefined {
  return FAMILIES.find((name) => FAMILY_PREFIXES[name].some((prefix) => path === prefix || path.startsWith(`${prefix}/`)));
}
