import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys, nowIso, withoutKeys } from '../../contracts/keys/table-keys';
import { queryAll } from '../table/query-all';
import { knowledgeBaseCounterWrite, readKnowledgeBaseCount } from './knowledge-base-quota';
import {
  KNOWLEDGE_BASE_GROUP_SK_PREFIX,
  KNOWLEDGE_BASE_SK_PREFIX,
  knowledgeBaseGroupItem,
  knowledgeBaseItem,
  knowledgeBaseKeys,
  type KnowledgeBaseRecord,
} from './knowledge-base-record';
import { transactInChunks, transactItems, TransactionRefusedError, type TransactItem } from '../table/transactions';

/** Creating one more would pass the plan's `max_knowledge_bases` (§1.9). */
export class KnowledgeBaseLimitError extends Error {
  constructor(
    readonly limit: number,
    readonly used: number,
  ) {
    super(`Knowledge base limit of ${limit} reached (${used} used)`);
  }
}

/** The item changed (or went) since it was read: read again and decide again. */
export class StaleKnowledgeBaseError extends Error {}

/** The knowledge base is processing, so it cannot be deleted (§15.6). */
export class KnowledgeBaseProcessingError extends Error {}

const toRecord = (item: Record<string, unknown>) => withoutKeys(item) as unknown as KnowledgeBaseRecord;

/** Knowledge-base items, their group grants and their count on the organization's counters. */
export class KnowledgeBaseRepository {
  constructor(private readonly database: DatabasePort) {}

