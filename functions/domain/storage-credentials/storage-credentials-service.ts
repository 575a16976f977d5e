import { badRequest } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';
import type { DatabasePort } from '../../contracts/ports/database';
import { nowIso } from '../../contracts/keys/table-keys';
import type { PlainCredentials } from './credential-client';
import { credentialsWork } from './credential-client';
import { urlProblem } from '../outbound/url-guard';
import type { CredentialsInput, TestStorageCredentialsRequest } from '../../../shared/api/schemas/storage-credentials';
import { keepsStoredSecret, maskSecret, STORAGE_CREDENTIALS_MESSAGES as M } from './storage-credentials-messages';
import { secretContext, StorageCredentialsRepository, type StorageCredentialsRecord } from './storage-credentials-repository';

/** The StorageCredentials entity (§2): the secret masked, never in clear. */
export interface StorageCredentials {
  configured: boolean;
  endpoint: string | null;
  accessKey: string | null;
  secretKey: string | null;
  bucket: string | null;
  updated_at?: string;
}

export function toStorageCredentials(record: StorageCredentialsRecord | undefined): StorageCredentials {
  if (!record) return { configured: false, endpoint: null, accessKey: null, secretKey: null, bucket: null };
  return {
    configured: true,
    endpoint: record.endpoint,
    accessKey: record.access_key,
    secretKey: maskSecret(record.secret_key_last4),
    bucket: record.bucket,
    updated_at: record.updated_at,
  };
}

export async function saveStorageCredentials(database: DatabasePort, organizationId: string, userId: string, input: CredentialsInput, stored: StorageCredentialsRecord | undefined): Promise<StorageCredentialsRecord> {
  const now = nowIso();
  const secret = input.newSecretKey;
  const record: StorageCredentialsRecord = {
    organization_id: organizationId,
    user_id: userId,
    endpoint: input.endpoint,
    access_key: input.accessKey,
    secret_key_cipher: secret === undefined ? (stored as StorageCredentialsRecord).secret_key_cipher : await getPorts().secrets.encrypt(secret, secretContext(organizationId, userId)),
    secret_key_last4: secret === undefined ? (stored as StorageCredentialsRecord).secret_key_last4 : secret.slice(-4),
    bucket: input.bucket,
    created_at: stored?.created_at ?? now,
    updated_at: now,
  };
  await new StorageCredentialsRepository(database).put(record);
  return record;
}

/** The user's saved credentials in clear, for uploads, ingest and downloads; undefined when none are saved. */
export async function loadPlainCredentials(database: DatabasePort, organizationId: string, userId: string): Promise<(PlainCredentials & { bucket: string }) | undefined> {
  const record = await new StorageCredentialsRepository(database).get(organizationId, userId);
  if (!record) return undefined;
  const secretKey = await getPorts().secrets.decrypt(record.secret_key_cipher, secretContext(organizationId, userId));
  return { endpoint: record.endpoint, accessKey: record.access_key, secretKey, bucket: record.bucket };
}

/**
 * §11.3. A masked secret means "the one I saved"; with none saved it counts as missing. The
 * endpoint is guarded before anything is sent to it.
 */
export async function testStorageCredentials(database: DatabasePort, organizationId: string, userId: string, input: TestStorageCredentialsRequest): Promise<void> {
  const { endpoint, accessKey, bucket } = input;
  let secretKey = input.secretKey;
  if (secretKey && keepsStoredSecret(secretKey)) {
    secretKey = (await loadPlainCredentials(database, organizationId, userId))?.secretKey ?? '';
  }
  if (!endpoint || !accessKey || !secretKey) throw badRequest(M.testFieldsRequired);
  const problem = await urlProblem(endpoint);
  if (problem === 'not-allowed') throw badRequest(M.urlNotAllowed);
  if (problem === 'invalid') throw badRequest(M.endpointInvalid);
  if (!(await credentialsWork({ endpoint, accessKey, secretKey, bucket }))) throw badRequest(M.testFailed);
}
