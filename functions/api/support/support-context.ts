import { SupportDesk, type SupportRequester } from '../../domain/support/support-desk';
import { SupportRuleError } from '../../domain/support/support-rule-error';
import type { Caller } from '../../http/api-types';
import { badRequest, ContractError, notFound } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';
import { supportMailbox } from './support-mailbox';

export function supportDesk(): SupportDesk {
  const ports = getPorts();
  return new SupportDesk({ database: ports.database, objects: ports.objects, mail: ports.mail, supportMailbox: supportMailbox(), webOrigin: ports.settings.webOriginIfSet() });
}

/** §19.2: identity comes from the caller, never from the body. */
export function requesterOf(caller: Caller): SupportRequester {
  return {
    userId: caller.user.id,
    organizationId: caller.organization.id,
    organizationName: caller.organization.name,
    email: caller.user.email,
    fullName: caller.user.full_name,
    role: caller.user.role,
    isSystemAdmin: caller.user.role === 'system_admin',
  };
}

/** The domain's refusals in the contract's statuses. */
export async function withSupportRules<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof SupportRuleError)) throw error;
    if (error.refusal === 'not_found') throw notFound(error.message);
    if (error.refusal === 'too_large') throw new ContractError('PAYLOAD_TOO_LARGE', error.message);
    throw badRequest(error.message);
  }
}
