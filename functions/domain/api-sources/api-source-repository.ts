import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys, withoutKeys } from '../../contracts/keys/table-keys';
import { queryAll } from '../table/query-all';
import { transactItems, TransactionRefusedError } from '../table/transactions';
import { dataSourceCounterWrite, DataSourceLimitError } from '../usage/data-source-quota';
import { API_SOURCE_SK_PREFIX, apiSourceItem, apiSourceKeys, type ApiSourceRecord } from './api-source-record';

/** The item changed (or went) since it was read: read again and decide again. */
export class StaleApiSourceError extends Error {}

const toRecord = (item: Record<string, unknown>) => withoutKeys(item) as unknown as ApiSourceRecord;

/** API-source items and their share of the organization's data-source counter. */
export class ApiSourceRepository {
  constructor(private readonly database: DatabasePort) {}

  async get(organizationId: string, sourceId: string): Promise<ApiSourceRecord | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: apiSourceKeys.source(organizationId, sourceId), ConsistentRead: true }));
    return Item ? toRecord(Item) : undefined;
  }

  async list(organizationId: string): Promise<{ items: ApiSourceRecord[]; truncated: boolean }> {
    const { items, truncated } = await queryAll<Record<string, unknown>>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': API_SOURCE_SK_PREFIX },
    });
    return { items: items.map(toRecord), truncated };
  }

  /** The item and the data-source counter in one transaction; DataSourceLimitError at `limit`. */
  async create(record: ApiSourceRecord, limit: number | null): Promise<void> {
    try {
      await transactItems(this.database, [
        { Put: { TableName: this.database.tableName, Item: apiSourceItem(record), ConditionExpression: 'attribute_not_exists(PK)' } },
        dataSourceCounterWrite(this.database, record.organization_id, 1, limit),
      ]);
    } catch (error) {
      if (error instanceof TransactionRefusedError && error.failedAt.includes(1)) throw new DataSourceLimitError();
      throw error;
    }
  }

  /** Writes `next` over `current` only if nobody wrote in between (StaleApiSourceError). */
  async replace(current: ApiSourceRecord, next: ApiSourceRecord): Promise<ApiSourceRecord> {
    const written = { ...next, version: current.version + 1 };
    try {
      await transactItems(this.database, [
        {
          Put: {
            TableName: this.database.tableName,
            Item: apiSourceItem(written),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': current.version },
          },
        },
      ]);
    } catch (error) {
      if (error instanceof TransactionRefusedError) throw new StaleApiSourceError();
      throw error;
    }
    return written;
  }

  /** The item and one data source less on the counter, only if it is as read. */
  async delete(record: ApiSourceRecord): Promise<void> {
    try {
      await transactItems(this.database, [
        {
          Delete: {
            TableName: this.database.tableName,
            Key: apiSourceKeys.source(record.organization_id, record.id),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': record.version },
          },
        },
        dataSourceCounterWrite(this.database, record.organization_id, -1, null),
      ]);
    } catch (error) {
      if (error instanceof TransactionRefusedError) throw new StaleApiSourceError();
      throw error;
    }
  }
}
