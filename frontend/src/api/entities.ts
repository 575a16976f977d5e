/**
 * The entities of the people and tenancy screens, as the contract (§2) returns them: their types come
 * from the shared schemas in shared/api, so the web client and the server read one definition.
 */
import type { z } from 'zod';
import type { checkOrgSettingsResponseSchema } from '../../../shared/api/schemas/auth';
import type { InvitedUser as ContractInvitedUser, User as ContractUser } from '../../../shared/api/schemas/user';
import type { Role } from '../../../shared/auth/roles';
import { DEFAULT_PASSWORD_POLICY as CONTRACT_DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../../../shared/rules/password-policy';

export type { Pagination, PagedList, Group, CloudResources, CloudResourcesStatus, CloudResourcesCheck, Organization } from '../../../shared/api/schemas/people';
import type { OrganizationType } from '../../../shared/api/schemas/organizations';
export type { OrganizationStatus, OrganizationType } from '../../../shared/api/schemas/organizations';
export type { AuthSettings, SecuritySettings } from '../../../shared/rules/organization-settings';
export type { PasswordPolicy };

export type UserRole = Role;
export type User = ContractUser;
/** An invite's answer (§7.4, §6.7): `invitation_link` when no mail carried the link. */
export type InvitedUser = ContractInvitedUser;
export type UserStatus = User['status'];
export type UserGroupRef = User['groups'][number];

/** Contract §4.4. */
export type OrgSettingsAnswer = z.infer<typeof checkOrgSettingsResponseSchema>;

/** Contract §1.10: the password policy when nothing else is known. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = CONTRACT_DEFAULT_PASSWORD_POLICY;

/** Spec 03 §5: consumer means type consumer, or a domain containing 'consumer'. */
export function isConsumerOrganization(organization: { type: OrganizationType; domain: string }): boolean {
  return organization.type === 'consumer' || organization.domain.toLowerCase().includes('consumer');
}
