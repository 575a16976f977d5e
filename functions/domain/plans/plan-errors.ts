import { ContractError } from '../../contracts/contract-error';
import { APPLICATION_MESSAGES } from '../applications/application-messages';

/**
 * §1.9's 402 for `api_access`. A feature has no count, so `details` says it in the same shape:
 * the plan allows 0 and the request would use 1.
 */
export function apiAccessQuotaError(): ContractError {
  return new ContractError('QUOTA_EXCEEDED', APPLICATION_MESSAGES.apiAccessNotInPlan, { details: { resource: 'api_access', limit: 0, used: 1 } });
}
