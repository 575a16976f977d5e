import type { MiddlewareObj } from '@middy/core';
import { MESSAGES } from '../../shared/api/errors';
import { logger } from '../observability/logger';
import type { ApiEvent, ApiResult } from './api-types';
import { fromDatabaseInputError } from './database-input-error';
import { ContractError } from '../contracts/contract-error';

/** Errors raised by middy's own middlewares, mapped to the contract's answers (§1.1). */
function fromMiddyError(error: { statusCode?: number }): ContractError | undefined {
  switch (error.statusCode) {
    case 415:
      return new ContractError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedMediaType);
    case 422:
      return new ContractError('VALIDATION_ERROR', MESSAGES.invalidJson);
    case 404:
    case 405:
      return new ContractError('NOT_FOUND', MESSAGES.routeNotFound);
    default:
      return undefined;
  }
}

/** Kept in the log as a warning: a handler should have refused the value before the database did. */
function fromDatabaseInput(error: unknown): ContractError | undefined {
  const mapped = fromDatabaseInputError(error);
  if (mapped) logger.warn('Database refused a value from the request', { error: (error as Error).message });
  return mapped;
}

/** The contract error an error stands for; undefined for an unexpected one (a 500). */
export function knownError(error: unknown): ContractError | undefined {
  return error instanceof ContractError ? error : (fromMiddyError(error as { statusCode?: number }) ?? fromDatabaseInputError(error));
}

export function toErrorResult(error: unknown): ApiResult {
  const known = error instanceof ContractError ? error : (fromMiddyError(error as { statusCode?: number }) ?? fromDatabaseInput(error));
  if (!known) {
    // A bug: the stack goes to the log, never to the client.
    logger.error('Unhandled error', error as Error);
    const body = { message: MESSAGES.internal, status: 500, code: 'INTERNAL_ERROR' };
    return { statusCode: 500, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  }
  if (known.status >= 500 && known.code !== 'NOT_IMPLEMENTED') logger.error('Server-side failure', { code: known.code, message: known.message });
  return {
    statusCode: known.status,
    headers: { 'Content-Type': 'application/json', ...known.headers },
    body: JSON.stringify(known.toBody()),
  };
}

/** Turns any error into the contract body `{ message, status, code, details? }` (§1.4). */
export function errorResponse(): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    onError: async (request) => {
      if (request.response !== undefined && request.error === undefined) return;
      request.response = toErrorResult(request.error);
    },
  };
}
