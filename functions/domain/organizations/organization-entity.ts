import { isConsumerOrganization } from '../../../shared/rules/organization-settings';
import { summarize, type CloudResources, type CloudResourcesSummary } from '../cloud-resources/cloud-resources';
import type { OrganizationRecord, OrganizationStatus, OrganizationType } from './organization-repository';

/** Contract §2 Organization (camelCase dates, as the documents show it). */
export interface Organization {
  id: string;
  name: string;
  domain: string;
  status: OrganizationStatus;
  type: OrganizationType;
  is_system_org: boolean;
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
