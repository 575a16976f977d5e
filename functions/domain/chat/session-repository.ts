import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { CHAT_LIMITS, type ChatChannel } from '../../../shared/rules/chat';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys, withoutKeys } from '../../contracts/keys/table-keys';
import { queryAll } from '../table/query-all';
import { chatKeys, type ChatMessageRecord, type ChatSessionRecord } from './chat-records';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export interface SessionOwner {
  organizationId: string;
  applicationId: string;
  channel: ChatChannel;
  userId: string;
}

/** The session already holds its 400 messages (§17.4). */
export class SessionFullError extends Error {}

/** Another send changed the session between read and write. */
export class SessionChangedError extends Error {}

/** Which item of the exchange transaction refused, by position. */
export class ExchangeRefusedError extends Error {
  constructor(readonly position: number) {
    super(`Exchange transaction refused at item ${position}`);
  }
}

const sessionKeyOf = (session: ChatSessionRecord) => chatKeys.session(session.organization_id, session.rag_application_id, session.channel, session.user_id, session.id);

export interface Exchange {
  user: ChatMessageRecord;
  assistant: ChatMessageRecord;
  /** Set on the session's first exchange: its new name. */
  name?: string;
  /** Extra writes that must succeed with the exchange (the conversation counter). */
  alongside?: TransactItem[];
}

/** Chat sessions and their messages (contract §17; docs/data-model.md). */
export class SessionRepository {
  constructor(private readonly database: DatabasePort) {}

  async create(session: ChatSessionRecord): Promise<void> {
    await this.database.client.send(
      new PutCommand({ TableName: this.database.tableName, Item: { ...sessionKeyOf(session), entity: 'chatSession', ...session }, ConditionExpression: 'attribute_not_exists(PK)' }),
    );
  }

  async get(owner: SessionOwner, sessionId: string): Promise<ChatSessionRecord | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: chatKeys.session(owner.organizationId, owner.applicationId, owner.channel, owner.userId, sessionId), ConsistentRead: true }),
    );
    return Item ? (withoutKeys(Item) as unknown as ChatSessionRecord) : undefined;
  }

  async listOwned(owner: SessionOwner): Promise<{ items: ChatSessionRecord[]; truncated: boolean }> {
    const { items, truncated } = await queryAll<Record<string, unknown>>(this.database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(owner.organizationId).PK, ':sk': chatKeys.sessionsOf(owner.applicationId, owner.channel, owner.userId) },
    });
    return { items: items.map((item) => withoutKeys(item) as unknown as ChatSessionRecord), truncated };
  }

  /** Oldest first; `since` (ISO) keeps only messages from then on. A session holds at most 400. */
  async messages(organizationId: string, sessionId: string, since?: string): Promise<ChatMessageRecord[]> {
    const partition = chatKeys.messagePartition(organizationId, sessionId);
    const messages: ChatMessageRecord[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.database.client.send(
        new QueryCommand({
          TableName: this.database.tableName,
          KeyConditionExpression: since ? 'PK = :pk AND SK >= :since' : 'PK = :pk',
          ExpressionAttributeValues: { ':pk': partition, ...(since ? { ':since': `MSG#${since}` } : {}) },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) messages.push(withoutKeys(item) as unknown as ChatMessageRecord);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return messages;
  }

  /**
   * Stores a user message and its reply atomically (§17.4 step 5), with the session's bookkeeping
   * conditional on the message count read, so two sends racing on one session cannot both pass
   * the 400-message cap or both count as the first. Returns the session as written.
   */
  async storeExchange(session: ChatSessionRecord, exchange: Exchange): Promise<ChatSessionRecord> {
    const table = this.database.tableName;
    if (session.message_count + 2 > CHAT_LIMITS.sessionMaxMessages) throw new SessionFullError();
    const updated: ChatSessionRecord = {
      ...session,
      name: exchange.name ?? session.name,
      is_new_session: false,
      message_count: session.message_count + 2,
      updated_at: exchange.assistant.timestamp,
    };
    // Unconditional: a message's key ends in its fresh ulid, so it can only be new. The session's
    // condition is what guards the exchange. The two conditions this drops cost DynamoDB Local, which
    // parses every expression, about a fifth of the transaction's CPU, and checked nothing.
    const messagePut = (message: ChatMessageRecord): TransactItem => ({
      Put: {
        TableName: table,
        Item: { ...chatKeys.message(session.organization_id, session.id, message.timestamp, message.id), entity: 'chatMessage', ...message },
      },
    });
    const items: TransactItem[] = [
      {
        Update: {
          TableName: table,
          Key: sessionKeyOf(session),
          UpdateExpression: 'SET #name = :name, is_new_session = :false, message_count = :count, updated_at = :updated',
          ConditionExpression: 'attribute_exists(PK) AND message_count = :seen',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': updated.name, ':false': false, ':count': updated.message_count, ':updated': updated.updated_at, ':seen': session.message_count },
        },
      },
      messagePut(exchange.user),
      messagePut(exchange.assistant),
      ...(exchange.alongside ?? []),
    ];
    try {
      await this.database.client.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      const position = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      if (position === 0) throw new SessionChangedError('The session changed while the reply was being written');
      if (position > 0) throw new ExchangeRefusedError(position);
      throw error;
    }
    return updated;
  }
}
