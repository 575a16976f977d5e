import { isConsumerOrganization } from '../../../shared/rules/organization-settings';
import { summarize, type CloudResources, type CloudResourcesSummary } from '../cloud-resources/cloud-resources';
import type { OrganizationRecord } from './organization-repository';

/** Contract §2 Organization (camelCase dates, as the documents show it). */
export interface Organization extends Pick<OrganizationRecord, 'id' | 'name' | 'domain' | 'status' | 'type' | 'is_system_org'> {
  isConsumer: boolean;
  user_count: number;
  createdAt: string;
  updatedAt: string;
  cloudResources: CloudResourcesSummary;
}

export function toOrganizationEntity(record: OrganizationRecord, userCount: number, cloudResources: CloudResources): Organization {
  return {
    id: record.id,
    name: record.name,
    domain: record.domain,
    status: record.status,
    type: record.type,
    is_system_org: record.is_system_org,
    isConsumer: isConsumerOrganization(record),
    user_count: userCount,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    cloudResources: summarize(cloudResources),
  };
}
