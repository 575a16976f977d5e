import { z } from 'zod';

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

const M = STORAGE_CREDENTIALS_MESSAGES;

/** S3 bucket naming: 3–63 lowercase letters, digits, dots and hyphens, no IP look-alike, no "..". */
const BUCKET_NAME = /^(?!\d{1,3}(\.\d{1,3}){3}$)(?!.*\.\.)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function isValidBucketName(value: unknown): value is string {
  return typeof value === 'string' && BUCKET_NAME.test(value);
}

export interface CredentialsInput {
  endpoint: string;
  accessKey: string;
  /** A new secret in clear; undefined keeps the stored one. */
  newSecretKey?: string;
  bucket: string;
}

/** What only the server knows: the saved credentials, and whether an endpoint may be reached. */
export interface StorageCredentialsContext {
  stored?: { endpoint: string; access_key: string; bucket: string };
  /** 'invalid' for no URL at all, another word for one the outbound policy refuses. */
  urlProblem?(value: unknown): Promise<string | undefined>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

const credentialFields = {
  endpoint: z.unknown().optional().describe('URL of the S3-compatible endpoint'),
  accessKey: z.unknown().optional().describe('string, at most 128 characters'),
  secretKey: z.unknown().optional().describe('string, at most 256 characters; the masked value keeps the stored one'),
  bucket: z.unknown().optional().describe('S3 bucket name'),
};

/**
 * §11.2. PUT semantics (§1.1): an omitted field keeps the stored value, so only the first save
 * needs every field. Problems are collected in the contract's field order.
 */
export function saveStorageCredentialsRequestSchema(context: StorageCredentialsContext = {}) {
  const { stored } = context;
  return z.object(credentialFields).transform(async (body, ctx): Promise<CredentialsInput> => {
    const problem = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    const endpoint = text(body.endpoint ?? stored?.endpoint);
    const urlProblem = context.urlProblem ? await context.urlProblem(endpoint) : typeof endpoint === 'string' && endpoint !== '' ? undefined : 'invalid';
    if (urlProblem) problem('endpoint', urlProblem === 'invalid' ? M.endpointInvalid : M.urlNotAllowed);

    const accessKey = text(body.accessKey ?? stored?.access_key);
    if (typeof accessKey !== 'string' || accessKey === '') problem('accessKey', M.accessKeyRequired);
    else if (accessKey.length > 128) problem('accessKey', M.accessKeyTooLong);

    let newSecretKey: string | undefined;
    if (keepsStoredSecret(body.secretKey)) {
      if (!stored) problem('secretKey', M.secretKeyRequired);
    } else if (typeof body.secretKey !== 'string' || body.secretKey === '') {
      problem('secretKey', M.secretKeyRequired);
    } else if (body.secretKey.length > 256) {
      problem('secretKey', M.secretKeyTooLong);
    } else {
      newSecretKey = body.secretKey;
    }

    const bucket = text(body.bucket ?? stored?.bucket);
    if (!isValidBucketName(bucket)) problem('bucket', M.bucketInvalid);

    return { endpoint: String(endpoint).replace(/\/+$/, ''), accessKey: accessKey as string, newSecretKey, bucket: bucket as string };
  });
}

export type SaveStorageCredentialsRequest = z.output<ReturnType<typeof saveStorageCredentialsRequestSchema>>;

const trimmedOrEmpty = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * §11.3: the fields as sent, a value of another type reading as none. Whether enough was sent
 * depends on the stored secret a masked one stands for, so the server judges that.
 */
export const testStorageCredentialsRequestSchema = z.object({
  endpoint: z.preprocess(trimmedOrEmpty, z.string()),
  accessKey: z.preprocess(trimmedOrEmpty, z.string()),
  secretKey: z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string()),
  bucket: z.preprocess((value) => trimmedOrEmpty(value) || undefined, z.string().optional()),
});

export type TestStorageCredentialsRequest = z.output<typeof testStorageCredentialsRequestSchema>;
