import { loadUserEntity } from '../../domain/users/user-profile';
import { assertInvitableEmail, inviteUser } from '../../domain/users/user-lifecycle';
import { implement, requireCaller } from '../../http/api-types';
import { getPorts } from '../../contracts/ports/ports';
import { parseUserInput } from './user-input';

/** §7.4. The invitation link goes out by mail only; the response is the new User. */
export const invite = implement({
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const input = await parseUserInput(ports, caller.organization, request.body, {
      required: ['email', 'fullName'],
      order: ['email', 'fullName', 'groupIds', 'status', 'role'],
    });
    const email = input.email as string;
    await assertInvitableEmail(caller.organization, email, ports);
    const { user } = await inviteUser(ports, {
      organization: caller.organization,
      invitedBy: caller.user,
      email,
      fullName: input.fullName as string,
      role: input.role ?? 'user',
      status: input.status ?? 'active',
      groupIds: input.groupIds,
    });
    return { status: 201, body: await loadUserEntity(ports.database, user, caller.organization) };
  },
});
