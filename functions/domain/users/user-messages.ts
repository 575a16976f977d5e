/** Contract §7 and §8 texts the users and groups families (and the families that reuse them) answer with. */
export const USER_MESSAGES = {
  notFound: 'User not found',
  emailTaken: 'A user with this email already exists',
  emailDomain: (domain: string) => `Email must be from the ${domain} domain`,
  noOrganizationDomain: 'Unable to determine organization domain. Please contact support.',
  invalidGroupId: (id: string) => `Invalid group ID: ${id}`,
  invalidRole: 'Invalid role',
  invalidStatus: 'Status must be one of active, inactive',
  ownRoleOrStatus: 'You cannot change your own role or status',
  lastActiveAdmin: 'The organization must keep at least one active admin',
  deleteSelf: 'You cannot delete your own account here. Use Delete Account in your profile.',
  invitationTokenRequired: 'Invitation token is required',
  invitationInvalid: 'Invitation is invalid or has expired',
  invitationAccepted: 'Invitation has already been accepted',
  invitationAcceptedMessage: 'Invitation accepted',
  passwordRequired: 'Password is required',
} as const;

export const GROUP_MESSAGES = {
  notFound: 'Group not found',
  nameTaken: 'A group with this name already exists',
  adminGroupModified: 'The admin group cannot be modified',
  adminGroupDeleted: 'The admin group cannot be deleted',
  adminMembership: 'Admin group membership follows the admin role',
  alreadyMember: 'User is already a member of this group',
  notMember: 'User is not a member of this group',
  memberAdded: 'User added to group successfully',
} as const;
