import { MESSAGES } from '../../../shared/api/errors';
import { BILLING_MESSAGES } from '../../../shared/api/schemas/billing';
import { BillingRuleError } from '../../domain/billing/billing-rule-error';
import { badRequest, conflict, HttpError, notFound } from '../../http/http-error';
import { platformModes } from '../../platform/modes';

export const billingMode = () => platformModes().payments;

/**
 * Stripe mode needs the Stripe adapter, which has not landed: its routes say so rather than
 * pretending to charge anyone. Self-hosted mode is complete.
 */
export function requireSelfHosted(): void {
  if (billingMode() === 'stripe') throw new HttpError('NOT_IMPLEMENTED', MESSAGES.notImplemented);
}

/** §20 "Modes": payment writes have nothing to write to without a provider. */
export function paymentsNotConfigured(): never {
  throw conflict(BILLING_MESSAGES.paymentsNotConfigured);
}

/** The domain's refusals in the contract's statuses. */
export async function withBillingRules<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof BillingRuleError)) throw error;
    if (error.refusal === 'not_found') throw notFound(error.message);
    if (error.refusal === 'conflict') throw conflict(error.message);
    throw badRequest(error.message);
  }
}
