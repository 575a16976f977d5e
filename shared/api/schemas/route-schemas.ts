import type { ZodType } from 'zod';
import * as auth from './auth';
import { healthResponseSchema } from './health';
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
};
