import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys, withoutKeys } from '../../contracts/keys/table-keys';

/** A user's S3-compatible store (§11). The secret key is only ever stored encrypted. */
export interface StorageCredentialsRecord {
  organization_id: string;
  user_id: string;
  endpoint: string;
  access_key: string;
  /** The secrets port's ciphertext, bound to organization, user and purpose. */
  secret_key_cipher: string;
  /** The last four characters, kept apart so the masked answer (§1.6) needs no decryption. */
  secret_key_last4: string;
  bucket: string;
  created_at: string;
  updated_at: string;
}

export const storageCredentialsKey = (organizationId: string, userId: string) => ({ PK: keys.organization(organizationId).PK, SK: `STORAGE#${userId}` });

/** What the ciphertext is bound to: it decrypts for this user of this organization only. */
export function secretContext(organizationId: string, userId: string): Record<string, string> {
  return { organizationId, userId, purpose: 'storage-credentials' };
}

export class StorageCredentialsRepository {
  constructor(private readonly database: DatabasePort) {}

  async get(organizationId: string, userId: string): Promise<StorageCredentialsRecord | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: storageCredentialsKey(organizationId, userId), ConsistentRead: true }));
    return Item ? (withoutKeys(Item) as unknown as StorageCredentialsRecord) : undefined;
  }

  async put(record: StorageCredentialsRecord): Promise<void> {
    await this.database.client.send(
      new PutCommand({ TableName: this.database.tableName, Item: { ...storageCredentialsKey(record.organization_id, record.user_id), entity: 'storageCredentials', ...record } }),
    );
  }
}
