import { storageLimitBytes } from '../../../shared/rules/plans';
import { ContractError } from '../../contracts/contract-error';
import type { DatabasePort } from '../../contracts/ports/database';
import { planInForce } from '../plans/organization-plan';
import type { OrganizationRecord } from '../organizations/organization-repository';
import type { StorageLimitExceededError } from './file-writes';
import { FILE_MESSAGES } from './file-messages';

/**
 * Bytes the organization may store under the plan in force (§1.9: its live subscription's, else
 * `free`); null for none (the system organization).
 */
export async function storageLimitOf(database: DatabasePort, organization: Pick<OrganizationRecord, 'id' | 'is_system_org'>): Promise<number | null> {
  return storageLimitBytes((await planInForce(database, organization)).plan);
}

/** §1.9's 402 for `storage`; limit and used in bytes, as §1.6 reads sizes. */
export function storageQuotaError(error: StorageLimitExceededError): ContractError {
  return new ContractError('QUOTA_EXCEEDED', FILE_MESSAGES.storageLimit, { details: { resource: 'storage', limit: error.limit, used: error.used } });
}
