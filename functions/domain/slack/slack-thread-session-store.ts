import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import type { ChatSessionRecord } from '../chat/chat-records';
import { SessionRepository, type SessionOwner } from '../chat/session-repository';
import { startSession } from '../chat/start-session';
import { keys } from '../../contracts/keys/table-keys';

export interface SlackThread {
  organizationId: string;
  applicationId: string;
  teamId: string;
  channel: string;
  threadTs: string;
}

/**
 * A thread's session is kept while the thread is in use; one quiet for this long starts afresh,
 * and a thread item outliving its application (deleted with its sessions) goes away by itself.
 */
const THREAD_TTL_S = 90 * 24 * 60 * 60;

export const slackThreadKey = (thread: SlackThread) => ({
  PK: keys.organization(thread.organizationId).PK,
  SK: `SLACKTHREAD#${thread.applicationId}#${thread.teamId}#${thread.channel}#${thread.threadTs}`,
});

/** §2 ChatSession: a Slack session belongs to `slack:{teamId}:{userId}`. */
export const slackUserId = (teamId: string, userId: string) => `slack:${teamId}:${userId}`;

/**
 * §18.1 "a session per thread". Slack threads are shared, so the thread, not the person, is the
 * conversation: the session belongs to whoever asked first in it (the contract's Slack user id),
 * and later questions in the thread, whoever asks them, continue it with its context. A thread
 * whose session was deleted (its application's purge) gets a new one.
 */
export async function sessionForThread(database: DatabasePort, thread: SlackThread, askerId: string, nowMs = Date.now()): Promise<ChatSessionRecord> {
  const sessions = new SessionRepository(database);
  const table = database.tableName;
  const key = slackThreadKey(thread);
  const ownerOf = (userId: string): SessionOwner => ({ organizationId: thread.organizationId, applicationId: thread.applicationId, channel: 'slack', userId });
  const ttl = Math.floor(nowMs / 1000) + THREAD_TTL_S;

  const { Item } = await database.client.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
  if (Item) {
    const existing = await sessions.get(ownerOf(Item.user_id as string), Item.session_id as string);
    if (existing) {
      await database.client.send(new PutCommand({ TableName: table, Item: { ...Item, ttl } }));
      return existing;
    }
  }

  const session = await startSession(database, ownerOf(slackUserId(thread.teamId, askerId)), { metadata: { slackChannel: thread.channel, slackThreadTs: thread.threadTs } });
  try {
    await database.client.send(
      new PutCommand({
        TableName: table,
        Item: { ...key, entity: 'slackThread', session_id: session.id, user_id: session.user_id, ttl },
        // Replaces only what was read: two first questions racing in one thread keep one session.
        ...(Item
          ? { ConditionExpression: 'session_id = :stale', ExpressionAttributeValues: { ':stale': Item.session_id } }
          : { ConditionExpression: 'attribute_not_exists(PK)' }),
      }),
    );
    return session;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    const { Item: winner } = await database.client.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
    const kept = winner ? await sessions.get(ownerOf(winner.user_id as string), winner.session_id as string) : undefined;
    if (!kept) throw error;
    return kept;
  }
}
