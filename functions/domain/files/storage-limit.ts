import { storageLimitBytes } from '../../../shared/rules/plans';
import { HttpError } from '../../http/http-error';
import { storagePlanOf } from '../cloud-resources/storage-quota';
import type { OrganizationRecord } from '../organizations/organization-repository';
import type { StorageLimitExceededError } from './file-writes';
import { FILE_MESSAGES } from './file-messages';

/** Bytes the organization may store under its plan; null for none (the system organization, §1.9). */
export function storageLimitOf(organization: Pick<OrganizationRecord, 'is_system_org'>): number | null {
  return storageLimitBytes(storagePlanOf(organization));
}

/** §1.9's 402 for `storage`; limit and used in bytes, as §1.6 reads sizes. */
export function storageQuotaError(error: StorageLimitExceededError): HttpError {
  return new HttpError('QUOTA_EXCEEDED', FILE_MESSAGES.storageLimit, { details: { resource: 'storage', limit: error.limit, used: error.used } });
}
