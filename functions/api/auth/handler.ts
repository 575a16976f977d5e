import { loginRequestSchema, verifyTokenRequestSchema } from '../../../shared/api/schemas/auth';
import { loadUserEntity } from '../../domain/users/user-profile';
import { implement, requireCaller } from '../../http/api-types';
import { createFamilyHandler } from '../../http/family-handler';
import { getPorts } from '../../platform/ports';
import { passwordLogin } from './password-login';
import { verifyProviderToken } from './provider-token';

const verifyToken = implement({
  body: verifyTokenRequestSchema,
  async handle({ body, headers }) {
    return { status: 200, body: await verifyProviderToken(getPorts(), headers, body.email) };
  },
});

export const handler = createFamilyHandler('auth', {
  'auth.login': implement({
    body: loginRequestSchema,
    async handle({ body }) {
      return { status: 200, body: await passwordLogin(getPorts(), body.email, body.password) };
    },
  }),
  'auth.verifyToken': verifyToken,
  'auth.verifyAuth0Token': verifyToken,
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
});
