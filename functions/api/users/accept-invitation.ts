import { z } from 'zod';
import { fullNameField } from '../../../shared/rules/fields';
import { acceptInvitation } from '../../domain/users/invitation-acceptance';
import { USER_MESSAGES } from '../../domain/users/user-messages';
import { loadUserEntity } from '../../domain/users/user-profile';
import { getPorts } from '../../contracts/ports/ports';
import { publicAuthRoute } from '../../http/public-auth-route';

/**
 * Whether a password is required depends on the invitation's organization, so the body schema only
 * shapes the fields; §7.7's rules run once the token is known.
 */
const body = z.object({
  token: z.string({ error: USER_MESSAGES.invitationTokenRequired }).trim().min(1, USER_MESSAGES.invitationTokenRequired),
  password: z.string({ error: USER_MESSAGES.passwordRequired }).optional(),
  fullName: fullNameField().optional(),
});

/** §7.7, public, under the public auth endpoints' per-IP limit (§1.8): a token is worth guessing at. */
export const acceptInvitationRoute = publicAuthRoute('users.acceptInvitation', {
  body,
  async handle(request) {
    const ports = getPorts();
    const { user, organization } = await acceptInvitation(ports, request.body);
    return { status: 200, body: { message: USER_MESSAGES.invitationAcceptedMessage, user: await loadUserEntity(ports.database, user, organization) } };
  },
});
