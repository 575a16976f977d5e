import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type QueryCommandOutput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AuthSettings, SecuritySettings } from '../../../shared/rules/organization-settings';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys, newId, nowIso, SK_PREFIX, withoutKeys } from '../../contracts/keys/table-keys';
import { queryAll } from '../table/query-all';

export type OrganizationStatus = 'active' | 'inactive' | 'suspended';
export type OrganizationType = 'consumer' | 'business';

export interface OrganizationRecord {
  id: string;
  name: string;
  /** Lowercase email domain of the organization's people; '' for none. */
  domain: string;
  status: OrganizationStatus;
  type: OrganizationType;
  is_system_org: boolean;
  /** Absent until first saved; read through organizationSettings(), which fills in the defaults. */
  authSettings?: Partial<AuthSettings>;
  securitySettings?: Partial<SecuritySettings>;
  createdAt: string;
  updatedAt: string;
}

export class DomainTakenError extends Error {}

/** What §6.4 may change; the caller decides who may change which. */
export type OrganizationChanges = Partial<Pick<OrganizationRecord, 'name' | 'domain' | 'status' | 'type'>>;

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** Whether a cancelled transaction failed on the condition of the item at `index` (a claim). */
function failedAt(error: unknown, index: number): boolean {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string } | undefined> }).CancellationReasons;
  return reasons?.[index]?.Code === 'ConditionalCheckFailed';
}

export class OrganizationRepository {
  constructor(private readonly database: DatabasePort) {}

