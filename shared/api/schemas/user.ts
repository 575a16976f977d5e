import { z } from 'zod';
import { ROLES } from '../../auth/roles';
import { isoDate } from './common';

/** The User entity (contract §2). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['active', 'inactive']),
  organization_id: z.string(),
  organization_domain: z.string(),
  is_system_org: z.boolean(),
  groups: z.array(z.object({ id: z.string(), name: z.string(), is_admin_group: z.boolean() })),
  auth_providers: z.array(z.enum(['password', 'google'])),
  force_password_change: z.boolean(),
  invitation_pending: z.boolean(),
  last_login: isoDate.nullable(),
  created_at: isoDate,
  updated_at: isoDate,
  fullName: z.string(),
  organizationId: z.string(),
  isSystemOrg: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The answer of an invitation (§7.4, §6.7): the User, with `invitation_link` when no mail carried
 * the link (no SES sender, or SES refused it), for the inviting admin to pass on
 * (docs/contract-decisions.md, "Invitation link without mail").
 */
export const invitedUserSchema = userSchema.extend({ invitation_link: z.string().optional() });
export type InvitedUser = z.infer<typeof invitedUserSchema>;
