import { FREE_PLAN_ID, percentUsed, seededPlan, storageLimitBytes, type SeededPlan } from '../../../shared/rules/plans';
import type { OrganizationRecord } from '../organizations/organization-repository';
import type { StorageCounters } from './storage-counters';
import { namespaceResources } from './storage-namespace';

/** §6.10's answer. */
export interface StorageQuota {
  bucketName: string;
  usedBytes: number;
  limitBytes: number | null;
  objectCount: number;
  percentUsed: number | null;
}

/**
 * The plan whose storage limit applies: none for the system organization (§1.9: no limits).
 * Subscriptions land with billing; until then every other organization is on `free`, which is
 * what §1.9 says for an organization without a live subscription. Billing replaces this lookup.
 */
export function storagePlanOf(organization: Pick<OrganizationRecord, 'is_system_org'>): SeededPlan | null {
  return organization.is_system_org ? null : seededPlan(FREE_PLAN_ID);
}

export function storageQuota(bucket: string, organization: Pick<OrganizationRecord, 'id' | 'is_system_org'>, counters: StorageCounters): StorageQuota {
  const limitBytes = storageLimitBytes(storagePlanOf(organization));
  const [data] = namespaceResources(bucket, organization.id);
  return {
    bucketName: data?.name ?? '',
    usedBytes: counters.storageBytes,
    limitBytes,
    objectCount: counters.objectCount,
    percentUsed: percentUsed(counters.storageBytes, limitBytes),
  };
}
