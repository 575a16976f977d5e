/** Contract §11 texts. */
export const STORAGE_CREDENTIALS_MESSAGES = {
  userNotFound: 'User not found',
  endpointInvalid: 'Endpoint must be a valid URL',
  urlNotAllowed: 'URL is not allowed',
  accessKeyRequired: 'Access key is required',
  accessKeyTooLong: 'Access key must be at most 128 characters',
  secretKeyRequired: 'Secret key is required',
  secretKeyTooLong: 'Secret key must be at most 256 characters',
  bucketInvalid: 'Bucket name is invalid',
  testFieldsRequired: 'Endpoint, access key and secret key are required',
  /** Doc 2's text, verbatim (contract §25 item 17), although the store may be any S3-compatible one. */
  testFailed: 'Failed to connect to Minio server. Please check your credentials.',
  testSucceeded: 'Connection successful! All credentials are valid.',
} as const;

/** §1.6: write-only secrets come back as eight asterisks and the last four characters. */
export const MASK = '********';

export function maskSecret(lastFour: string): string {
  return `${MASK}${lastFour}`;
}

/** §1.6: a value beginning with the mask (or none at all) keeps the stored secret. */
export function keepsStoredSecret(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.startsWith(MASK));
}
