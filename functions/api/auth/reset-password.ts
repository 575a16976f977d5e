import { normalizeEmail } from '../../../shared/rules/fields';
import type { UserCaller } from '../../http/api-types';
import { conflict, forbidden, upstreamError } from '../../contracts/contract-error';
import { logger } from '../../observability/logger';
import type { Ports } from '../../contracts/ports/ports';
import { AUTH_MESSAGES } from './auth-messages';
import { signsInWithGoogleOnly } from './change-password';

/** The provider's hosted forgot-password page (contract §4.12); the browser goes there. */
export function resetPasswordLink(ports: Ports, caller: UserCaller, email: string) {
  if (normalizeEmail(email) !== normalizeEmail(caller.user.email)) throw forbidden(AUTH_MESSAGES.ownPasswordOnly);
  if (signsInWithGoogleOnly(caller.user)) throw conflict(AUTH_MESSAGES.googleOnlyPasswordReset);
  let resetUrl: string | undefined;
  try {
    resetUrl = ports.identity.clientSettings().resetPasswordUrl;
  } catch (error) {
    logger.error('The identity provider gave no reset URL', { error: (error as Error).message });
  }
  if (!resetUrl) throw upstreamError(AUTH_MESSAGES.resetUrlFailed);
  return { resetUrl };
}
