import { z, type ZodType } from 'zod';
import * as apiSources from './api-sources';
import * as applications from './applications';
import * as auth from './auth';
import * as billing from './billing';
import * as chat from './chat';
import * as dataSources from './data-sources';
import * as drive from './drive';
import * as folders from './folders';
import { healthResponseSchema } from './health';
import * as knowledgeBases from './knowledge-bases';
import * as organizations from './organizations';
import * as profile from './profile';
import * as storageCredentials from './storage-credentials';
import * as support from './support';
import * as users from './users';
import * as webSources from './web-sources';

/**
 * Request and response schemas by route id. The family pipeline validates every body with the
 * route's schema here (functions/http/family-handler.ts) and the OpenAPI document is generated
 * from them, so the two cannot disagree. Routes join as they are built.
 */
export type RouteSchemaTable = Partial<Record<string, { body?: ZodType; response?: ZodType; status?: number }>>;

export const ROUTE_SCHEMAS: RouteSchemaTable = {
  'meta.health': { response: healthResponseSchema },
  'auth.login': { body: auth.loginRequestSchema, response: auth.loginResponseSchema },
  'auth.signup': { body: auth.signupRequestSchema, response: auth.signupResponseSchema, status: 201 },
  'auth.checkLoginOptions': { body: auth.checkLoginOptionsRequestSchema, response: auth.checkLoginOptionsResponseSchema },
  'auth.checkOrgSettings': { body: auth.checkOrgSettingsRequestSchema, response: auth.checkOrgSettingsResponseSchema },
  'auth.verifyToken': { body: auth.verifyTokenRequestSchema, response: auth.verifyTokenResponseSchema },
  'auth.verifyAuth0Token': { body: auth.verifyTokenRequestSchema, response: auth.verifyTokenResponseSchema },
  'auth.oidcVerify': { body: auth.oidcVerifyRequestSchema, response: auth.verifyTokenResponseSchema },
  'auth.auth0Verify': { body: auth.oidcVerifyRequestSchema, response: auth.verifyTokenResponseSchema },
  'auth.refreshToken': { body: auth.refreshTokenRequestSchema, response: auth.refreshTokenResponseSchema },
  'auth.logout': { body: auth.logoutRequestSchema, status: 204 },
  'auth.validateSession': { response: auth.validateSessionResponseSchema },
  'auth.passwordStatus': { response: auth.passwordStatusResponseSchema },
  'auth.changePassword': { body: auth.changePasswordRequestSchema, response: auth.messageResponseSchema },
  'auth.resetPassword': { body: auth.resetPasswordRequestSchema, response: auth.resetPasswordResponseSchema },
  'auth.resetPasswordAdmin': { body: auth.adminResetPasswordRequestSchema, response: auth.adminResetPasswordResponseSchema },
  'profile.get': { response: profile.profileResponseSchema },
  'profile.update': { body: profile.updateProfileRequestSchema(), response: profile.updateProfileResponseSchema },
  'profile.delete': { status: 204 },
  'organizations.create': { body: organizations.createOrganizationRequestSchema, status: 201 },
  'organizations.update': { body: organizations.updateOrganizationRequestSchema() },
  'organizations.systemInviteUser': { body: organizations.systemInviteRequestSchema, status: 201 },
  'organizations.putAuthSettings': { body: organizations.authSettingsRequestSchema() },
  'organizations.putSecuritySettings': { body: organizations.securitySettingsRequestSchema },
  // §6.16 answers 200 whatever the verdict: the candidate's schema turns its problems into the answer.
  'organizations.validateSecuritySettings': { body: organizations.securitySettingsCandidateSchema },
  'users.invite': { body: users.inviteUserRequestSchema(), status: 201 },
  'users.update': { body: users.updateUserRequestSchema() },
  'users.acceptInvitation': { body: users.acceptInvitationRequestSchema },
  'groups.create': { body: users.createGroupRequestSchema, status: 201 },
  'groups.update': { body: users.updateGroupRequestSchema },
  'data-sources.rename': { body: dataSources.renameDataSourceRequestSchema },
  'data-sources.uploadUrl': { body: dataSources.uploadUrlRequestSchema },
  'data-sources.uploadComplete': { body: dataSources.uploadCompleteRequestSchema },
  'data-sources.move': { body: dataSources.moveDataSourceRequestSchema },
  'folders.create': { body: folders.createFolderRequestSchema, status: 201 },
  'folders.rename': { body: folders.renameFolderRequestSchema },
  'folders.move': { body: folders.moveFolderRequestSchema },
  'storage-credentials.put': { body: storageCredentials.saveStorageCredentialsRequestSchema() },
  'storage-credentials.test': { body: storageCredentials.testStorageCredentialsRequestSchema },
  'knowledge-bases.list': { response: knowledgeBases.knowledgeBaseListSchema },
  'knowledge-bases.get': { response: knowledgeBases.knowledgeBaseSchema },
  'knowledge-bases.usage': { response: knowledgeBases.knowledgeBaseUsageSchema },
  'knowledge-bases.create': { body: knowledgeBases.createKnowledgeBaseRequestSchema(), response: knowledgeBases.knowledgeBaseSchema, status: 201 },
  'knowledge-bases.update': { body: knowledgeBases.updateKnowledgeBaseRequestSchema(), response: knowledgeBases.knowledgeBaseSchema },
  'knowledge-bases.delete': { status: 204 },
  'knowledge-bases.deploy': { response: knowledgeBases.deployKnowledgeBaseResponseSchema, status: 202 },
  'knowledge-bases.getGroups': { response: knowledgeBases.knowledgeBaseGroupsSchema },
  'knowledge-bases.putGroups': { body: users.grantedGroupsRequestSchema, response: knowledgeBases.knowledgeBaseGroupsSchema.extend({ message: z.string() }) },
  'rag.list': { response: applications.applicationListSchema },
  // An admin reads integration settings, everyone else none; an API key reads the public fields.
  'rag.get': { response: z.union([applications.adminApplicationSchema, applications.memberApplicationSchema, applications.publicApplicationSchema]) },
  'rag.accessCheck': { response: applications.accessCheckSchema },
  'rag.create': { body: applications.createApplicationRequestSchema(), response: applications.adminApplicationSchema, status: 201 },
  'rag.update': { body: applications.updateApplicationRequestSchema(), response: applications.adminApplicationSchema },
  'rag.delete': { status: 204 },
  'rag.setEnabled': { body: applications.setApplicationEnabledRequestSchema, response: applications.adminApplicationSchema },
  'rag.getGroups': { response: applications.applicationGroupsSchema },
  'rag.putGroups': { body: users.grantedGroupsRequestSchema, response: applications.applicationGroupsSchema.extend({ message: z.string() }) },
  'rag.notify': { body: applications.notifyRequestSchema },
  'drive.files': { response: drive.driveFileListSchema },
  'drive.sync': { body: drive.driveSyncRequestSchema, status: 202 },
  'api-sources.list': { response: apiSources.apiSourceListSchema },
  'api-sources.get': { response: apiSources.apiSourceAnswerSchema },
  'api-sources.usage': { response: apiSources.apiSourceUsageSchema },
  'api-sources.create': { body: apiSources.createApiSourceRequestSchema(), response: apiSources.apiSourceSavedSchema, status: 201 },
  'api-sources.update': { body: apiSources.updateApiSourceRequestSchema(), response: apiSources.apiSourceSavedSchema },
  'api-sources.delete': { status: 204 },
  'api-sources.test': { response: apiSources.apiSourceTestSchema },
  'web-sources.list': { response: webSources.webSourceListSchema },
  'web-sources.get': { response: webSources.webSourceAnswerSchema },
  'web-sources.usage': { response: webSources.webSourceUsageSchema },
  'web-sources.create': { body: webSources.createWebSourceRequestSchema(), response: webSources.webSourceSavedSchema, status: 201 },
  'web-sources.update': { body: webSources.updateWebSourceRequestSchema(), response: webSources.webSourceSavedSchema },
  'web-sources.delete': { status: 204 },
  'web-sources.sync': { response: webSources.webSourceSavedSchema, status: 202 },
  'chat.listSessions': { response: chat.chatSessionPageSchema },
  'chat.createSession': { body: chat.createChatSessionRequestSchema, response: chat.createChatSessionResponseSchema, status: 201 },
  'chat.listMessages': { response: chat.chatMessagesSchema },
  'chat.sendMessage': { body: chat.sendChatMessageRequestSchema, response: chat.sendChatMessageResponseSchema },
  'support.attachments': { body: support.attachmentRequestSchema, status: 201 },
  'support.createTicket': { body: support.createTicketRequestSchema, status: 201 },
  'support.updateTicket': { body: support.updateTicketRequestSchema },
  'billing.upgrade': { body: billing.upgradeRequestSchema },
  'billing.downgrade': { body: billing.downgradeRequestSchema },
  'billing.cancel': { body: billing.subscriptionActionRequestSchema },
  'billing.cancelDowngrade': { body: billing.subscriptionActionRequestSchema },
  'billing.cancelCancellation': { body: billing.subscriptionActionRequestSchema },
  'billing.addPaymentMethod': { body: billing.addPaymentMethodRequestSchema },
  'billing.updatePaymentMethod': { body: billing.updatePaymentMethodRequestSchema },
  'billing.setDefaultPaymentMethod': { body: billing.setDefaultPaymentMethodRequestSchema },
  'billing.putAddress': { body: billing.billingAddressRequestSchema },
};
