import {
  adminResetPasswordRequestSchema,
  changePasswordRequestSchema,
  checkLoginOptionsRequestSchema,
  checkOrgSettingsRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  oidcVerifyRequestSchema,
  refreshTokenRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  verifyTokenRequestSchema,
} from '../../../shared/api/schemas/auth';
import { endSession } from '../../domain/sessions/session-revocation';
import { loadUserEntity } from '../../domain/users/user-profile';
import { implement, requireCaller } from '../../http/api-types';
import { createFamilyHandler } from '../../http/family-handler';
import { upstreamError } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';
import { IdentityUnavailableError } from '../../contracts/ports/identity';
import { adminResetPassword } from './admin-reset-password';
import { AUTH_MESSAGES } from './auth-messages';
import { changePassword } from './change-password';
import { checkLoginOptions, checkOrgSettings } from './login-options';
import { passwordLogin } from './password-login';
import { providerTokenFromHeaders, verifyProviderSignIn } from './provider-token';
import { publicAuthRoute } from '../../http/public-auth-route';
import { refreshSession } from './refresh-session';
import { resetPasswordLink } from './reset-password';
import { signup } from './signup';
import { enforceVerifyTokenLimit } from './verify-token-limit';

/** §4.5: the token in `Authorization`; a valid one spends its user's budget rather than the IP's. */
const verifyToken = (routeId: string) =>
  publicAuthRoute(
    routeId,
    {
      body: verifyTokenRequestSchema,
      async handle({ body, headers }) {
        return { status: 200, body: await verifyProviderSignIn(getPorts(), { token: providerTokenFromHeaders(headers), email: body.email }) };
      },
    },
    (request) => enforceVerifyTokenLimit(getPorts(), routeId, request),
  );

/** §4.6: the token in the body; `token` wins over the documents' `auth0Token` (§1.6). */
const oidcVerify = (routeId: string) =>
  publicAuthRoute(routeId, {
    body: oidcVerifyRequestSchema,
    async handle({ body }) {
      const token = body.token ?? body.auth0Token;
      return { status: 200, body: await verifyProviderSignIn(getPorts(), { token, email: body.email, nonce: body.nonce }) };
    },
  });

export const handler = createFamilyHandler('auth', {
  'auth.login': publicAuthRoute('auth.login', {
    body: loginRequestSchema,
    async handle({ body }) {
      return { status: 200, body: await passwordLogin(getPorts(), body.email, body.password) };
    },
  }),
  'auth.signup': publicAuthRoute('auth.signup', {
    body: signupRequestSchema,
    async handle({ body }) {
      return { status: 201, body: await signup(getPorts(), body) };
    },
  }),
  'auth.checkLoginOptions': publicAuthRoute('auth.checkLoginOptions', {
    body: checkLoginOptionsRequestSchema,
    async handle({ body }) {
      return { status: 200, body: await checkLoginOptions(getPorts(), body.email) };
    },
  }),
  'auth.checkOrgSettings': publicAuthRoute('auth.checkOrgSettings', {
    body: checkOrgSettingsRequestSchema,
    async handle({ body }) {
      return { status: 200, body: await checkOrgSettings(getPorts(), body) };
    },
  }),
  'auth.verifyToken': verifyToken('auth.verifyToken'),
  'auth.verifyAuth0Token': verifyToken('auth.verifyAuth0Token'),
  'auth.oidcVerify': oidcVerify('auth.oidcVerify'),
  'auth.auth0Verify': oidcVerify('auth.auth0Verify'),
  'auth.refreshToken': publicAuthRoute('auth.refreshToken', {
    body: refreshTokenRequestSchema,
    async handle({ body }) {
      return { status: 200, body: await refreshSession(getPorts(), body.refreshToken) };
    },
  }),
  'auth.logout': implement({
    body: logoutRequestSchema,
    async handle(request) {
      const caller = requireCaller(request);
      try {
        await endSession(getPorts(), caller.token, request.body.refreshToken?.trim() || undefined);
      } catch (error) {
        if (error instanceof IdentityUnavailableError) throw upstreamError(AUTH_MESSAGES.providerUnavailable);
        throw error;
      }
      return { status: 204 };
    },
  }),
  'auth.validateSession': implement({
    async handle(request) {
      const caller = requireCaller(request);
      const user = await loadUserEntity(getPorts().database, caller.user, caller.organization);
      return { status: 200, body: { valid: true, user, expiresAt: new Date(caller.token.exp * 1000).toISOString() } };
    },
  }),
  'auth.passwordStatus': implement({
    async handle(request) {
      return { status: 200, body: { force_password_change: requireCaller(request).user.force_password_change } };
    },
  }),
  'auth.changePassword': implement({
    body: changePasswordRequestSchema,
    async handle(request) {
      return { status: 200, body: await changePassword(getPorts(), requireCaller(request), request.body) };
    },
  }),
  'auth.resetPassword': implement({
    body: resetPasswordRequestSchema,
    async handle(request) {
      return { status: 200, body: resetPasswordLink(getPorts(), requireCaller(request), request.body.email) };
    },
  }),
  'auth.resetPasswordAdmin': implement({
    body: adminResetPasswordRequestSchema,
    async handle(request) {
      return { status: 200, body: await adminResetPassword(getPorts(), requireCaller(request), request.body) };
    },
  }),
});
