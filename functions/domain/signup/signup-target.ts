import { isConsumerOrganization } from '../../../shared/rules/organization-settings';
import type { OrganizationRecord } from '../organizations/organization-repository';
import { organizationSettings } from '../organizations/organization-settings';

/**
 * Where a self sign-up (or a just-in-time creation at sign-in) lands (contract §4.2):
 * - `disabled`: the email's domain belongs to an organization that takes no sign-ups;
 * - `unavailable`: no domain organization, and no default consumer organization taking sign-ups.
 */
export type SignupTarget = { kind: 'organization'; organization: OrganizationRecord } | { kind: 'refused'; reason: 'disabled' | 'unavailable' };

export function acceptsSignups(organization: OrganizationRecord): boolean {
  return organization.status === 'active' && !organization.is_system_org && organizationSettings(organization).auth.allowSelfSignup;
}

/**
 * Rule 1 then rule 2 of §4.2. A domain organization that exists but cannot take the sign-up (no
 * self sign-up, inactive, or the system organization) refuses it rather than passing it on to the
 * consumer organization: people of a known company must not end up in another tenant.
 */
export function chooseSignupTarget(domainOrganization: OrganizationRecord | undefined, defaultConsumer: OrganizationRecord | undefined): SignupTarget {
  if (domainOrganization) {
    return acceptsSignups(domainOrganization) ? { kind: 'organization', organization: domainOrganization } : { kind: 'refused', reason: 'disabled' };
  }
  if (defaultConsumer && acceptsSignups(defaultConsumer)) return { kind: 'organization', organization: defaultConsumer };
  return { kind: 'refused', reason: 'unavailable' };
}

/**
 * The default consumer organization: the configured one when it exists, else the oldest active
 * consumer organization. `organizations` are in creation order.
 */
export function pickDefaultConsumer(organizations: readonly OrganizationRecord[], configuredId: string | undefined): OrganizationRecord | undefined {
  const configured = configuredId ? organizations.find((organization) => organization.id === configuredId) : undefined;
  if (configured) return configured;
  return organizations.find((organization) => organization.status === 'active' && !organization.is_system_org && isConsumerOrganization(organization));
}
