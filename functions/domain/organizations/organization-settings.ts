import {
  defaultAuthSettings,
  defaultSecuritySettings,
  isConsumerOrganization,
  type AuthSettings,
  type SecuritySettings,
} from '../../../shared/rules/organization-settings';
import type { OrganizationRecord } from './organization-repository';

/** The organization's effective settings: what it saved, over the contract's defaults (§2). */
export function organizationSettings(organization: OrganizationRecord): { auth: AuthSettings; security: SecuritySettings } {
  const security = defaultSecuritySettings();
  const saved = organization.securitySettings ?? {};
  return {
    auth: { ...defaultAuthSettings(isConsumerOrganization(organization)), ...organization.authSettings },
    security: { ...security, ...saved, passwordPolicy: { ...security.passwordPolicy, ...saved.passwordPolicy } },
  };
}
