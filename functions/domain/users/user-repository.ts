import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../../shared/auth/roles';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys, newId, nowIso, SK_PREFIX, withoutKeys } from '../../contracts/keys/table-keys';
import { queryAll } from '../table/query-all';

export type UserStatus = 'active' | 'inactive';
export type AuthProvider = 'password' | 'google';

export interface UserRecord {
  id: string;
  organization_id: string;
  email: string;
  full_name: string;
  role: Role;
  status: UserStatus;
  auth_providers: AuthProvider[];
  /** The identity provider's subject, once linked (contract §4 user resolution). */
  subject?: string;
  force_password_change: boolean;
  invitation_pending: boolean;
  last_login?: string;
  created_at: string;
  updated_at: string;
}

export class EmailTakenError extends Error {}

/** The fields an admin, the invitation flow or the profile may change on a user. */
export type UserChanges = Partial<Pick<UserRecord, 'email' | 'full_name' | 'role' | 'status' | 'force_password_change' | 'invitation_pending' | 'auth_providers'>>;

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

interface Pointer {
  userId: string;
  organizationId: string;
}

export class UserRepository {
  constructor(private readonly database: DatabasePort) {}

  async get(organizationId: string, userId: string): Promise<UserRecord | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: keys.user(organizationId, userId) }));
    return Item ? (withoutKeys(Item) as unknown as UserRecord) : undefined;
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    return this.follow(keys.emailClaim(email));
  }

  async findBySubject(subject: string): Promise<UserRecord | undefined> {
    return this.follow(keys.subjectLink(subject));
  }

  async listByOrganization(organizationId: string): Promise<{ items: UserRecord[]; truncated: boolean }> {
    const result = await queryAll<Record<string, unknown>>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': SK_PREFIX.user },
    });
    return { items: result.items.map((item) => withoutKeys(item) as unknown as UserRecord), truncated: result.truncated };
  }

  /**
   * Creates the user, claims the email and (when known) links the provider subject in one
   * transaction: an email belongs to exactly one user across all organizations.
   */
  async create(
    input: Pick<UserRecord, 'organization_id' | 'email' | 'full_name' | 'role' | 'auth_providers'> &
      Partial<Pick<UserRecord, 'status' | 'subject' | 'invitation_pending' | 'force_password_change'>>,
  ): Promise<UserRecord> {
    const now = nowIso();
    const record: UserRecord = {
      id: newId('usr'),
      organization_id: input.organization_id,
      email: input.email.trim().toLowerCase(),
      full_name: input.full_name.trim(),
      role: input.role,
      status: input.status ?? 'active',
      auth_providers: input.auth_providers,
      force_password_change: input.force_password_change ?? false,
      invitation_pending: input.invitation_pending ?? false,
      created_at: now,
      updated_at: now,
      ...(input.subject ? { subject: input.subject } : {}),
    };
    const pointer: Pointer = { userId: record.id, organizationId: record.organization_id };
    const table = this.database.tableName;
    const items = [
      { Put: { TableName: table, Item: { ...keys.user(record.organization_id, record.id), entity: 'user', ...record }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { TableName: table, Item: { ...keys.emailClaim(record.email), entity: 'emailClaim', ...pointer }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ...(record.subject
        ? [{ Put: { TableName: table, Item: { ...keys.subjectLink(record.subject), entity: 'subjectLink', ...pointer }, ConditionExpression: 'attribute_not_exists(PK)' } }]
        : []),
    ];
    try {
      await this.database.client.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if ((error as Error).name === 'TransactionCanceledException') throw new EmailTakenError(`An account with email ${record.email} already exists`);
      throw error;
    }
    return record;
  }

  /**
   * Applies the changes and returns the updated record. An email change moves the email claim in the
   * same transaction, so two users can never end up with one address: throws EmailTakenError.
   */
  async update(user: UserRecord, changes: UserChanges): Promise<UserRecord> {
    const normalized: UserChanges = { ...changes };
    if (normalized.email !== undefined) normalized.email = normalized.email.trim().toLowerCase();
    if (normalized.full_name !== undefined) normalized.full_name = normalized.full_name.trim();
    const updated: UserRecord = { ...user, ...normalized, updated_at: nowIso() };

    const fields = Object.entries(normalized).filter(([, value]) => value !== undefined);
    const names: Record<string, string> = { '#updated_at': 'updated_at' };
    const values: Record<string, unknown> = { ':updated_at': updated.updated_at };
    const assignments = ['#updated_at = :updated_at'];
    for (const [field, value] of fields) {
      names[`#${field}`] = field;
      values[`:${field}`] = value;
      assignments.push(`#${field} = :${field}`);
    }
    const table = this.database.tableName;
    const items: TransactItems = [
      {
        Update: {
          TableName: table,
          Key: keys.user(user.organization_id, user.id),
          UpdateExpression: `SET ${assignments.join(', ')}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    ];
    const emailChanged = updated.email !== user.email;
    if (emailChanged) {
      const pointer: Pointer = { userId: user.id, organizationId: user.organization_id };
      items.unshift(
        { Put: { TableName: table, Item: { ...keys.emailClaim(updated.email), entity: 'emailClaim', ...pointer }, ConditionExpression: 'attribute_not_exists(PK)' } },
        { Delete: { TableName: table, Key: keys.emailClaim(user.email) } },
      );
    }
    try {
      await this.database.client.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if (emailChanged && (error as Error).name === 'TransactionCanceledException' && reasons?.[0]?.Code === 'ConditionalCheckFailed') {
        throw new EmailTakenError(`An account with email ${updated.email} already exists`);
      }
      throw error;
    }
    return updated;
  }

  /**
   * Deletes the user with its email claim and subject link. Memberships, invitations and the
   * provider account belong to other repositories and ports (see deleteUserEverywhere).
   */
  async delete(user: UserRecord): Promise<void> {
    const table = this.database.tableName;
    const items: TransactItems = [
      { Delete: { TableName: table, Key: keys.user(user.organization_id, user.id) } },
      { Delete: { TableName: table, Key: keys.emailClaim(user.email), ConditionExpression: 'attribute_not_exists(PK) OR userId = :userId', ExpressionAttributeValues: { ':userId': user.id } } },
    ];
    if (user.subject) items.push({ Delete: { TableName: table, Key: keys.subjectLink(user.subject), ConditionExpression: 'attribute_not_exists(PK) OR userId = :userId', ExpressionAttributeValues: { ':userId': user.id } } });
    await this.database.client.send(new TransactWriteCommand({ TransactItems: items }));
  }

  async recordLogin(user: UserRecord): Promise<string> {
    const now = nowIso();
    await this.database.client.send(
      new UpdateCommand({
        TableName: this.database.tableName,
        Key: keys.user(user.organization_id, user.id),
        UpdateExpression: 'SET last_login = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': now },
      }),
    );
    return now;
  }

  private async follow(pointerKey: { PK: string; SK: string }): Promise<UserRecord | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: pointerKey }));
    if (!Item) return undefined;
    const pointer = Item as unknown as Pointer;
    return this.get(pointer.organizationId, pointer.userId);
  }
}

/** Links a provider subject to an existing user (user resolution step 2, contract §4). */
export async function linkSubject(database: DatabasePort, user: UserRecord, subject: string): Promise<UserRecord> {
  const now = nowIso();
  await database.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: database.tableName,
            Item: { ...keys.subjectLink(subject), entity: 'subjectLink', userId: user.id, organizationId: user.organization_id },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Update: {
            TableName: database.tableName,
            Key: keys.user(user.organization_id, user.id),
            UpdateExpression: 'SET subject = :subject, updated_at = :now',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':subject': subject, ':now': now },
          },
        },
      ],
    }),
  );
  return { ...user, subject, updated_at: now };
}
