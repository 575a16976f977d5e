import type { OrganizationRecord } from '../organizations/organization-repository';
import { NOT_PROVISIONED_ERROR, type CloudResources } from './cloud-resources';
import { CloudResourcesRepository } from './cloud-resources-repository';
import type { StoragePorts } from './provisioning';
import { namespaceResources } from '../../contracts/keys/storage-namespace';

/**
 * What an organization without a record has: its namespace names, `failed` with a reason, so the
 * system admin sees that §6.9 is needed. Organizations made before §6.2 provisioned (the first-run
 * seed) are in this state until someone provisions them.
 */
export function unprovisioned(bucket: string, region: string, organization: Pick<OrganizationRecord, 'id' | 'createdAt'>): CloudResources {
  const [data, audit] = namespaceResources(bucket, organization.id);
  return {
    provider: 'aws',
    region,
    bucketName: data?.name ?? '',
    auditBucketName: audit?.name ?? '',
    status: 'failed',
    error: NOT_PROVISIONED_ERROR,
    createdAt: organization.createdAt,
  };
}

/** §6.8: the recorded resources, or the unprovisioned state. */
export async function describeCloudResources(ports: StoragePorts, organization: Pick<OrganizationRecord, 'id' | 'createdAt'>): Promise<CloudResources> {
  return (
    (await new CloudResourcesRepository(ports.database).get(organization.id)) ??
    unprovisioned(ports.objects.bucket, await ports.objects.client.config.region(), organization)
  );
}

/** The same for a list of organizations, with one batch read. */
export async function describeManyCloudResources(ports: StoragePorts, organizations: ReadonlyArray<Pick<OrganizationRecord, 'id' | 'createdAt'>>): Promise<Map<string, CloudResources>> {
  const recorded = await new CloudResourcesRepository(ports.database).getMany(organizations.map((organization) => organization.id));
  const region = await ports.objects.client.config.region();
  return new Map(organizations.map((organization) => [organization.id, recorded.get(organization.id) ?? unprovisioned(ports.objects.bucket, region, organization)]));
}
