import { inviteUserRequestSchema } from '../../../shared/api/schemas/users';
import { loadUserEntity } from '../../domain/users/user-profile';
import { assertInvitableEmail, inviteUser } from '../../domain/users/user-lifecycle';
import { implement, requireCaller } from '../../http/api-types';
import { getPorts } from '../../contracts/ports/ports';
import { userRequestContext } from './user-request-context';

/** §7.4. The response is the new User; with `invitation_link` when no mail could carry the link (user-lifecycle.ts). */
export const invite = implement({
  body: async ({ caller }) => inviteUserRequestSchema(await userRequestContext(getPorts(), caller)),
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const input = request.body;
    await assertInvitableEmail(caller.organization, input.email, ports);
    const { user, handOver } = await inviteUser(ports, {
      organization: caller.organization,
      invitedBy: caller.user,
      email: input.email,
      fullName: input.fullName,
      role: input.role ?? 'user',
      status: input.status ?? 'active',
      groupIds: input.groupIds,
    });
    const entity = await loadUserEntity(ports.database, user, caller.organization);
    return { status: 201, body: handOver ? { ...entity, invitation_link: handOver } : entity };
  },
});
