import { z, type ZodType } from 'zod';
import * as applications from './applications';
import * as auth from './auth';
import * as chat from './chat';
import { healthResponseSchema } from './health';
import * as knowledgeBases from './knowledge-bases';
import * as profile from './profile';

/**
 * Request and response schemas by route id. The handlers validate with them and the OpenAPI
 * document is generated from them, so the two cannot disagree. Routes join as they are built.
 */
export const ROUTE_SCHEMAS: Partial<Record<string, { body?: ZodType; response?: ZodType; status?: number }>> = {
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
  // §15–§17: answers only (their bodies are validated by the families' own parsers, with the contract's messages).
  'knowledge-bases.list': { response: knowledgeBases.knowledgeBaseListSchema },
  'knowledge-bases.get': { response: knowledgeBases.knowledgeBaseSchema },
  'knowledge-bases.usage': { response: knowledgeBases.knowledgeBaseUsageSchema },
  'knowledge-bases.create': { response: knowledgeBases.knowledgeBaseSchema, status: 201 },
  'knowledge-bases.update': { response: knowledgeBases.knowledgeBaseSchema },
  'knowledge-bases.delete': { status: 204 },
  'knowledge-bases.deploy': { response: knowledgeBases.deployKnowledgeBaseResponseSchema, status: 202 },
  'knowledge-bases.getGroups': { response: knowledgeBases.knowledgeBaseGroupsSchema },
  'knowledge-bases.putGroups': { response: knowledgeBases.knowledgeBaseGroupsSchema.extend({ message: z.string() }) },
  'rag.list': { response: applications.applicationListSchema },
  // An admin reads integration settings, everyone else none; an API key reads the public fields.
  'rag.get': { response: z.union([applications.adminApplicationSchema, applications.memberApplicationSchema, applications.publicApplicationSchema]) },
  'rag.accessCheck': { response: applications.accessCheckSchema },
  'rag.create': { response: applications.adminApplicationSchema, status: 201 },
  'rag.update': { response: applications.adminApplicationSchema },
  'rag.delete': { status: 204 },
  'rag.setEnabled': { response: applications.adminApplicationSchema },
  'rag.getGroups': { response: applications.applicationGroupsSchema },
  'rag.putGroups': { response: applications.applicationGroupsSchema.extend({ message: z.string() }) },
  'chat.listSessions': { response: chat.chatSessionPageSchema },
  'chat.createSession': { response: chat.createChatSessionResponseSchema, status: 201 },
  'chat.listMessages': { response: chat.chatMessagesSchema },
  'chat.sendMessage': { response: chat.sendChatMessageResponseSchema },
};
