import { ContractError } from '../contracts/contract-error';

/**
 * DynamoDB's own limits that a client's values can break: key sizes, item size, number range and
 * precision, map nesting, empty key values. A request with such a value is invalid input, not a
 * server fault. Any other ValidationException (a malformed expression, a key that does not match
 * the table) is our bug and stays a 500, so only these messages are mapped.
 */
const INPUT_LIMIT_MESSAGES = [
  /primary key values must be under/i,
  /size of (hash|range)?key has exceeded/i,
  /key attribute cannot contain an empty string/i,
  /item size (to update )?has exceeded/i,
  /number (overflow|underflow)/i,
  /more than 38 significant digits/i,
  /nesting levels have exceeded/i,
];

export const DATABASE_INPUT_MESSAGE = 'Request contains a value that is too large or out of range';

function isInputLimitMessage(message: string | undefined): boolean {
  return message !== undefined && INPUT_LIMIT_MESSAGES.some((pattern) => pattern.test(message));
}

/** A transaction's cancellation carries one reason per item; a ValidationError one is an input limit too. */
function cancellationMessages(error: { CancellationReasons?: Array<{ Code?: string; Message?: string }> }): string[] {
  return (error.CancellationReasons ?? []).filter((reason) => reason.Code === 'ValidationError').map((reason) => reason.Message ?? '');
}

/** The 400 for a DynamoDB refusal caused by the request's values; undefined for anything else. */
export function fromDatabaseInputError(error: unknown): ContractError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { name, message } = error as { name?: string; message?: string };
  if (name === 'ValidationException' && isInputLimitMessage(message)) return new ContractError('VALIDATION_ERROR', DATABASE_INPUT_MESSAGE);
  if (name === 'TransactionCanceledException' && cancellationMessages(error as never).some(isInputLimitMessage)) {
    return new ContractError('VALIDATION_ERROR', DATABASE_INPUT_MESSAGE);
  }
  return undefined;
}
