import { percentUsed, storageLimitBytes, type SeededPlan } from '../../../shared/rules/plans';
import type { OrganizationRecord } from '../organizations/organization-repository';
import type { StorageCounters } from './storage-counters';
import { namespaceResources } from '../../contracts/keys/storage-namespace';

/** §6.10's answer. */
export interface StorageQuota {
  bucketName: string;
  usedBytes: number;
  limitBytes: number | null;
  objectCount: number;
  percentUsed: number | null;
}

/** `plan` is the plan in force (organization-plan.ts): null for the system organization, no limits. */
export function storageQuota(bucket: string, organization: Pick<OrganizationRecord, 'id'>, plan: SeededPlan | null, counters: StorageCounters): StorageQuota {
  const limitBytes = storageLimitBytes(plan);
  const [data] = namespaceResources(bucket, organization.id);
  return {
    bucketName: data?.name ?? '',
    usedBytes: counters.storageBytes,
    limitBytes,
    objectCount: counters.objectCount,
    percentUsed: percentUsed(counters.storageBytes, limitBytes),
  };
}
