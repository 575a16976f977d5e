/**
 * The entities of the people and tenancy screens, as the contract (§2) returns them. Only the fields
 * the screens read are typed; the server may send more.
 */

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** Contract §1.5: groups, users, organizations, organization users and group members. */
export interface PagedList<T> {
  data: T[];
  pagination: Pagination;
  truncated?: boolean;
}

export type UserRole = 'system_admin' | 'admin' | 'user' | 'rag_user';
export type UserStatus = 'active' | 'inactive';

export interface UserGroupRef {
  id: string;
  name: string;
  is_admin_group: boolean;
}

export interface User {
  id: string;
  email: string;
  full_name: string;
  role: UserRole;
  status: UserStatus;
  organization_id: string;
  organization_domain?: string;
  is_system_org?: boolean;
  groups?: UserGroupRef[];
  force_password_change?: boolean;
  invitation_pending?: boolean;
  last_login?: string | null;
  created_at?: string;
}

export interface Group {
  id: string;
  name: string;
  description: string;
  member_count: number;
  is_admin_group: boolean;
  created_at?: string;
  updated_at?: string;
}

export type OrganizationStatus = 'active' | 'inactive' | 'suspended';
export type OrganizationType = 'consumer' | 'business';
export type CloudResourcesStatus = 'ready' | 'provisioning' | 'failed';

export interface CloudResources {
  provider: string;
  region?: string;
  bucketName?: string;
  auditBucketName?: string;
  status: CloudResourcesStatus;
  error?: string | null;
  createdAt?: string;
  checkedAt?: string | null;
}

export interface Organization {
  id: string;
  name: string;
  domain: string;
  status: OrganizationStatus;
  type: OrganizationType;
  is_system_org?: boolean;
  isConsumer?: boolean;
  user_count?: number;
  createdAt?: string;
  updatedAt?: string;
  cloudResources?: Partial<CloudResources>;
}

/** Contract §6.11: the live check. */
export interface CloudResourcesCheck {
  status: CloudResourcesStatus | 'missing';
  checkedAt: string;
  resources: Array<{ name: string; kind: string; exists: boolean; encrypted: boolean; versioning: boolean }>;
  error?: string | null;
}

export interface AuthSettings {
  passwordLoginEnabled: boolean;
  googleLoginEnabled: boolean;
  allowSelfSignup: boolean;
  defaultRole: 'user' | 'rag_user';
  invitationExpiryDays: number;
}

export interface PasswordPolicy {
  minLength: number;
  requireUppercase: boolean;
  requireLowercase: boolean;
  requireNumber: boolean;
  requireSymbol: boolean;
}

export interface SecuritySettings {
  passwordPolicy: PasswordPolicy;
  maxLoginAttempts: number;
  lockoutMinutes: number;
  sessionMaxAgeHours: number;
  ipAllowlist: string[];
  apiTokensEnabled: boolean;
}

/** Contract §4.4. */
export interface OrgSettingsAnswer {
  organizationFound: boolean;
  organizationId?: string;
  organizationName?: string;
  isConsumer: boolean;
  allowSelfSignup: boolean;
  loginMethods: { password: boolean; google: boolean };
  passwordPolicy: PasswordPolicy;
}

/** Contract §1.10: the password policy when nothing else is known. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  requireUppercase: false,
  requireLowercase: false,
  requireNumber: false,
  requireSymbol: false,
};

/** Spec 03 §5: consumer means type consumer, or a domain containing 'consumer'. */
export function isConsumerOrganization(organization: Pick<Organization, 'type' | 'domain'>): boolean {
  return organization.type === 'consumer' || organization.domain.toLowerCase().includes('consumer');
}
