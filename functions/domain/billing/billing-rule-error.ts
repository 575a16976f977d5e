/**
 * A billing request the rules refuse. The kind says which of the contract's statuses it is; the
 * entry point turns it into the error body, so the rules stay free of HTTP. `payment_failed` and
 * `upstream` come from Stripe: a declined card, and Stripe failing for any other reason.
 */
export type BillingRefusal = 'invalid' | 'not_found' | 'conflict' | 'forbidden' | 'payment_failed' | 'upstream';

export class BillingRuleError extends Error {
  constructor(
    readonly refusal: BillingRefusal,
    message: string,
  ) {
    super(message);
  }
}
