import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys, withoutKeys } from '../../contracts/keys/table-keys';
import { queryAll } from '../table/query-all';
import { apiIntegrationOf, APPLICATION_SK_PREFIX, applicationKeys, type ApplicationRecord } from './application-record';

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/** Another application already holds this API token (tokens are unique, §16). */
export class ApiTokenTakenError extends Error {}

/** The application changed or vanished between read and write. */
export class ApplicationGoneError extends Error {}

export interface ApiTokenClaim {
  organizationId: string;
  applicationId: string;
}

/** Transactions are capped at 100 items; group links beyond that go in further chunks. */
const TRANSACTION_LIMIT = 100;

function conditionFailedAt(error: unknown): number | undefined {
  if ((error as Error).name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  const index = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
  return index < 0 ? undefined : index;
}

/**
 * Applications (contract §16) and what hangs off them: group links, the API-token claim and the
 * lookup the Slack receiver starts from. The claim and the lookup change in the same transaction
 * as the application, so a regenerated or deleted token is refused from that moment on.
 */
export class ApplicationRepository {
  constructor(private readonly database: DatabasePort) {}

  async get(organizationId: string, applicationId: string): Promise<ApplicationRecord | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: applicationKeys.application(organizationId, applicationId), ConsistentRead: true }),
    );
    return Item ? (withoutKeys(Item) as unknown as ApplicationRecord) : undefined;
  }

  async list(organizationId: string): Promise<{ items: ApplicationRecord[]; truncated: boolean }> {
    const { items, truncated } = await queryAll<Record<string, unknown>>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': APPLICATION_SK_PREFIX.application },
    });
    return { items: items.map((item) => withoutKeys(item) as unknown as ApplicationRecord), truncated };
  }

  async groupIds(organizationId: string, applicationId: string): Promise<string[]> {
    const { items } = await queryAll<{ groupId: string }>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': APPLICATION_SK_PREFIX.groups(applicationId) },
      ProjectionExpression: 'groupId',
    });
    return items.map((item) => item.groupId);
  }

  /** Every application ↔ group link of the organization, from one Query (non-admin lists). */
  async groupLinks(organizationId: string): Promise<Map<string, Set<string>>> {
    const { items } = await queryAll<{ applicationId: string; groupId: string }>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': APPLICATION_SK_PREFIX.everyGroupLink },
      ProjectionExpression: 'applicationId, groupId',
    });
    const links = new Map<string, Set<string>>();
    for (const { applicationId, groupId } of items) links.set(applicationId, (links.get(applicationId) ?? new Set()).add(groupId));
    return links;
  }

  async findTokenClaim(tokenHash: string): Promise<ApiTokenClaim | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: applicationKeys.apiTokenClaim(tokenHash) }));
    return Item ? { organizationId: Item.organizationId as string, applicationId: Item.applicationId as string } : undefined;
  }

  async findOrganizationOf(applicationId: string): Promise<string | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: applicationKeys.applicationLookup(applicationId) }));
    return Item?.organizationId as string | undefined;
  }

  /** Throws ApiTokenTakenError when the token is another application's. */
  async create(record: ApplicationRecord, groupIds: string[]): Promise<void> {
    const table = this.database.tableName;
    const items: TransactItems = [
      { Put: { TableName: table, Item: { ...applicationKeys.application(record.organization_id, record.id), entity: 'application', ...record }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { TableName: table, Item: { ...applicationKeys.applicationLookup(record.id), entity: 'applicationLookup', organizationId: record.organization_id, applicationId: record.id } } },
      ...this.groupPuts(record, groupIds),
    ];
    const tokenHash = apiIntegrationOf(record)?.token_hash;
    if (tokenHash) items.unshift(this.claimPut(record, tokenHash));
    await this.transact(items, tokenHash !== undefined);
  }

  /**
   * Replaces the record, conditional on the version read (`updated_at`), and moves the token claim
   * when the token changed. Throws ApiTokenTakenError or ApplicationGoneError.
   */
  async update(before: ApplicationRecord, after: ApplicationRecord): Promise<void> {
    const table = this.database.tableName;
    const oldHash = apiIntegrationOf(before)?.token_hash;
    const newHash = apiIntegrationOf(after)?.token_hash;
    const items: TransactItems = [];
    const claimMoves = oldHash !== newHash && newHash !== undefined;
    if (claimMoves) items.push(this.claimPut(after, newHash));
    items.push({
      Put: {
        TableName: table,
        Item: { ...applicationKeys.application(after.organization_id, after.id), entity: 'application', ...after },
        ConditionExpression: 'updated_at = :seen',
        ExpressionAttributeValues: { ':seen': before.updated_at },
      },
    });
    if (oldHash && oldHash !== newHash) items.push({ Delete: { TableName: table, Key: applicationKeys.apiTokenClaim(oldHash) } });
    await this.transact(items, claimMoves);
  }

  /** The record, its lookup and its token claim at once, so the API key is refused from then on; then its group links. */
  async delete(record: ApplicationRecord): Promise<void> {
    const table = this.database.tableName;
    const items: TransactItems = [
      { Delete: { TableName: table, Key: applicationKeys.application(record.organization_id, record.id) } },
      { Delete: { TableName: table, Key: applicationKeys.applicationLookup(record.id) } },
    ];
    const tokenHash = apiIntegrationOf(record)?.token_hash;
    if (tokenHash) items.push({ Delete: { TableName: table, Key: applicationKeys.apiTokenClaim(tokenHash) } });
    await this.database.client.send(new TransactWriteCommand({ TransactItems: items }));
    const links = (await this.groupIds(record.organization_id, record.id)).map((groupId) => ({
      Delete: { TableName: table, Key: applicationKeys.applicationGroup(record.organization_id, record.id, groupId) },
    }));
    for (let start = 0; start < links.length; start += TRANSACTION_LIMIT) {
      await this.database.client.send(new TransactWriteCommand({ TransactItems: links.slice(start, start + TRANSACTION_LIMIT) }));
    }
  }

  /** Sets the group links to exactly `groupIds`. */
  async replaceGroups(record: ApplicationRecord, groupIds: string[]): Promise<void> {
    const table = this.database.tableName;
    const current = new Set(await this.groupIds(record.organization_id, record.id));
    const wanted = new Set(groupIds);
    const changes: TransactItems = [
      ...this.groupPuts(record, [...wanted].filter((groupId) => !current.has(groupId))),
      ...[...current]
        .filter((groupId) => !wanted.has(groupId))
        .map((groupId) => ({ Delete: { TableName: table, Key: applicationKeys.applicationGroup(record.organization_id, record.id, groupId) } })),
    ];
    for (let start = 0; start < changes.length; start += TRANSACTION_LIMIT) {
      await this.database.client.send(new TransactWriteCommand({ TransactItems: changes.slice(start, start + TRANSACTION_LIMIT) }));
    }
  }

  private groupPuts(record: ApplicationRecord, groupIds: string[]): TransactItems {
    return groupIds.map((groupId) => ({
      Put: {
        TableName: this.database.tableName,
        Item: { ...applicationKeys.applicationGroup(record.organization_id, record.id, groupId), entity: 'applicationGroup', applicationId: record.id, groupId },
      },
    }));
  }

  private claimPut(record: ApplicationRecord, tokenHash: string): TransactItems[number] {
    return {
      Put: {
        TableName: this.database.tableName,
        Item: { ...applicationKeys.apiTokenClaim(tokenHash), entity: 'apiTokenClaim', organizationId: record.organization_id, applicationId: record.id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  }

  /** The claim, when there is one, is the first item: its failure means the token is taken. */
  private async transact(items: TransactItems, claimFirst: boolean): Promise<void> {
    try {
      await this.database.client.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      const failedAt = conditionFailedAt(error);
      if (failedAt === 0 && claimFirst) throw new ApiTokenTakenError('API token is already in use');
      if (failedAt !== undefined) throw new ApplicationGoneError('The application changed while it was being saved');
      throw error;
    }
  }
}
