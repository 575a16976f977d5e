import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys } from '../../contracts/keys/table-keys';
import { chatKeys } from './chat-records';

/** BatchWriteItem takes at most 25 requests. */
const BATCH_LIMIT = 25;

type Key = { PK: string; SK: string };

async function deleteKeys(database: DatabasePort, itemKeys: Key[]): Promise<void> {
  for (let start = 0; start < itemKeys.length; start += BATCH_LIMIT) {
    let requests: Record<string, unknown>[] | undefined = itemKeys.slice(start, start + BATCH_LIMIT).map((Key) => ({ DeleteRequest: { Key } }));
    // Throttled deletes come back unprocessed; they are sent again until none are left.
    while (requests && requests.length > 0) {
      const answer = await database.client.send(new BatchWriteCommand({ RequestItems: { [database.tableName]: requests as never } }));
      requests = answer.UnprocessedItems?.[database.tableName] as Record<string, unknown>[] | undefined;
    }
  }
}

async function sessionKeys(database: DatabasePort, organizationId: string, prefix: string, keep: (item: Record<string, unknown>) => boolean): Promise<Array<Key & { id: string }>> {
  const found: Array<Key & { id: string }> = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await database.client.send(
      new QueryCommand({
        TableName: database.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': prefix },
        ProjectionExpression: 'PK, SK, id, user_id, channel',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) if (keep(item)) found.push({ PK: item.PK as string, SK: item.SK as string, id: item.id as string });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/** A session's messages, then the session: a cut purge finds the session still there and goes on. */
async function purgeSession(database: DatabasePort, organizationId: string, session: Key & { id: string }): Promise<void> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await database.client.send(
      new QueryCommand({
        TableName: database.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': chatKeys.messagePartition(organizationId, session.id) },
        ProjectionExpression: 'PK, SK',
        ExclusiveStartKey: startKey,
      }),
    );
    await deleteKeys(database, (page.Items ?? []) as Key[]);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await deleteKeys(database, [{ PK: session.PK, SK: session.SK }]);
}

async function purgeSessions(database: DatabasePort, organizationId: string, sessions: Array<Key & { id: string }>, timeLeft: () => boolean): Promise<'done' | 'more'> {
  for (const session of sessions) {
    if (!timeLeft()) return 'more';
    await purgeSession(database, organizationId, session);
  }
  return 'done';
}

/**
 * `source.purge` of an application (§16.6, §23.1): every session of every channel and their
 * messages. Idempotent and resumable: it works from what is still there.
 */
export async function purgeApplicationChats(database: DatabasePort, organizationId: string, applicationId: string, timeLeft: () => boolean): Promise<'done' | 'more'> {
  return purgeSessions(database, organizationId, await sessionKeys(database, organizationId, chatKeys.sessionsOfApplication(applicationId), () => true), timeLeft);
}

/**
 * `source.purge` of a user (§5.3, §7.6): the user's own web sessions in every application. API
 * and Slack sessions belong to external ids, not to the product user, and stay.
 */
export async function purgeUserChats(database: DatabasePort, organizationId: string, userId: string, timeLeft: () => boolean): Promise<'done' | 'more'> {
  const owned = await sessionKeys(database, organizationId, chatKeys.everySession, (item) => item.channel === 'web' && item.user_id === userId);
  return purgeSessions(database, organizationId, owned, timeLeft);
}
