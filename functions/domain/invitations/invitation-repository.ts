import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys, withoutKeys } from '../../contracts/keys/table-keys';
import { invitationTtl } from './invitation-state';

export interface InvitationRecord {
  /** SHA-256 of the token; the token itself is only ever in the email. */
  tokenHash: string;
  userId: string;
  organizationId: string;
  createdAt: string;
  expiresAt: string;
  acceptedAt?: string;
}

/** The invitation, found by the hash of the token the link carries. */
export const invitationKey = (tokenHash: string) => ({ PK: `INVITATION#${tokenHash}`, SK: 'INVITATION' });

/**
 * The user's pending invitation, so deleting the user can revoke it. `INVITE#` does not begin with
 * `USER#`, so user lists never see it.
 */
export const userInvitationKey = (organizationId: string, userId: string) => ({ PK: keys.organization(organizationId).PK, SK: `INVITE#${userId}` });

/** Someone accepted the invitation first (a double submit): the caller answers 409. */
export class InvitationAlreadyAcceptedError extends Error {}

export class InvitationRepository {
  constructor(private readonly database: DatabasePort) {}

  async create(record: InvitationRecord): Promise<void> {
    const ttl = invitationTtl(record.expiresAt);
    const table = this.database.tableName;
    await this.database.client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table, Item: { ...invitationKey(record.tokenHash), entity: 'invitation', ...record, ttl }, ConditionExpression: 'attribute_not_exists(PK)' } },
          {
            Put: {
              TableName: table,
              Item: { ...userInvitationKey(record.organizationId, record.userId), entity: 'userInvitation', tokenHash: record.tokenHash, expiresAt: record.expiresAt, ttl },
            },
          },
        ],
      }),
    );
  }

  async findByTokenHash(tokenHash: string): Promise<InvitationRecord | undefined> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: invitationKey(tokenHash), ConsistentRead: true }));
    return Item ? (withoutKeys(Item) as unknown as InvitationRecord) : undefined;
  }

  /** The user's invitation, if one was sent and not yet removed. */
  async findForUser(organizationId: string, userId: string): Promise<InvitationRecord | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: userInvitationKey(organizationId, userId), ConsistentRead: true }),
    );
    return Item ? this.findByTokenHash(Item.tokenHash as string) : undefined;
  }

  /** Single use: only the first acceptance succeeds. Throws InvitationAlreadyAcceptedError. */
  async markAccepted(invitation: InvitationRecord, acceptedAt: string): Promise<void> {
    try {
      await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: invitationKey(invitation.tokenHash),
          UpdateExpression: 'SET acceptedAt = :acceptedAt',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(acceptedAt)',
          ExpressionAttributeValues: { ':acceptedAt': acceptedAt },
        }),
      );
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') throw new InvitationAlreadyAcceptedError('Invitation has already been accepted');
      throw error;
    }
  }

  /** Removes the user's invitation, so its link stops working (user deletion). */
  async revokeForUser(organizationId: string, userId: string): Promise<void> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: userInvitationKey(organizationId, userId), ConsistentRead: true }));
    const table = this.database.tableName;
    if (Item) await this.database.client.send(new DeleteCommand({ TableName: table, Key: invitationKey(Item.tokenHash as string) }));
    await this.database.client.send(new DeleteCommand({ TableName: table, Key: userInvitationKey(organizationId, userId) }));
  }
}
