import { ORGANIZATION_MESSAGES } from '../../domain/organizations/organization-messages';
import { OrganizationRepository, type OrganizationRecord } from '../../domain/organizations/organization-repository';
import type { Caller } from '../../http/api-types';
import { notFound } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';

export function isSystemAdmin(caller: Caller): boolean {
  return caller.user.role === 'system_admin';
}

/**
 * The organization a §6 path names, as the caller may see it. A system_admin reaches any
 * organization (§1.3: cross-organization rights exist in §6); everyone else only their own, and
 * another organization's id answers exactly as an unknown one: 404 "Organization not found".
 * The role line (admin, any) was already enforced by the route table before this runs.
 */
export async function targetOrganization(ports: Ports, caller: Caller, organizationId: string | undefined): Promise<OrganizationRecord> {
  // The caller's organization was loaded for this very request, so it is as fresh as a new read.
  if (organizationId === caller.organization.id) return caller.organization;
  if (organizationId && isSystemAdmin(caller)) {
    const organization = await new OrganizationRepository(ports.database).get(organizationId);
    if (organization) return organization;
  }
  throw notFound(ORGANIZATION_MESSAGES.notFound);
}