  async get(organizationId: string): Promise<OrganizationRecord | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: keys.organization(organizationId) }));
    return Item ? (withoutKeys(Item) as unknown as OrganizationRecord) : undefined;
  }

  async findByDomain(domain: string): Promise<OrganizationRecord | undefined> {
    if (!domain) return undefined;
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: keys.domainClaim(domain) }));
    return Item ? this.get(Item.organizationId as string) : undefined;
  }

  /** The system admin's list: one index partition ordered by creation (contract §1.5). */
  async listAll(): Promise<{ items: OrganizationRecord[]; truncated: boolean }> {
    const result = await queryAll<Record<string, unknown>>(this.database, {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'ORGS' },
    });
    return { items: result.items.map((item) => withoutKeys(item) as unknown as OrganizationRecord), truncated: result.truncated };
  }

  /** Creates the organization and claims its domain in one transaction, so two organizations never share one. */
  async create(
    input: Pick<OrganizationRecord, 'name' | 'domain' | 'type' | 'is_system_org'> &
      Partial<Pick<OrganizationRecord, 'status' | 'authSettings' | 'securitySettings'>>,
  ): Promise<OrganizationRecord> {
    const now = nowIso();
    const record: OrganizationRecord = {
      id: newId('org'),
      name: input.name,
      domain: input.domain.toLowerCase(),
      status: input.status ?? 'active',
      type: input.type,
      is_system_org: input.is_system_org,
      ...(input.authSettings ? { authSettings: input.authSettings } : {}),
      ...(input.securitySettings ? { securitySettings: input.securitySettings } : {}),
      createdAt: now,
      updatedAt: now,
    };
    const writes: TransactItems = [
      {
        Put: {
          TableName: this.database.tableName,
          Item: { ...keys.organization(record.id), ...keys.organizationListing(now, record.id), entity: 'organization', ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ];
    if (record.domain) {
      writes.push({
        Put: {
          TableName: this.database.tableName,
          Item: { ...keys.domainClaim(record.domain), entity: 'domainClaim', organizationId: record.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
    }
    try {
      await this.database.client.send(new TransactWriteCommand({ TransactItems: writes }));
    } catch (error) {
      if ((error as Error).name === 'TransactionCanceledException') throw new DomainTakenError(`Domain ${record.domain} is already used`);
      throw error;
    }
    return record;
  }

  /**
   * Applies §6.4's changes. A domain change moves the claim in the same transaction as the record
   * (release the old claim, take the new one), so two organizations never hold one domain and a
   * failed change leaves the old claim in place. The record's current domain is a condition, so a
   * concurrent change cannot strand a claim.
   */
  async update(current: OrganizationRecord, changes: OrganizationChanges): Promise<OrganizationRecord> {
    const table = this.database.tableName;
    const next: OrganizationRecord = { ...current, ...changes, updatedAt: nowIso() };
    if (changes.domain !== undefined) next.domain = changes.domain.toLowerCase();
    const fields = (['name', 'domain', 'status', 'type'] as const).filter((field) => changes[field] !== undefined);
    const names = Object.fromEntries(fields.map((field) => [`#${field}`, field]));
    const values = Object.fromEntries(fields.map((field) => [`:${field}`, next[field]]));
    const writes: TransactItems = [
      {
        Update: {
          TableName: table,
          Key: keys.organization(current.id),
          UpdateExpression: `SET ${[...fields.map((field) => `#${field} = :${field}`), '#updatedAt = :updatedAt'].join(', ')}`,
          ConditionExpression: 'attribute_exists(PK) AND #domain = :currentDomain',
          ExpressionAttributeNames: { ...names, '#domain': 'domain', '#updatedAt': 'updatedAt' },
          ExpressionAttributeValues: { ...values, ':updatedAt': next.updatedAt, ':currentDomain': current.domain },
        },
      },
    ];
    const domainMoves = next.domain !== current.domain;
    if (domainMoves && current.domain) {
      writes.push({
        Delete: {
          TableName: table,
          Key: keys.domainClaim(current.domain),
          ConditionExpression: 'organizationId = :id',
          ExpressionAttributeValues: { ':id': current.id },
        },
      });
    }
    if (domainMoves && next.domain) {
      writes.push({
        Put: {
          TableName: table,
          Item: { ...keys.domainClaim(next.domain), entity: 'domainClaim', organizationId: current.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
    }
    try {
      await this.database.client.send(new TransactWriteCommand({ TransactItems: writes }));
    } catch (error) {
      if ((error as Error).name === 'TransactionCanceledException' && domainMoves && next.domain && failedAt(error, writes.length - 1)) {
        throw new DomainTakenError(`Domain ${next.domain} is already used`);
      }
      throw error;
    }
    return next;
  }

  async saveAuthSettings(organizationId: string, settings: AuthSettings): Promise<void> {
    await this.saveSettings(organizationId, 'authSettings', settings);
  }

  async saveSecuritySettings(organizationId: string, settings: SecuritySettings): Promise<void> {
    await this.saveSettings(organizationId, 'securitySettings', settings);
  }

  /** `user_count` of the Organization entity: the user items of its partition, counted by the table. */
  async countUsers(organizationId: string): Promise<number> {
    let count = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page: QueryCommandOutput = await this.database.client.send(
        new QueryCommand({
          TableName: this.database.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
          ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': SK_PREFIX.user },
          Select: 'COUNT',
          ExclusiveStartKey: startKey,
        }),
      );
      count += page.Count ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return count;
  }

  /**
   * Undoes a creation that could not finish (§6.2: its admin could not be created), releasing the
   * domain claim. Only for an organization nobody has used yet: organizations are otherwise never
   * deleted (§6).
   */
  async discardUnfinished(record: OrganizationRecord): Promise<void> {
    const table = this.database.tableName;
    await this.database.client.send(new DeleteCommand({ TableName: table, Key: keys.organization(record.id) }));
    if (record.domain) {
      await this.database.client.send(
        new DeleteCommand({
          TableName: table,
          Key: keys.domainClaim(record.domain),
          ConditionExpression: 'organizationId = :id',
          ExpressionAttributeValues: { ':id': record.id },
        }),
      );
    }
  }

  private async saveSettings(organizationId: string, attribute: 'authSettings' | 'securitySettings', settings: AuthSettings | SecuritySettings): Promise<void> {
    await this.database.client.send(
      new UpdateCommand({
        TableName: this.database.tableName,
        Key: keys.organization(organizationId),
        UpdateExpression: 'SET #settings = :settings, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#settings': attribute },
        ExpressionAttributeValues: { ':settings': settings, ':now': nowIso() },
      }),
    );
  }
}
