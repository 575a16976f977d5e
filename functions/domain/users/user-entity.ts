import type { User } from '../../../shared/api/schemas/user';
import type { GroupRecord } from '../groups/group-repository';
import type { OrganizationRecord } from '../organizations/organization-repository';
import type { UserRecord } from './user-repository';

/** The User entity as every endpoint returns it (contract §2), with doc 1's camelCase copies. */
export function toUserEntity(user: UserRecord, organization: OrganizationRecord, groups: GroupRecord[]): User {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    role: user.role,
    status: user.status,
    organization_id: user.organization_id,
    organization_domain: organization.domain,
    is_system_org: organization.is_system_org,
    groups: groups.map((group) => ({ id: group.id, name: group.name, is_admin_group: group.is_admin_group })),
    auth_providers: user.auth_providers,
    force_password_change: user.force_password_change,
    invitation_pending: user.invitation_pending,
    last_login: user.last_login ?? null,
    created_at: user.created_at,
    updated_at: user.updated_at,
    fullName: user.full_name,
    organizationId: user.organization_id,
    isSystemOrg: organization.is_system_org,
  };
}
