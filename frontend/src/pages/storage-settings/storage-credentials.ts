import type { StorageCredentials } from '../../features/files/types';

/**
 * Rules of the object-storage settings dialog (spec 02 §5 "Object-storage settings", contract §11) as
 * pure functions: the credentials-file import, the masked secret, and when each button may act.
 */

export const INVALID_CREDENTIALS_FILE = 'Invalid JSON data-source format. Please check the data-source and try again.';
export const LOAD_FAILED = 'Failed to load existing credentials. Please try again.';
export const SAVE_FAILED = 'Failed to save credentials. Please try again.';
export const TEST_NETWORK_ERROR = 'Network error occurred while testing connection.';
export const TEST_FAILED = 'Failed to connect to Minio server. Please check your credentials.';
export const TEST_SUCCESS = 'Connection successful! All credentials are valid.';

/** Contract §1.6: a stored secret comes back as "********" plus its last 4 characters. */
export const SECRET_MASK_PREFIX = '********';

export interface StorageForm {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

export const EMPTY_FORM: StorageForm = { endpoint: '', accessKey: '', secretKey: '', bucket: '' };

export function formFromCredentials(credentials: StorageCredentials | undefined): StorageForm {
  return {
    endpoint: credentials?.endpoint ?? '',
    accessKey: credentials?.accessKey ?? '',
    secretKey: credentials?.secretKey ?? '',
    bucket: credentials?.bucket ?? '',
  };
}

export function isMaskedSecret(value: string): boolean {
  return value.startsWith(SECRET_MASK_PREFIX);
}

/**
 * A credentials file (the JSON an S3-compatible console exports) fills url, accessKey and secretKey
 * (spec 02 §5). `endpoint` is read too when `url` is absent. Anything else is the spec's parse error.
 */
export function parseCredentialsFile(text: string): Partial<Pick<StorageForm, 'endpoint' | 'accessKey' | 'secretKey'>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(INVALID_CREDENTIALS_FILE);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(INVALID_CREDENTIALS_FILE);
  const record = parsed as Record<string, unknown>;
  const text_ = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const endpoint = text_(record.url) ?? text_(record.endpoint);
  const accessKey = text_(record.accessKey);
  const secretKey = text_(record.secretKey);
  if (!endpoint && !accessKey && !secretKey) throw new Error(INVALID_CREDENTIALS_FILE);
  return { ...(endpoint ? { endpoint } : {}), ...(accessKey ? { accessKey } : {}), ...(secretKey ? { secretKey } : {}) };
}

/** Spec 02 §5: Test Connection needs endpoint, access key and secret key. */
export function canTestConnection(form: StorageForm): boolean {
  return form.endpoint.trim() !== '' && form.accessKey.trim() !== '' && form.secretKey.trim() !== '';
}

/** Saving needs every field except a secret that is already stored (contract §11.2). */
export function canSave(form: StorageForm, configured: boolean): boolean {
  return form.endpoint.trim() !== '' && form.accessKey.trim() !== '' && form.bucket.trim() !== '' && (configured || form.secretKey.trim() !== '');
}

/**
 * The body of PUT (§11.2) and of the test (§11.3). The masked secret is sent back unchanged: the server
 * reads any value starting with the mask as "keep the stored one" (§1.6), so the real secret never has
 * to reach the browser. An emptied secret field is left out, which keeps it too.
 */
export function credentialsBody(form: StorageForm, options: { includeBucket: boolean } = { includeBucket: true }) {
  const secret = form.secretKey.trim();
  const bucket = form.bucket.trim();
  return {
    endpoint: form.endpoint.trim(),
    accessKey: form.accessKey.trim(),
    ...(secret ? { secretKey: secret } : {}),
    ...(options.includeBucket || bucket ? { bucket } : {}),
  };
}
