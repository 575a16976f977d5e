import type { ValidationDetail } from '../../../shared/api/errors';
import { validationError } from '../../contracts/contract-error';
import { urlProblem } from '../outbound/url-guard';
import { keepsStoredSecret, STORAGE_CREDENTIALS_MESSAGES as M } from './storage-credentials-messages';
import type { StorageCredentialsRecord } from './storage-credentials-repository';

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

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * §11.2. PUT semantics (§1.1): an omitted field keeps the stored value, so only the first save
 * needs every field. Problems are collected in the contract's field order.
 */
export async function parseCredentialsInput(raw: unknown, stored: StorageCredentialsRecord | undefined): Promise<CredentialsInput> {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const details: ValidationDetail[] = [];

  const endpoint = text(body.endpoint ?? stored?.endpoint);
  const problem = await urlProblem(endpoint);
  if (problem) details.push({ field: 'endpoint', message: problem === 'invalid' ? M.endpointInvalid : M.urlNotAllowed });

  const accessKey = text(body.accessKey ?? stored?.access_key);
  if (typeof accessKey !== 'string' || accessKey === '') details.push({ field: 'accessKey', message: M.accessKeyRequired });
  else if (accessKey.length > 128) details.push({ field: 'accessKey', message: M.accessKeyTooLong });

  let newSecretKey: string | undefined;
  if (keepsStoredSecret(body.secretKey)) {
    if (!stored) details.push({ field: 'secretKey', message: M.secretKeyRequired });
  } else if (typeof body.secretKey !== 'string' || body.secretKey === '') {
    details.push({ field: 'secretKey', message: M.secretKeyRequired });
  } else if (body.secretKey.length > 256) {
    details.push({ field: 'secretKey', message: M.secretKeyTooLong });
  } else {
    newSecretKey = body.secretKey;
  }

  const bucket = text(body.bucket ?? stored?.bucket);
  if (!isValidBucketName(bucket)) details.push({ field: 'bucket', message: M.bucketInvalid });

  if (details.length > 0) throw validationError(details);
  return { endpoint: (endpoint as string).replace(/\/+$/, ''), accessKey: accessKey as string, newSecretKey, bucket: bucket as string };
}
