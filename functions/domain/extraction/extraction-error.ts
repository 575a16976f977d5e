/**
 * Why a file could not become text. `message` is the user-facing reason the file item keeps in
 * `metadata.error` (contract §9 "File status"), so it is phrased for people, not for logs.
 */
export type ExtractionFailure =
  | 'password_protected'
  | 'malformed'
  | 'empty'
  | 'no_text'
  | 'unsupported_type'
  | 'too_large'
  | 'timeout';

export const EXTRACTION_MESSAGES = {
  password_protected: 'File is password-protected',
  malformed: 'File could not be parsed',
  empty: 'File is empty',
  no_text: 'File contains no extractable text (it may be scanned images)',
  unsupported_type: 'File type is not supported',
  type_mismatch: 'File content does not match its type',
  too_large: 'File is too large or complex to process',
  timeout: 'File took too long to process',
} as const;

export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';

  constructor(
    readonly failure: ExtractionFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isExtractionError(error: unknown): error is ExtractionError {
  return error instanceof ExtractionError;
}
