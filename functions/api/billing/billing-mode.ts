import { BILLING_MESSAGES } from '../../../shared/api/schemas/billing';
import { BillingRuleError } from '../../domain/billing/billing-rule-error';
import { StripeBilling } from '../../domain/billing/stripe-billing';
import { StripeBillingStore } from '../../domain/billing/stripe-billing-store';
import { StripePayments } from '../../domain/billing/stripe-payments';
import { SubscriptionStore } from '../../domain/billing/subscription-store';
import { badRequest, conflict, forbidden, ContractError, notFound, upstreamError } from '../../contracts/contract-error';
import { platformModes } from '../../platform/modes';
import { getPorts } from '../../contracts/ports/ports';
import { stripeClient } from '../../platform/stripe-client';

export const billingMode = () => platformModes().payments;

export interface StripeServices {
  billing: StripeBilling;
  payments: StripePayments;
}

/** Stripe mode's services, or null in self-hosted mode: each route dispatches on it. */
export function stripeServices(): StripeServices | null {
  const stripe = billingMode() === 'stripe' ? stripeClient() : null;
  if (!stripe) return null;
  const { database } = getPorts();
  const store = new StripeBillingStore(database);
  const subscriptions = new SubscriptionStore(database);
  return { billing: new StripeBilling(stripe, store, subscriptions), payments: new StripePayments(stripe, store, subscriptions) };
}

/** §20 "Modes": payment writes have nothing to write to without a provider. */
export function paymentsNotConfigured(): never {
  throw conflict(BILLING_MESSAGES.paymentsNotConfigured);
}

/** §1.7: billing POSTs hand the caller's key on to Stripe. */
export const idempotencyKeyOf = (request: { headers: Record<string, string | undefined> }) => request.headers['idempotency-key'] || undefined;

/** The domain's refusals in the contract's statuses. */
export async function withBillingRules<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof BillingRuleError)) throw error;
    switch (error.refusal) {
      case 'not_found':
        throw notFound(error.message);
      case 'conflict':
        throw conflict(error.message);
      case 'forbidden':
        throw forbidden(error.message);
      case 'payment_failed':
        throw new ContractError('PAYMENT_FAILED', error.message);
      case 'upstream':
        throw upstreamError(error.message);
      default:
        throw badRequest(error.message);
    }
  }
}
