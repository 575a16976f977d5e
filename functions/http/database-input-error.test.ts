import { describe, expect, it } from 'vitest';
import { toErrorResult } from './error-response';
import { DATABASE_INPUT_MESSAGE } from './database-input-error';

function dynamoError(name: string, message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { name, $fault: 'client', ...extra });
}

describe('DynamoDB refusals in the error pipeline', () => {
  it.each([
    'Hash primary key values must be under 2048 bytes, and range primary key values must be under 1024 bytes',
    'Item size has exceeded the maximum allowed size',
    'Number overflow. Attempting to store a number with magnitude larger than supported range',
    'Nesting Levels have exceeded supported limits',
    'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: PK',
  ])('answers 400 in the contract shape when a value of the request broke a limit: %s', (message) => {
    const result = toErrorResult(dynamoError('ValidationException', message));
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body as string)).toEqual({ message: DATABASE_INPUT_MESSAGE, status: 400, code: 'VALIDATION_ERROR' });
  });

  it('maps a transaction cancelled by a validation reason the same way', () => {
    const error = dynamoError('TransactionCanceledException', 'Transaction cancelled', {
      CancellationReasons: [{ Code: 'None' }, { Code: 'ValidationError', Message: 'Item size has exceeded the maximum allowed size' }],
    });
    expect(toErrorResult(error).statusCode).toBe(400);
  });

  it('keeps our own mistakes a 500 that leaks nothing: a bad expression or key schema is a bug', () => {
    for (const error of [
      dynamoError('ValidationException', 'Invalid UpdateExpression: Syntax error; token: "SET"'),
      dynamoError('ValidationException', 'The provided key element does not match the schema'),
      dynamoError('TransactionCanceledException', 'Transaction cancelled', { CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] }),
    ]) {
      const result = toErrorResult(error);
      expect(result.statusCode).toBe(500);
      expect(JSON.parse(result.body as string)).toEqual({ message: 'Internal server error', status: 500, code: 'INTERNAL_ERROR' });
    }
  });
});
