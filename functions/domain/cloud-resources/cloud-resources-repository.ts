import { BatchGetCommand, GetCommand, PutCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys } from '../../contracts/keys/table-keys';
import type { CloudResources } from './cloud-resources';

/** One item per organization, in its partition, so a tenant's resources are read like any of its items. */
export const cloudResourcesKey = (organizationId: string) => ({ PK: keys.organization(organizationId).PK, SK: 'CLOUD_RESOURCES' });

/** DynamoDB's BatchGetItem limit. */
const BATCH_SIZE = 100;

/** Only the entity's own fields leave the repository: no keys, no bookkeeping attributes. */
function fromItem(item: Record<string, unknown>): CloudResources {
  const resources: CloudResources = {
    provider: 'aws',
    region: String(item.region),
    bucketName: String(item.bucketName),
    auditBucketName: String(item.auditBucketName),
    status: item.status as CloudResources['status'],
    createdAt: String(item.createdAt),
  };
  if (typeof item.error === 'string') resources.error = item.error;
  if (typeof item.checkedAt === 'string') resources.checkedAt = item.checkedAt;
  return resources;
}

export class CloudResourcesRepository {
  constructor(private readonly database: DatabasePort) {}

  async get(organizationId: string): Promise<CloudResources | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: cloudResourcesKey(organizationId), ConsistentRead: true }),
    );
    return Item ? fromItem(Item) : undefined;
  }

  /** The records of many organizations (the system admin's list), by organization id. */
  async getMany(organizationIds: readonly string[]): Promise<Map<string, CloudResources>> {
    const found = new Map<string, CloudResources>();
    const table = this.database.tableName;
    for (let start = 0; start < organizationIds.length; start += BATCH_SIZE) {
      let requested: Record<string, unknown>[] | undefined = organizationIds.slice(start, start + BATCH_SIZE).map(cloudResourcesKey);
      // Under throttling some keys come back unprocessed; ask again for those.
      while (requested && requested.length > 0) {
        const answer: BatchGetCommandOutput = await this.database.client.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: requested } } }));
        for (const item of answer.Responses?.[table] ?? []) found.set(String(item.organizationId), fromItem(item));
        requested = answer.UnprocessedKeys?.[table]?.Keys;
      }
    }
    return found;
  }

  async put(organizationId: string, resources: CloudResources): Promise<void> {
    await this.database.client.send(
      new PutCommand({
        TableName: this.database.tableName,
        Item: { ...cloudResourcesKey(organizationId), entity: 'cloudResources', organizationId, ...resources },
      }),
    );
  }
}
