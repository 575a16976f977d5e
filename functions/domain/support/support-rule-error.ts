/** A refusal of the support rules; the route maps `refusal` to the contract's status (§19). */
export class SupportRuleError extends Error {
  constructor(
    readonly refusal: 'invalid' | 'too_large' | 'not_found',
    message: string,
  ) {
    super(message);
  }
}
