import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AuthSettings, SecuritySettings } from '../../../shared/rules/organization-settings';
import type { DatabasePort } from '../../ports/database';
import { keys, newId, nowIso, withoutKeys } from '../table/keys';
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
  async create(input: Pick<OrganizationRecord, 'name' | 'domain' | 'type' | 'is_system_org'> & { status?: OrganizationStatus }): Promise<OrganizationRecord> {
    const now = nowIso();
    const record: OrganizationRecord = {
      id: newId('org'),
      name: input.name,
      domain: input.domain.toLowerCase(),
      status: input.status ?? 'active',
      type: input.type,
      is_system_org: input.is_system_org,
      createdAt: now,
      updatedAt: now,
    };
    const writes: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
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
}
