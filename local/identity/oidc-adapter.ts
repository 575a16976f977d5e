import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DatabasePort } from '../../functions/contracts/ports/database';

/**
 * oidc-provider's persistence on the product's single table, so sessions, grants and refresh
 * tokens survive a restart. Key patterns: local/identity/KEYS.md.
 */

/** The models whose artefacts belong to a grant and die with it (revokeByGrantId). */
const GRANT_MEMBERS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);
/** The models signed out by revokeAllSessions(sub). */
const ACCOUNT_MEMBERS = new Set(['Grant', 'Session']);

const SK = 'OIDC';
const BATCH_SIZE = 25;

interface StoredItem {
  PK: string;
  SK: string;
  model: string;
  modelId: string;
  payload: string;
  ttl?: number;
  consumed?: number;
  GSI1PK?: string;
  GSI1SK?: string;
  GSI2PK?: string;
  GSI2SK?: string;
}

const itemKey = (model: string, id: string) => ({ PK: `OIDC#${model}#${id}`, SK });
const now = () => Math.floor(Date.now() / 1000);

function indexKeys(model: string, id: string, payload: AdapterPayload): Partial<StoredItem> {
  const keys: Partial<StoredItem> = {};
  if (GRANT_MEMBERS.has(model) && payload.grantId) {
    keys.GSI1PK = `OIDC_GRANT#${payload.grantId}`;
    keys.GSI1SK = `${model}#${id}`;
  } else if (ACCOUNT_MEMBERS.has(model) && payload.accountId) {
    keys.GSI1PK = `OIDC_ACCOUNT#${payload.accountId}`;
    keys.GSI1SK = `${model}#${id}`;
  }
  if (model === 'Session' && payload.uid) {
    keys.GSI2PK = `OIDC_UID#${payload.uid}`;
    keys.GSI2SK = model;
  } else if (payload.userCode) {
    keys.GSI2PK = `OIDC_USER_CODE#${payload.userCode}`;
    keys.GSI2SK = model;
  }
  return keys;
}

/** DynamoDB's TTL deletes lazily (and DynamoDB Local not at all), so expiry is enforced on read. */
function live(item: StoredItem | undefined): AdapterPayload | undefined {
  if (!item || (typeof item.ttl === 'number' && item.ttl <= now())) return undefined;
  const payload = JSON.parse(item.payload) as AdapterPayload;
  return typeof item.consumed === 'number' ? { ...payload, consumed: item.consumed } : payload;
}

export class DynamoDbOidcAdapter implements Adapter {
  constructor(
    private readonly database: DatabasePort,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const item: StoredItem = {
      ...itemKey(this.model, id),
      model: this.model,
      modelId: id,
      payload: JSON.stringify(payload),
      ...indexKeys(this.model, id, payload),
    };
    if (typeof expiresIn === 'number') item.ttl = now() + expiresIn;
    await this.database.client.send(new PutCommand({ TableName: this.database.tableName, Item: item }));
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: itemKey(this.model, id), ConsistentRead: true }),
    );
    return live(Item as StoredItem | undefined);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findByLookup(`OIDC_UID#${uid}`);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findByLookup(`OIDC_USER_CODE#${userCode}`);
  }

  async consume(id: string): Promise<void> {
    try {
      await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: itemKey(this.model, id),
          UpdateExpression: 'SET #consumed = :now',
          // Without the condition an update would create a key-only ghost item.
          ConditionExpression: 'attribute_exists(PK)',
          // CONSUMED is one of DynamoDB's reserved words.
          ExpressionAttributeNames: { '#consumed': 'consumed' },
          ExpressionAttributeValues: { ':now': now() },
        }),
      );
    } catch (error) {
      if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
    }
  }

  async destroy(id: string): Promise<void> {
    await this.database.client.send(
      new DeleteCommand({ TableName: this.database.tableName, Key: itemKey(this.model, id) }),
    );
  }

  /** Like the reference memory adapter: every artefact of the grant, whatever this adapter's model. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await deleteAll(this.database, await queryIndex(this.database, 'GSI1', `OIDC_GRANT#${grantId}`));
  }

  private async findByLookup(lookup: string): Promise<AdapterPayload | undefined> {
    const items = await queryIndex(this.database, 'GSI2', lookup, this.model);
    return live(items.find((item) => item.model === this.model));
  }
}

export function createOidcAdapterFactory(database: DatabasePort): (model: string) => Adapter {
  return (model) => new DynamoDbOidcAdapter(database, model);
}

/**
 * Signs an account out everywhere: its grants with every token issued under them, and its issuer
 * sessions (otherwise the browser would silently obtain a new grant).
 */
export async function revokeAccountArtifacts(database: DatabasePort, accountId: string): Promise<void> {
  const members = await queryIndex(database, 'GSI1', `OIDC_ACCOUNT#${accountId}`);
  const adapter = new DynamoDbOidcAdapter(database, 'Grant');
  for (const grant of members.filter((item) => item.model === 'Grant')) {
    await adapter.revokeByGrantId(grant.modelId);
  }
  await deleteAll(database, members);
}

async function queryIndex(
  database: DatabasePort,
  indexName: 'GSI1' | 'GSI2',
  partition: string,
  sortKey?: string,
): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await database.client.send(
      new QueryCommand({
        TableName: database.tableName,
        IndexName: indexName,
        KeyConditionExpression: sortKey ? '#pk = :pk AND #sk = :sk' : '#pk = :pk',
        ExpressionAttributeNames: sortKey
          ? { '#pk': `${indexName}PK`, '#sk': `${indexName}SK` }
          : { '#pk': `${indexName}PK` },
        ExpressionAttributeValues: sortKey ? { ':pk': partition, ':sk': sortKey } : { ':pk': partition },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as StoredItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

async function deleteAll(database: DatabasePort, items: StoredItem[]): Promise<void> {
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    let requests: Record<string, unknown>[] = items
      .slice(start, start + BATCH_SIZE)
      .map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } }));
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      const result = await database.client.send(
        new BatchWriteCommand({ RequestItems: { [database.tableName]: requests } }),
      );
      requests = (result.UnprocessedItems?.[database.tableName] ?? []) as Record<string, unknown>[];
      if (attempt > 8 && requests.length > 0) throw new Error('DynamoDB left OIDC deletions unprocessed');
    }
  }
}
