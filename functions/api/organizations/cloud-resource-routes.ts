import { planInForce } from '../../domain/plans/organization-plan';
import { describeCloudResources } from '../../domain/cloud-resources/cloud-resources-view';
import { provisionCloudResources } from '../../domain/cloud-resources/provisioning';
import { checkCloudResources } from '../../domain/cloud-resources/resource-check';
import { readStorageCounters } from '../../domain/cloud-resources/storage-counters';
import { StorageUnreachableError } from '../../domain/cloud-resources/storage-errors';
import { storageQuota } from '../../domain/cloud-resources/storage-quota';
import { ORGANIZATION_MESSAGES } from '../../domain/organizations/organization-messages';
import { implement, requireCaller } from '../../http/api-types';
import { upstreamError } from '../../contracts/contract-error';
import { logger } from '../../observability/logger';
import { getPorts } from '../../contracts/ports/ports';
import { targetOrganization } from './organization-access';

type IdParams = Record<string, string | undefined>;

/** §6.8. */
export const cloudResources = implement<undefined, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    const ports = getPorts();
    const organization = await targetOrganization(ports, requireCaller(request), request.params.id);
    return { status: 200, body: await describeCloudResources(ports, organization) };
  },
});

/** §6.9: system_admin only (route table); creates whatever is missing. */
export const provisionCloudResourcesRoute = implement<unknown, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    const ports = getPorts();
    const organization = await targetOrganization(ports, requireCaller(request), request.params.id);
    return { status: 200, body: await provisionCloudResources(ports, organization.id) };
  },
});

/** §6.10: from the storage counters (§1.9), never from a listing of the bucket. */
export const cloudResourcesQuota = implement<undefined, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    const ports = getPorts();
    const organization = await targetOrganization(ports, requireCaller(request), request.params.id);
    const [counters, { plan }] = await Promise.all([readStorageCounters(ports.database, organization.id), planInForce(ports.database, organization)]);
    return { status: 200, body: storageQuota(ports.objects.bucket, organization, plan, counters) };
  },
});

/** §6.11: live against storage; an unreachable store is the contract's 502. */
export const cloudResourcesStatus = implement<undefined, Record<string, string | undefined>, IdParams>({
  async handle(request) {
    const ports = getPorts();
    const organization = await targetOrganization(ports, requireCaller(request), request.params.id);
    try {
      return { status: 200, body: await checkCloudResources(ports, organization.id) };
    } catch (error) {
      if (!(error instanceof StorageUnreachableError)) throw error;
      logger.warn('Cloud resources could not be verified', { organizationId: organization.id, reason: error.message });
      throw upstreamError(ORGANIZATION_MESSAGES.cloudResourcesUnverifiable);
    }
  },
});
