import type { NewOrganization } from '../../../shared/api/schemas/organizations';
import { defaultAuthSettings, defaultSecuritySettings, isConsumerOrganization } from '../../../shared/rules/organization-settings';
import { logger } from '../../observability/logger';
import type { Ports } from '../../contracts/ports/ports';
import type { CloudResources } from '../cloud-resources/cloud-resources';
import { unprovisioned } from '../cloud-resources/cloud-resources-view';
import { provisionCloudResources } from '../cloud-resources/provisioning';
import { ensureRootFolder } from '../folders/root-folder';
import { ADMIN_GROUP_NAME, GroupRepository, type GroupRecord } from '../groups/group-repository';
import { createUserWithAccount } from '../users/user-lifecycle';
import { EmailTakenError, UserRepository, type UserRecord } from '../users/user-repository';
import { DomainTakenError, OrganizationRepository, type OrganizationRecord } from './organization-repository';

export interface CreatedOrganization {
  organization: OrganizationRecord;
  adminUser: UserRecord;
  cloudResources: CloudResources;
}

/**
 * Contract §6.2 effects, in an order that can be undone: the claims are checked first (domain,
 * then email, as §6.2 lists its 409s), then the organization with its default settings and admin
 * group, then the admin account. If the admin cannot be created, the organization and group are
 * removed again, so a failed request leaves no half-made organization holding a domain. Cloud
 * resources come last because their failure is an answer, not an error (§6.2: still 201).
 *
 * Throws DomainTakenError or EmailTakenError for the two conflicts.
 */
export async function createOrganization(ports: Ports, input: NewOrganization): Promise<CreatedOrganization> {
  const organizations = new OrganizationRepository(ports.database);
  if (await organizations.findByDomain(input.domain)) throw new DomainTakenError(`Domain ${input.domain} is already used`);
  if (await new UserRepository(ports.database).findByEmail(input.adminEmail)) throw new EmailTakenError(`An account with email ${input.adminEmail} already exists`);

  // Settings are written out at creation, so later changes of the defaults never alter an organization silently.
  const organization = await organizations.create({
    name: input.name,
    domain: input.domain,
    type: input.type,
    is_system_org: false,
    status: 'active',
    authSettings: defaultAuthSettings(isConsumerOrganization(input)),
    securitySettings: defaultSecuritySettings(),
  });

  const groups = new GroupRepository(ports.database);
  let adminGroup: GroupRecord | undefined;
  let adminUser: UserRecord;
  try {
    adminGroup = await groups.create({ organization_id: organization.id, name: ADMIN_GROUP_NAME, description: 'Every admin of the organization', is_admin_group: true });
    // The root folder "Home" (contract §6, §10), beside the admin group, so every organization has it from its first request.
    await ensureRootFolder(ports.database, organization.id);
    adminUser = await createUserWithAccount(ports, { organization, email: input.adminEmail, fullName: input.adminFullName, role: 'admin', password: input.adminPassword });
  } catch (error) {
    await undo(organizations, groups, organization, adminGroup);
    throw error;
  }

  let cloudResources: CloudResources;
  try {
    cloudResources = await provisionCloudResources(ports, organization.id);
  } catch (error) {
    // Storage failures already come back as `failed`; this is the record itself failing to save.
    logger.error('Cloud resources could not be recorded', { organizationId: organization.id, error: (error as Error).message });
    cloudResources = { ...unprovisioned(ports.objects.bucket, await ports.objects.client.config.region(), organization), error: 'Provisioning did not complete' };
  }
  return { organization, adminUser, cloudResources };
}

async function undo(organizations: OrganizationRepository, groups: GroupRepository, organization: OrganizationRecord, adminGroup: GroupRecord | undefined): Promise<void> {
  try {
    if (adminGroup) await groups.delete(adminGroup);
    await organizations.discardUnfinished(organization);
  } catch (error) {
    logger.error('An unfinished organization could not be removed', { organizationId: organization.id, error: (error as Error).message });
  }
}
