import { z } from 'zod';
import { descriptionField, emailField, fullNameField, nameField } from '../../rules/fields';

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

/**
 * §7.7. Whether a password is required depends on the invitation's organization, so the schema
 * only shapes the fields; the rules run once the token is known.
 */
export const acceptInvitationRequestSchema = z.object({
  token: z.string({ error: USER_MESSAGES.invitationTokenRequired }).trim().min(1, USER_MESSAGES.invitationTokenRequired),
  password: z.string({ error: USER_MESSAGES.passwordRequired }).optional(),
  fullName: fullNameField().optional(),
});

/** A null description clears it (§1.1 PUT semantics). */
const groupDescription = descriptionField().nullable().optional();

/** §8.2 */
export const createGroupRequestSchema = z.object({ name: nameField(), description: groupDescription });

/** §8.4 */
export const updateGroupRequestSchema = z.object({ name: nameField().optional(), description: groupDescription });

export const SETTABLE_ROLES = ['user', 'admin', 'rag_user'] as const;
export type SettableRole = (typeof SETTABLE_ROLES)[number];
export const USER_STATUSES = ['active', 'inactive'] as const;
export type SettableStatus = (typeof USER_STATUSES)[number];

/** More than the contract's 50 group ids (§7.4). */
export const MAX_GROUP_IDS = 50;
export const TOO_MANY_GROUPS = `At most ${MAX_GROUP_IDS} group IDs are allowed`;

/** What only the server knows: the organization's email-domain rule and its groups. */
export interface UserRequestContext {
  emailProblem(email: string): string | undefined;
  groupIds: ReadonlySet<string>;
}

/** `groupIds` sent as null with no `group_ids`: the documents' fallback leaves nothing to read. */
const NOTHING_SENT = Symbol('nothing sent');

/** Roles and statuses compare case-insensitively (§1.3); system_admin is never settable here. */
const lowercased = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

function userFields(context: UserRequestContext | undefined) {
  const email = emailField().superRefine((value, ctx) => {
    const problem = context?.emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
  // Group ids are checked against the caller's organization, so a foreign id reads as invalid (§1.3).
  const groupIds = z
    .unknown()
    .transform((value, ctx): string[] => {
      if (value === null) return [];
      if (!Array.isArray(value)) {
        ctx.addIssue({ code: 'custom', message: USER_MESSAGES.invalidGroupId(value === NOTHING_SENT ? 'undefined' : String(value)) });
        return z.NEVER;
      }
      if (value.length > MAX_GROUP_IDS) {
        ctx.addIssue({ code: 'custom', message: TOO_MANY_GROUPS });
        return z.NEVER;
      }
      const known = context?.groupIds;
      const invalid = value.filter((id) => typeof id !== 'string' || (known !== undefined && !known.has(id)));
      for (const id of invalid) ctx.addIssue({ code: 'custom', message: USER_MESSAGES.invalidGroupId(String(id)) });
      return invalid.length > 0 ? z.NEVER : [...new Set(value as string[])];
    })
    .optional();
  const status = z.preprocess(lowercased, z.enum(USER_STATUSES, { error: USER_MESSAGES.invalidStatus })).optional();
  const role = z.preprocess(lowercased, z.enum(SETTABLE_ROLES, { error: USER_MESSAGES.invalidRole })).optional();
  return { email, groupIds, status, role };
}

/** The documents' snake_case `group_ids` is accepted too; the contract's name wins when both are sent. */
function withGroupIdsAlias(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const { group_ids: alias, ...rest } = body as Record<string, unknown>;
  if (rest.groupIds === undefined && alias === undefined) return rest;
  const groupIds = rest.groupIds ?? alias;
  return { ...rest, groupIds: groupIds === undefined ? NOTHING_SENT : groupIds };
}

/**
 * §7.4, every problem in the contract's field order. Without a context (the OpenAPI document) only
 * the shapes are checked.
 */
export function inviteUserRequestSchema(context?: UserRequestContext) {
  const fields = userFields(context);
  return z.preprocess(
    withGroupIdsAlias,
    z.object({ email: fields.email, fullName: fullNameField(), groupIds: fields.groupIds, status: fields.status, role: fields.role }),
  );
}

/** §7.5: any subset of the invite's fields, in §7.5's order (status before groups). */
export function updateUserRequestSchema(context?: UserRequestContext) {
  const fields = userFields(context);
  return z.preprocess(
    withGroupIdsAlias,
    z.object({ email: fields.email.optional(), fullName: fullNameField().optional(), status: fields.status, groupIds: fields.groupIds, role: fields.role }),
  );
}

export type InviteUserRequest = z.output<ReturnType<typeof inviteUserRequestSchema>>;
export type UpdateUserRequest = z.output<ReturnType<typeof updateUserRequestSchema>>;

/** §15.9 and §16.9: at most this many groups per grant list. */
export const MAX_GRANTED_GROUPS = 100;

export const GRANTED_GROUPS_MESSAGES = {
  notArray: 'groupIds must be an array',
  tooMany: `At most ${MAX_GRANTED_GROUPS} groups are allowed`,
} as const;

/**
 * The group list of a knowledge base (§15.9) or an application (§16.9). The documents'
 * `group_ids` is accepted too; the contract's name wins when both are sent. Whether each id names
 * a group of the caller's organization is the server's check, after this one.
 */
export const grantedGroupsRequestSchema = z.preprocess(
  (body) => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
    const { group_ids: alias, ...rest } = body as Record<string, unknown>;
    return { ...rest, groupIds: rest.groupIds ?? alias };
  },
  z.object({
    groupIds: z.array(z.unknown(), { error: GRANTED_GROUPS_MESSAGES.notArray }).max(MAX_GRANTED_GROUPS, GRANTED_GROUPS_MESSAGES.tooMany).describe('group ids'),
  }),
);
