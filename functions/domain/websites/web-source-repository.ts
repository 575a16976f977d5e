import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys, withoutKeys } from '../../contracts/keys/table-keys';
import { queryAll } from '../table/query-all';
import { transactItems, TransactionRefusedError, type TransactItem } from '../table/transactions';
import { dataSourceCounterWrite, DataSourceLimitError, sourceRemovalCounterWrite } from '../usage/data-source-quota';
import {
  CRAWL_SCHEDULE_PARTITION,
  WEB_SOURCE_SK_PREFIX,
  webSourceItem,
  webSourceKeys,
  type WebPageRecord,
  type WebSourceRecord,
} from './web-source-record';

/** The item changed (or went) since it was read: read again and decide again. */
export class StaleWebSourceError extends Error {}

const toRecord = (item: Record<string, unknown>) => withoutKeys(item) as unknown as WebSourceRecord;
const BATCH_WRITE_SIZE = 25;

/** Web-source items, their crawled pages, and their share of the organization's counters. */
export class WebSourceRepository {
  constructor(private readonly database: DatabasePort) {}

  async get(organizationId: string, sourceId: string): Promise<WebSourceRecord | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: webSourceKeys.source(organizationId, sourceId), ConsistentRead: true }));
    return Item ? toRecord(Item) : undefined;
  }

  async list(organizationId: string): Promise<{ items: WebSourceRecord[]; truncated: boolean }> {
    const { items, truncated } = await queryAll<Record<string, unknown>>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': WEB_SOURCE_SK_PREFIX },
    });
    return { items: items.map(toRecord), truncated };
  }

  /** The item and the data-source counter in one transaction; DataSourceLimitError at `limit`. */
  async create(record: WebSourceRecord, limit: number | null): Promise<void> {
    try {
      await transactItems(this.database, [
        { Put: { TableName: this.database.tableName, Item: webSourceItem(record), ConditionExpression: 'attribute_not_exists(PK)' } },
        dataSourceCounterWrite(this.database, record.organization_id, 1, limit),
      ]);
    } catch (error) {
      if (error instanceof TransactionRefusedError && error.failedAt.includes(1)) throw new DataSourceLimitError();
      throw error;
    }
  }

  /**
   * Writes `next` over `current` only if nobody wrote in between (StaleWebSourceError); extra
   * writes (the indexed-page counter of a finished crawl) go in the same transaction.
   */
  async replace(current: WebSourceRecord, next: WebSourceRecord, extra: TransactItem[] = []): Promise<WebSourceRecord> {
    const written = { ...next, version: current.version + 1 };
    try {
      await transactItems(this.database, [
        {
          Put: {
            TableName: this.database.tableName,
            Item: webSourceItem(written),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': current.version },
          },
        },
        ...extra,
      ]);
    } catch (error) {
      if (error instanceof TransactionRefusedError) throw new StaleWebSourceError();
      throw error;
    }
    return written;
  }

  /** The item, its counters (one data source, its kept pages) together, only if it is as read. */
  async delete(record: WebSourceRecord): Promise<void> {
    try {
      await transactItems(this.database, [
        {
          Delete: {
            TableName: this.database.tableName,
            Key: webSourceKeys.source(record.organization_id, record.id),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': record.version },
          },
        },
        sourceRemovalCounterWrite(this.database, record.organization_id, record.page_count),
      ]);
    } catch (error) {
      if (error instanceof TransactionRefusedError) throw new StaleWebSourceError();
      throw error;
    }
  }

  /** Sources of every organization whose next scheduled crawl is due at `now` (oldest first). */
  async due(now: string, limit = 100): Promise<Array<{ organizationId: string; sourceId: string }>> {
    const { Items } = await this.database.client.send(
      new QueryCommand({
        TableName: this.database.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :now',
        ExpressionAttributeValues: { ':pk': CRAWL_SCHEDULE_PARTITION, ':now': `${now}#~` },
        ProjectionExpression: 'organization_id, id',
        Limit: limit,
      }),
    );
    return (Items ?? []).map((item) => ({ organizationId: String(item.organization_id), sourceId: String(item.id) }));
  }

  async pages(organizationId: string, sourceId: string): Promise<WebPageRecord[]> {
    const { items } = await queryAll<Record<string, unknown>>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': webSourceKeys.pagesOf(sourceId) },
    });
    return items.map((item) => withoutKeys(item) as unknown as WebPageRecord);
  }

  async page(organizationId: string, sourceId: string, pageId: string): Promise<WebPageRecord | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: webSourceKeys.page(organizationId, sourceId, pageId), ConsistentRead: true }));
    return Item ? (withoutKeys(Item) as unknown as WebPageRecord) : undefined;
  }

  async putPage(organizationId: string, page: WebPageRecord): Promise<void> {
    await this.database.client.send(new PutCommand({ TableName: this.database.tableName, Item: { ...webSourceKeys.page(organizationId, page.source_id, page.page_id), entity: 'web_page', ...page } }));
  }

  async deletePages(organizationId: string, sourceId: string, pageIds: readonly string[]): Promise<void> {
    for (let start = 0; start < pageIds.length; start += BATCH_WRITE_SIZE) {
      let requests: Array<Record<string, unknown>> = pageIds.slice(start, start + BATCH_WRITE_SIZE).map((pageId) => ({ DeleteRequest: { Key: webSourceKeys.page(organizationId, sourceId, pageId) } }));
      for (let round = 0; requests.length > 0; round++) {
        const answer = await this.database.client.send(new BatchWriteCommand({ RequestItems: { [this.database.tableName]: requests } }));
        requests = (answer.UnprocessedItems?.[this.database.tableName] ?? []) as Array<Record<string, unknown>>;
        if (requests.length > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** round)));
      }
    }
  }
}
