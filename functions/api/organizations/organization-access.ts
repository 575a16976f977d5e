import { ORGANIZATION_MESSAGES } from '../../domain/organizations/organization-messages';
import { OrganizationRepository, type OrganizationRecord } from '../../domain/organizations/organization-repository';
import type { Caller } from '../../http/api-types';
import { notFound } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';

export function isSystemAdmin(caller: Caller): boolean {
  return caller.user.role === 'system_admin';
}

/** The fields only a system administrator may change (§6.4). */
export const SYSTEM_ADMIN_FIELDS = ['domain', 'status', 'type'] as const;

/**
 * Which of the restricted fields a §6.4 body, as sent, would change: who may change what is
 * answered (403) before the values are judged (400). Sending the current value back is not a
 * change, so a form that posts the whole organization still lets an admin rename it.
 */
export function restrictedChanges(body: unknown, current: Pick<OrganizationRecord, (typeof SYSTEM_ADMIN_FIELDS)[number]>): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const sent = body as Record<string, unknown>;
  return SYSTEM_ADMIN_FIELDS.filter((field) => {
    if (!(field in sent)) return false;
    const value = sent[field];
    return typeof value !== 'string' || value.trim().toLowerCase() !== current[field];
  });
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
