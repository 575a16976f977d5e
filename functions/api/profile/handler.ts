import { PROFILE_MESSAGES, updateProfileRequestSchema } from '../../../shared/api/schemas/profile';
import { loadUserEntity } from '../../domain/users/user-profile';
import { UserRepository } from '../../domain/users/user-repository';
import { implement, requireCaller } from '../../http/api-types';
import { createFamilyHandler } from '../../http/family-handler';
import { getPorts } from '../../contracts/ports/ports';
import { deleteOwnAccount } from './profile-deletion';

export const handler = createFamilyHandler('profile', {
  'profile.get': implement({
    async handle(request) {
      const { user, organization } = requireCaller(request);
      return { status: 200, body: { user: await loadUserEntity(getPorts().database, user, organization) } };
    },
  }),
  'profile.update': implement({
    // The route's schema, given the caller's email (it is read-only).
    body: ({ caller }) => updateProfileRequestSchema(caller?.user.email),
    async handle(request) {
      const { user, organization } = requireCaller(request);
      const { body } = request;
      const { database } = getPorts();
      const updated = body.fullName === user.full_name ? user : await new UserRepository(database).update(user, { full_name: body.fullName });
      return { status: 200, body: { user: await loadUserEntity(database, updated, organization), message: PROFILE_MESSAGES.updated } };
    },
  }),
  'profile.delete': implement({
    async handle(request) {
      await deleteOwnAccount(getPorts(), requireCaller(request));
      return { status: 204 };
    },
  }),
});
