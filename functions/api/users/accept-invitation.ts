import { acceptInvitationRequestSchema } from '../../../shared/api/schemas/users';
import { acceptInvitation } from '../../domain/users/invitation-acceptance';
import { USER_MESSAGES } from '../../domain/users/user-messages';
import { loadUserEntity } from '../../domain/users/user-profile';
import { getPorts } from '../../contracts/ports/ports';
import { publicAuthRoute } from '../../http/public-auth-route';

/** §7.7, public, under the public auth endpoints' per-IP limit (§1.8): a token is worth guessing at. */
export const acceptInvitationRoute = publicAuthRoute('users.acceptInvitation', {
  body: acceptInvitationRequestSchema,
  async handle(request) {
    const ports = getPorts();
    const { user, organization } = await acceptInvitation(ports, request.body);
    return { status: 200, body: { message: USER_MESSAGES.invitationAcceptedMessage, user: await loadUserEntity(ports.database, user, organization) } };
  },
});
