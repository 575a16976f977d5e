import type Stripe from 'stripe';
import { BillingRuleError } from './billing-rule-error';

/**
 * How Stripe's failures read in the contract's terms: a declined card is the payer's problem
 * (402 with Stripe's own words), a missing object is the caller's (404 with our text), anything
 * else is Stripe's (502).
 */
interface StripeFailure {
  type?: string;
  code?: string;
  statusCode?: number;
  message?: string;
}

export const isStripeFailure = (error: unknown): error is StripeFailure =>
  typeof error === 'object' && error !== null && typeof (error as StripeFailure).type === 'string' && (error as StripeFailure).type!.startsWith('Stripe');

export const isMissing = (error: unknown) => isStripeFailure(error) && (error.code === 'resource_missing' || error.statusCode === 404);

export const isCardFailure = (error: unknown) => isStripeFailure(error) && error.type === 'StripeCardError';

export async function stripeCall<T>(work: () => Promise<T>, texts: { missing?: string; failed: string }): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BillingRuleError || !isStripeFailure(error)) throw error;
    if (isCardFailure(error)) throw new BillingRuleError('payment_failed', error.message || 'Your card was declined.');
    if (texts.missing && isMissing(error)) throw new BillingRuleError('not_found', texts.missing);
    throw new BillingRuleError('upstream', texts.failed);
  }
}

/**
 * §1.7: billing POSTs pass the caller's Idempotency-Key on to Stripe. One request may make several
 * writes, and Stripe refuses a key reused with other parameters, so each write gets the key with
 * its own step name.
 */
export function keyed(idempotencyKey: string | undefined, step: string): Stripe.RequestOptions | undefined {
  return idempotencyKey ? { idempotencyKey: `${idempotencyKey}:${step}` } : undefined;
}

export const isoFromSeconds = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;

export const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));
