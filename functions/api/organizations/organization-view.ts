import { describeCloudResources } from '../../domain/cloud-resources/cloud-resources-view';
import { toOrganizationEntity, type Organization } from '../../domain/organizations/organization-entity';
import { OrganizationRepository, type OrganizationRecord } from '../../domain/organizations/organization-repository';
import type { Ports } from '../../contracts/ports/ports';

/** The Organization entity of one record: its user count and cloud resources read beside it. */
export async function presentOrganization(ports: Ports, record: OrganizationRecord): Promise<Organization> {
  const [userCount, cloudResources] = await Promise.all([new OrganizationRepository(ports.database).countUsers(record.id), describeCloudResources(ports, record)]);
  return toOrganizationEntity(record, userCount, cloudResources);
}
