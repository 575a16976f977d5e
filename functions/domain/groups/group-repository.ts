import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys, newId, nowIso, SK_PREFIX, withoutKeys } from '../../contracts/keys/table-keys';
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

/** Another group of the organization already has this name, compared case-insensitively (§8). */
export class GroupNameTakenError extends Error {}

/**
 * The claim that keeps group names unique per organization. It lives beside the groups in the
 * organization's partition; `GROUPNAME#` does not begin with `GROUP#`, so group lists never see it.
 */
export const groupNameKey = (organizationId: string, name: string) => ({
  PK: keys.organization(organizationId).PK,
  SK: `GROUPNAME#${name.trim().toLowerCase()}`,
});

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

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

  /** Case-insensitive; reads the groups themselves so names saved before the claim existed still count. */
  async findByName(organizationId: string, name: string): Promise<GroupRecord | undefined> {
    const wanted = name.trim().toLowerCase();
    return (await this.listByOrganization(organizationId)).find((group) => group.name.trim().toLowerCase() === wanted);
  }

  /** Throws GroupNameTakenError when the name is claimed by another group of the organization. */
  async create(input: Pick<GroupRecord, 'organization_id' | 'name' | 'description' | 'is_admin_group'>): Promise<GroupRecord> {
    const now = nowIso();
    const record: GroupRecord = { id: newId('grp'), ...input, created_at: now, updated_at: now };
    const table = this.database.tableName;
    await this.transact(
      [
        { Put: { TableName: table, Item: { ...groupNameKey(record.organization_id, record.name), entity: 'groupName', groupId: record.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
        { Put: { TableName: table, Item: { ...keys.group(record.organization_id, record.id), entity: 'group', ...record }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ],
      () => new GroupNameTakenError(`A group named ${record.name} already exists`),
    );
    return record;
  }

  /** A rename swaps the name claim in the same transaction. Throws GroupNameTakenError. */
  async update(group: GroupRecord, changes: Partial<Pick<GroupRecord, 'name' | 'description'>>): Promise<GroupRecord> {
    const updated: GroupRecord = { ...group, ...changes, updated_at: nowIso() };
    const table = this.database.tableName;
    const renamed = updated.name.trim().toLowerCase() !== group.name.trim().toLowerCase();
    const items: TransactItems = [
      {
        Update: {
          TableName: table,
          Key: keys.group(group.organization_id, group.id),
          UpdateExpression: 'SET #name = :name, description = :description, updated_at = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': updated.name, ':description': updated.description, ':now': updated.updated_at },
        },
      },
    ];
    if (renamed) {
      items.unshift(
        { Put: { TableName: table, Item: { ...groupNameKey(group.organization_id, updated.name), entity: 'groupName', groupId: group.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
        { Delete: { TableName: table, Key: groupNameKey(group.organization_id, group.name) } },
      );
    }
    await this.transact(items, () => new GroupNameTakenError(`A group named ${updated.name} already exists`));
    return updated;
  }

  /** Deletes the group, its name claim and every membership (both sides). */
  async delete(group: GroupRecord): Promise<void> {
    const memberIds = await this.memberIds(group.organization_id, group.id);
    const table = this.database.tableName;
    const memberships: TransactItems = memberIds.flatMap((userId) => [
      { Delete: { TableName: table, Key: keys.groupMember(group.organization_id, group.id, userId) } },
      { Delete: { TableName: table, Key: keys.userGroup(group.organization_id, userId, group.id) } },
    ]);
    // Memberships go first, in chunks below the transaction limit, so a failure leaves the group in place to retry.
    for (let start = 0; start < memberships.length; start += 100) {
      await this.database.client.send(new TransactWriteCommand({ TransactItems: memberships.slice(start, start + 100) }));
    }
    await this.database.client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table, Key: keys.group(group.organization_id, group.id) } },
          { Delete: { TableName: table, Key: groupNameKey(group.organization_id, group.name) } },
        ],
      }),
    );
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

  async removeMember(organizationId: string, groupId: string, userId: string): Promise<void> {
    const table = this.database.tableName;
    await this.database.client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table, Key: keys.groupMember(organizationId, groupId, userId) } },
          { Delete: { TableName: table, Key: keys.userGroup(organizationId, userId, groupId) } },
        ],
      }),
    );
  }

  async isMember(organizationId: string, groupId: string, userId: string): Promise<boolean> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: keys.groupMember(organizationId, groupId, userId) }),
    );
    return Item !== undefined;
  }

  async memberIds(organizationId: string, groupId: string): Promise<string[]> {
    const { items } = await queryAll<{ userId: string }>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': SK_PREFIX.groupMembers(groupId) },
    });
    return items.map((item) => item.userId);
  }

  async memberCount(organizationId: string, groupId: string): Promise<number> {
    return (await this.memberIds(organizationId, groupId)).length;
  }

  /** Every membership of the organization, from one Query over the member items. */
  async memberships(organizationId: string): Promise<{ groupId: string; userId: string }[]> {
    const { items } = await queryAll<{ groupId: string; userId: string }>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': 'MEMBER#' },
      ProjectionExpression: 'groupId, userId',
    });
    return items;
  }

  /** Member counts of every group of the organization. */
  async memberCounts(organizationId: string): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const { groupId } of await this.memberships(organizationId)) counts.set(groupId, (counts.get(groupId) ?? 0) + 1);
    return counts;
  }

  async groupIdsOfUser(organizationId: string, userId: string): Promise<string[]> {
    const { items } = await queryAll<{ groupId: string }>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': SK_PREFIX.userGroups(userId) },
    });
    return items.map((item) => item.groupId);
  }

  async groupsOfUser(organizationId: string, userId: string): Promise<GroupRecord[]> {
    const groupIds = await this.groupIdsOfUser(organizationId, userId);
    const groups = await Promise.all(groupIds.map((groupId) => this.get(organizationId, groupId)));
    return groups.filter((group): group is GroupRecord => group !== undefined);
  }

  /** Removes every membership of a user (user deletion), both sides. */
  async removeUserFromAll(organizationId: string, userId: string): Promise<void> {
    const groupIds = await this.groupIdsOfUser(organizationId, userId);
    for (const groupId of groupIds) await this.removeMember(organizationId, groupId, userId);
  }

  private async transact(items: TransactItems, onConflict: () => Error): Promise<void> {
    try {
      await this.database.client.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if ((error as Error).name === 'TransactionCanceledException' && reasons?.[0]?.Code === 'ConditionalCheckFailed') throw onConflict();
      throw error;
    }
  }
}
