/**
 * A billing request the rules refuse. The kind says which of the contract's statuses it is; the
 * entry point turns it into the error body, so the rules stay free of HTTP.
 */
export type BillingRefusal = 'invalid' | 'not_found' | 'conflict';

export class BillingRuleError extends Error {
  constructor(
    readonly refusal: BillingRefusal,
    message: string,
  ) {
    super(message);
  }
}
