// The signatures of this module are relied on by the organizations (§6) and auth (§4, §5) families: change them only together.
import { randomUUID } from 'node:crypto';
import type { Role } from '../../../shared/auth/roles';
import { emailDomain, normalizeEmail } from '../../../shared/rules/fields';
import { isConsumerOrganization } from '../../../shared/rules/organization-settings';
import { badRequest, conflict } from '../../contracts/contract-error';
import { logger } from '../../observability/logger';
import { getPorts, type Ports } from '../../contracts/ports/ports';
import type { QueueMessage } from '../../contracts/ports/queue';
import { GroupRepository } from '../groups/group-repository';
import { invitationMessage } from '../invitations/invitation-message';
import { InvitationAlreadyAcceptedError, InvitationRepository } from '../invitations/invitation-repository';
import { invitationExpiresAt } from '../invitations/invitation-state';
import { hashInvitationToken, newInvitationToken } from '../invitations/invitation-token';
import { OrganizationRepository, type OrganizationRecord } from '../organizations/organization-repository';
import { organizationSettings } from '../organizations/organization-settings';
import { nowIso } from '../../contracts/keys/table-keys';
import { countsAsAdmin } from './admin-rule';
import { USER_MESSAGES } from './user-messages';
import { EmailTakenError, UserRepository, type UserRecord } from './user-repository';

/** The provider already has an account for the email (embedded issuer or Cognito). */
export function isProviderEmailTaken(error: unknown): boolean {
  const name = error instanceof Error ? error.name : '';
  return name === 'DuplicateEmailError' || name === 'UsernameExistsException';
}


/** The web client's origin, where the accept-invitation page lives. */
export function webOrigin(): string {
  return getPorts().settings.webOrigin();
}

/** The organization's domain rule (§7.4): consumer organizations take any address, the others only their own domain. */
export function emailDomainProblem(organization: Pick<OrganizationRecord, 'type' | 'domain'>, email: string): string | undefined {
  if (isConsumerOrganization(organization)) return undefined;
  if (!organization.domain) return USER_MESSAGES.noOrganizationDomain;
  if (emailDomain(normalizeEmail(email)) !== organization.domain.toLowerCase()) return USER_MESSAGES.emailDomain(organization.domain);
  return undefined;
}

/**
 * The organization's domain rule (§7.4), then the email's uniqueness across all organizations.
 * Throws the contract's 400s and 409 as HttpErrors.
 */
export async function assertInvitableEmail(organization: OrganizationRecord, email: string, ports: Ports = getPorts()): Promise<void> {
  const normalized = normalizeEmail(email);
  const problem = emailDomainProblem(organization, normalized);
  if (problem) throw badRequest(problem);
  if (await new UserRepository(ports.database).findByEmail(normalized)) throw conflict(USER_MESSAGES.emailTaken);
}

/**
 * Keeps "members of Administrators == the organization's admins" (§1.3) for one user. A system_admin
 * counts as admin inside the system organization only, as the role gate does.
 */
export async function syncAdminGroupMembership(ports: Ports, user: UserRecord): Promise<void> {
  const groups = new GroupRepository(ports.database);
  const organization = user.role === 'system_admin' ? await new OrganizationRepository(ports.database).get(user.organization_id) : undefined;
  const shouldBeMember = countsAsAdmin(user, { is_system_org: organization?.is_system_org ?? false });
  const adminGroup = await groups.findAdminGroup(user.organization_id);
  if (!adminGroup) {
    logger.warn('Organization has no admin group', { organizationId: user.organization_id });
    return;
  }
  const member = await groups.isMember(user.organization_id, adminGroup.id, user.id);
  if (shouldBeMember && !member) await groups.addMember(user.organization_id, adminGroup.id, user.id);
  if (!shouldBeMember && member) await groups.removeMember(user.organization_id, adminGroup.id, user.id);
}

/**
 * A user who signs in with a password at once (organization creation, signup, seed). Throws
 * EmailTakenError when the product or the provider already knows the email; no account is left behind.
 */
export async function createUserWithAccount(
  ports: Ports,
  input: { organization: OrganizationRecord; email: string; fullName: string; role: Role; password: string },
): Promise<UserRecord> {
  const email = normalizeEmail(input.email);
  const fullName = input.fullName.trim();
  let sub: string;
  try {
    ({ sub } = await ports.identity.createAccount({ email, password: input.password, fullName }));
  } catch (error) {
    if (isProviderEmailTaken(error)) throw new EmailTakenError(`An account with email ${email} already exists`);
    throw error;
  }
  let user: UserRecord;
  try {
    user = await new UserRepository(ports.database).create({
      organization_id: input.organization.id,
      email,
      full_name: fullName,
      role: input.role,
      status: 'active',
      auth_providers: ['password'],
      subject: sub,
    });
  } catch (error) {
    await ports.identity.deleteAccount(sub);
    throw error;
  }
  if (user.role === 'admin') await syncAdminGroupMembership(ports, user);
  return user;
}

