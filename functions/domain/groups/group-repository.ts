import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../ports/database';
import { keys, newId, nowIso, SK_PREFIX, withoutKeys } from '../table/keys';
import { queryAll } from '../table/query-all';

export interface GroupRecord {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  is_admin_group: boolean;
  created_at: string;
  updated_at: string;
}

/** Contract §1.3: every organization has exactly one admin group with this name. */
export const ADMIN_GROUP_NAME = 'Administrators';

export class GroupRepository {
  constructor(private readonly database: DatabasePort) {}

  async get(organizationId: string, groupId: string): Promise<GroupRecord | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: keys.group(organizationId, groupId) }));
    return Item ? (withoutKeys(Item) as unknown as GroupRecord) : undefined;
  }

  async listByOrganization(organizationId: string): Promise<GroupRecord[]> {
    const { items } = await queryAll<Record<string, unknown>>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': SK_PREFIX.group },
    });
    return items.map((item) => withoutKeys(item) as unknown as GroupRecord);
  }

  async findAdminGroup(organizationId: string): Promise<GroupRecord | undefined> {
    return (await this.listByOrganization(organizationId)).find((group) => group.is_admin_group);
  }

  async create(input: Pick<GroupRecord, 'organization_id' | 'name' | 'description' | 'is_admin_group'>): Promise<GroupRecord> {
    const now = nowIso();
    const record: GroupRecord = { id: newId('grp'), ...input, created_at: now, updated_at: now };
    await this.database.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.database.tableName,
              Item: { ...keys.group(record.organization_id, record.id), entity: 'group', ...record },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
    return record;
  }

  /** Membership is written from both sides in one transaction: group -> users and user -> groups. */
  async addMember(organizationId: string, groupId: string, userId: string): Promise<void> {
    const addedAt = nowIso();
    const table = this.database.tableName;
    await this.database.client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table, Item: { ...keys.groupMember(organizationId, groupId, userId), entity: 'groupMember', groupId, userId, addedAt } } },
          { Put: { TableName: table, Item: { ...keys.userGroup(organizationId, userId, groupId), entity: 'userGroup', groupId, userId, addedAt } } },
        ],
      }),
    );
  }

  async memberIds(organizationId: string, groupId: string): Promise<string[]> {
    const { items } = await queryAll<{ userId: string }>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': SK_PREFIX.groupMembers(groupId) },
    });
    return items.map((item) => item.userId);
  }

  async groupsOfUser(organizationId: string, userId: string): Promise<GroupRecord[]> {
    const { items } = await queryAll<{ groupId: string }>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': SK_PREFIX.userGroups(userId) },
    });
    const groups = await Promise.all(items.map((item) => this.get(organizationId, item.groupId)));
    return groups.filter((group): group is GroupRecord => group !== undefined);
  }
}