  async get(organizationId: string, knowledgeBaseId: string): Promise<KnowledgeBaseRecord | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: knowledgeBaseKeys.knowledgeBase(organizationId, knowledgeBaseId), ConsistentRead: true }),
    );
    return Item ? toRecord(Item) : undefined;
  }

  async list(organizationId: string): Promise<{ items: KnowledgeBaseRecord[]; truncated: boolean }> {
    const { items, truncated } = await queryAll<Record<string, unknown>>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': KNOWLEDGE_BASE_SK_PREFIX },
    });
    return { items: items.map(toRecord), truncated };
  }

  /**
   * The item, the admin group's grant and the counter in one transaction. Throws
   * KnowledgeBaseLimitError when the counter is at `limit` (null: no limit).
   */
  async create(record: KnowledgeBaseRecord, adminGroupId: string | undefined, limit: number | null): Promise<void> {
    const table = this.database.tableName;
    const items: TransactItem[] = [
      { Put: { TableName: table, Item: knowledgeBaseItem(record), ConditionExpression: 'attribute_not_exists(PK)' } },
      knowledgeBaseCounterWrite(this.database, record.organization_id, 1, limit),
    ];
    if (adminGroupId) items.push({ Put: { TableName: table, Item: knowledgeBaseGroupItem(record.organization_id, record.id, adminGroupId, record.created_at) } });
    try {
      await transactItems(this.database, items);
    } catch (error) {
      if (error instanceof TransactionRefusedError && error.failedAt.includes(1) && limit !== null) {
        throw new KnowledgeBaseLimitError(limit, await readKnowledgeBaseCount(this.database, record.organization_id));
      }
      throw error;
    }
  }

  /** Writes `next` over `current` only if nobody wrote in between (StaleKnowledgeBaseError). */
  async replace(current: KnowledgeBaseRecord, next: KnowledgeBaseRecord): Promise<void> {
    try {
      await transactItems(this.database, [
        {
          Put: {
            TableName: this.database.tableName,
            Item: knowledgeBaseItem({ ...next, version: current.version + 1 }),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': current.version },
          },
        },
      ]);
    } catch (error) {
      if (error instanceof TransactionRefusedError) throw new StaleKnowledgeBaseError();
      throw error;
    }
  }

  /**
   * A partial update of the indexer's fields, only while `deployment_id` is still this deployment's
   * (and `extraCondition` holds); answers false when it is not. Bumps the version, so an API write
   * decided on an older read is refused rather than undoing it.
   */
  async updateForDeployment(
    organizationId: string,
    knowledgeBaseId: string,
    deploymentId: string,
    changes: Record<string, unknown>,
    extraCondition?: { expression: string; names?: Record<string, string>; values: Record<string, unknown> },
  ): Promise<boolean> {
    const names: Record<string, string> = { '#deployment': 'deployment_id', '#version': 'version', ...extraCondition?.names };
    const values: Record<string, unknown> = { ':deployment': deploymentId, ':one': 1, ...extraCondition?.values };
    const sets = Object.entries(changes).map(([field, value], position) => {
      names[`#f${position}`] = field;
      values[`:v${position}`] = value;
      return `#f${position} = :v${position}`;
    });
    try {
      await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: knowledgeBaseKeys.knowledgeBase(organizationId, knowledgeBaseId),
          UpdateExpression: `SET ${sets.join(', ')} ADD #version :one`,
          ConditionExpression: `#deployment = :deployment${extraCondition ? ` AND (${extraCondition.expression})` : ''}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  /**
   * Grants first, in chunks (a failure leaves the knowledge base with fewer grants, never more),
   * then the item and the counter together, only if the item is as read and not processing.
   */
  async delete(record: KnowledgeBaseRecord): Promise<void> {
    const table = this.database.tableName;
    const grants = await this.groupIds(record.organization_id, record.id);
    await transactInChunks(
      this.database,
      grants.map((groupId) => ({ Delete: { TableName: table, Key: knowledgeBaseKeys.group(record.organization_id, record.id, groupId) } })),
    );
    try {
      await transactItems(this.database, [
        {
          Delete: {
            TableName: table,
            Key: knowledgeBaseKeys.knowledgeBase(record.organization_id, record.id),
            ConditionExpression: 'version = :version AND #status <> :processing',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':version': record.version, ':processing': 'processing' },
          },
        },
        knowledgeBaseCounterWrite(this.database, record.organization_id, -1, null),
      ]);
    } catch (error) {
      if (!(error instanceof TransactionRefusedError)) throw error;
      const now = await this.get(record.organization_id, record.id);
      if (now?.status === 'processing') throw new KnowledgeBaseProcessingError();
      throw new StaleKnowledgeBaseError();
    }
  }

  async groupIds(organizationId: string, knowledgeBaseId: string): Promise<string[]> {
    const { items } = await queryAll<{ groupId: string }>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': knowledgeBaseKeys.groupsOf(knowledgeBaseId) },
      ProjectionExpression: 'groupId',
    });
    return items.map((item) => item.groupId);
  }

  /** Every grant of the organization, by knowledge base: one Query for a whole list (§15.1). */
  async grants(organizationId: string): Promise<Map<string, Set<string>>> {
    const { items } = await queryAll<{ knowledgeBaseId: string; groupId: string }>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': KNOWLEDGE_BASE_GROUP_SK_PREFIX },
      ProjectionExpression: 'knowledgeBaseId, groupId',
    });
    const byKnowledgeBase = new Map<string, Set<string>>();
    for (const { knowledgeBaseId, groupId } of items) {
      const groups = byKnowledgeBase.get(knowledgeBaseId) ?? new Set<string>();
      groups.add(groupId);
      byKnowledgeBase.set(knowledgeBaseId, groups);
    }
    return byKnowledgeBase;
  }

  /** Replaces the grants with `groupIds`: only the difference is written. */
  async setGroups(organizationId: string, knowledgeBaseId: string, groupIds: readonly string[]): Promise<void> {
    const table = this.database.tableName;
    const current = new Set(await this.groupIds(organizationId, knowledgeBaseId));
    const wanted = new Set(groupIds);
    const now = nowIso();
    const writes: TransactItem[] = [
      ...[...current].filter((id) => !wanted.has(id)).map((groupId) => ({ Delete: { TableName: table, Key: knowledgeBaseKeys.group(organizationId, knowledgeBaseId, groupId) } })),
      ...[...wanted].filter((id) => !current.has(id)).map((groupId) => ({ Put: { TableName: table, Item: knowledgeBaseGroupItem(organizationId, knowledgeBaseId, groupId, now) } })),
    ];
    await transactInChunks(this.database, writes);
  }
}