/**
 * Contract §7.4 effects. The caller has validated the fields and the group ids (assertInvitableEmail
 * covers the domain rule and uniqueness); a racing duplicate still answers 409 here. The provider
 * account is created at acceptance, so the invited user has none until then.
 */
export async function inviteUser(
  ports: Ports,
  input: {
    organization: OrganizationRecord;
    invitedBy: UserRecord;
    email: string;
    fullName: string;
    role: 'user' | 'admin' | 'rag_user';
    status?: 'active' | 'inactive';
    groupIds?: string[];
  },
): Promise<{ user: UserRecord; invitationLink: string; handOver: string | undefined }> {
  // Resolved before any write: an install without mail must fail before it half-invites someone.
  const mail = ports.mail;
  const origin = webOrigin();
  const { organization } = input;

  let user: UserRecord;
  try {
    user = await new UserRepository(ports.database).create({
      organization_id: organization.id,
      email: input.email,
      full_name: input.fullName,
      role: input.role,
      status: input.status ?? 'active',
      auth_providers: [],
      invitation_pending: true,
    });
  } catch (error) {
    if (error instanceof EmailTakenError) throw conflict(USER_MESSAGES.emailTaken);
    throw error;
  }

  const groups = new GroupRepository(ports.database);
  for (const groupId of new Set(input.groupIds ?? [])) {
    const group = await groups.get(organization.id, groupId);
    // The role alone decides admin membership (§7.4), so admin-group ids are ignored.
    if (group && !group.is_admin_group) await groups.addMember(organization.id, group.id, user.id);
  }
  if (user.role === 'admin') await syncAdminGroupMembership(ports, user);

  const expiryDays = organizationSettings(organization).auth.invitationExpiryDays;
  const token = newInvitationToken();
  const now = new Date();
  await new InvitationRepository(ports.database).create({
    tokenHash: hashInvitationToken(token),
    userId: user.id,
    organizationId: organization.id,
    createdAt: now.toISOString(),
    expiresAt: invitationExpiresAt(now, expiryDays),
  });

  // The email rides along so the acceptance page can greet the person and show their organization's password policy.
  const link = `${origin}/accept-invitation?${new URLSearchParams({ token, email: user.email }).toString()}`;
  let sent = false;
  try {
    await mail.send(
      invitationMessage({ to: user.email, fullName: user.full_name, organizationName: organization.name, inviterName: input.invitedBy.full_name, link, expiryDays }),
    );
    sent = true;
  } catch (error) {
    // The user and invitation exist; failing the request would leave them with no way to retry
    // other than delete and re-invite, which the admin can do anyway. The link is never logged here.
    logger.error('Invitation email could not be sent', { userId: user.id, adapter: mail.adapter, error: (error as Error).message });
  }
  // No mail carried the link (a cloud deployment without an SES sender, or SES refusing it: its
  // sandbox refuses unverified recipients), so the inviting admin is given it to pass on, as the
  // local outbox hands it to the operator. The admin could create the invitation anyway, so
  // seeing its link grants them nothing new.
  return { user, invitationLink: link, handOver: sent ? undefined : link };
}

/**
 * Marks the user's pending invitation accepted and clears invitation_pending. Used when the user
 * arrives another way (user resolution step 2, §4: a Google sign-in with the invited email).
 */
export async function settlePendingInvitation(ports: Ports, user: UserRecord): Promise<UserRecord> {
  const invitations = new InvitationRepository(ports.database);
  const invitation = await invitations.findForUser(user.organization_id, user.id);
  if (invitation && !invitation.acceptedAt) {
    await invitations.markAccepted(invitation, nowIso()).catch((error: unknown) => {
      // A concurrent acceptance got there first: the outcome is the same.
      if (!(error instanceof InvitationAlreadyAcceptedError)) throw error;
    });
  }
  return user.invitation_pending ? new UserRepository(ports.database).update(user, { invitation_pending: false }) : user;
}

/** The §23.1 message that removes the user's chat sessions in the background. */
export function userPurgeMessage(user: UserRecord, requestedBy: string): QueueMessage {
  return {
    type: 'source.purge',
    version: 1,
    messageId: randomUUID(),
    organizationId: user.organization_id,
    requestedBy,
    createdAt: nowIso(),
    payload: { sourceKind: 'user', sourceId: user.id, knowledgeBaseIds: [] },
  };
}

/**
 * Contract §7.6 effects. The provider goes first: a failure there leaves the product user in place,
 * so the delete can simply be retried (both adapters delete idempotently). Resources the user created stay.
 */
export async function deleteUserEverywhere(ports: Ports, user: UserRecord, requestedBy: string): Promise<void> {
  if (user.subject) {
    await ports.identity.revokeAllSessions(user.subject);
    await ports.identity.deleteAccount(user.subject);
  }
  await new GroupRepository(ports.database).removeUserFromAll(user.organization_id, user.id);
  await new InvitationRepository(ports.database).revokeForUser(user.organization_id, user.id);
  await new UserRepository(ports.database).delete(user);
  await ports.queue.send('indexing', userPurgeMessage(user, requestedBy));
}
