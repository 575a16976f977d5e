import { ERROR_STATUS, MESSAGES, type ErrorBody, type ErrorCode, type ValidationDetail } from '../../shared/api/errors';

/** An error that becomes a contract error body; anything else thrown is a 500. */
export class ContractError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: { details?: unknown; headers?: Record<string, string>; status?: number } = {}) {
    super(message);
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers;
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { message: this.message, status: this.status, code: this.code }
      : { message: this.message, status: this.status, code: this.code, details: this.details };
  }
}

/** Validation collects every problem; the message joins them in order, de-duplicated (§1.4). */
export function validationError(details: ValidationDetail[]): ContractError {
  const messages = [...new Set(details.map((detail) => detail.message))];
  return new ContractError('VALIDATION_ERROR', messages.join('\n'), { details });
}

export const badRequest = (message: string) => new ContractError('VALIDATION_ERROR', message);
export const unauthorized = (message: string = MESSAGES.authenticationRequired) => new ContractError('UNAUTHORIZED', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new ContractError('FORBIDDEN', message);
export const notFound = (message: string) => new ContractError('NOT_FOUND', message);
export const conflict = (message: string, details?: unknown) => new ContractError('CONFLICT', message, { details });
export const upstreamError = (message: string) => new ContractError('UPSTREAM_ERROR', message);
