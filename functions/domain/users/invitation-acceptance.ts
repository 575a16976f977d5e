import { passwordProblems } from '../../../shared/rules/password-policy';
import { badRequest, conflict, validationError } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { InvitationAlreadyAcceptedError, InvitationRepository } from '../invitations/invitation-repository';
import { invitationState } from '../invitations/invitation-state';
import { hashInvitationToken } from '../invitations/invitation-token';
import { OrganizationRepository, type OrganizationRecord } from '../organizations/organization-repository';
import { organizationSettings } from '../organizations/organization-settings';
import { nowIso } from '../../contracts/keys/table-keys';
import { isProviderEmailTaken } from './user-lifecycle';
import { USER_MESSAGES } from './user-messages';
import { linkSubject, UserRepository, type UserRecord } from './user-repository';

/**
 * Contract §7.7. The provider account is created before the invitation is marked accepted, and
 * removed again when a concurrent acceptance won, so a failure half-way never burns the link.
 */
export async function acceptInvitation(
  ports: Ports,
  input: { token: string; password?: string; fullName?: string },
): Promise<{ user: UserRecord; organization: OrganizationRecord }> {
  const invitations = new InvitationRepository(ports.database);
  const invitation = await invitations.findByTokenHash(hashInvitationToken(input.token));
  if (!invitation) throw badRequest(USER_MESSAGES.invitationInvalid);
  const state = invitationState(invitation, new Date());
  if (state === 'accepted') throw conflict(USER_MESSAGES.invitationAccepted);
  if (state === 'expired') throw badRequest(USER_MESSAGES.invitationInvalid);

  const users = new UserRepository(ports.database);
  const [user, organization] = await Promise.all([
    users.get(invitation.organizationId, invitation.userId),
    new OrganizationRepository(ports.database).get(invitation.organizationId),
  ]);
  if (!user || !organization) throw badRequest(USER_MESSAGES.invitationInvalid);
  // Accepted another way (a Google sign-in with the invited email) without the row being marked.
  if (!user.invitation_pending) throw conflict(USER_MESSAGES.invitationAccepted);

  const settings = organizationSettings(organization);
  const usesPassword = settings.auth.passwordLoginEnabled;
  if (usesPassword) {
    if (!input.password) throw validationError([{ field: 'password', message: USER_MESSAGES.passwordRequired }]);
    const problems = passwordProblems(input.password, settings.security.passwordPolicy, 'Password');
    if (problems.length > 0) throw validationError(problems.map((message) => ({ field: 'password', message })));
  }

  const fullName = input.fullName?.trim() || user.full_name;
  let createdSub: string | undefined;
  if (usesPassword && input.password) {
    if (user.subject) {
      await ports.identity.setPassword(user.subject, input.password);
    } else {
      try {
        createdSub = (await ports.identity.createAccount({ email: user.email, password: input.password, fullName })).sub;
      } catch (error) {
        // A provider account with this email exists but was never linked: the invitation cannot be completed this way.
        if (isProviderEmailTaken(error)) throw conflict(USER_MESSAGES.emailTaken);
        throw error;
      }
    }
  }

  try {
    await invitations.markAccepted(invitation, nowIso());
  } catch (error) {
    if (createdSub) await ports.identity.deleteAccount(createdSub);
    if (error instanceof InvitationAlreadyAcceptedError) throw conflict(USER_MESSAGES.invitationAccepted);
    throw error;
  }

  let accepted = createdSub ? await linkSubject(ports.database, user, createdSub) : user;
  const providers = usesPassword && input.password && !accepted.auth_providers.includes('password') ? [...accepted.auth_providers, 'password' as const] : accepted.auth_providers;
  accepted = await users.update(accepted, { invitation_pending: false, full_name: fullName, auth_providers: providers });
  return { user: accepted, organization };
}
