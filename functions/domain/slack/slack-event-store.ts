import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../contracts/keys/table-keys';
import type { DatabasePort } from '../../contracts/ports/database';

/** §18.1: Slack retries and repeats are dropped for 24 h. */
export const SLACK_EVENT_MEMORY_S = 24 * 60 * 60;

export const slackEventKey = (organizationId: string, applicationId: string, eventId: string) => ({
  PK: keys.organization(organizationId).PK,
  SK: `SLACKEVENT#${applicationId}#${eventId}`,
});

/** Remembers an event id; false when it was seen within the last 24 h (a retry or a repeat). */
export async function claimSlackEvent(database: DatabasePort, organizationId: string, applicationId: string, eventId: string, nowMs = Date.now()): Promise<boolean> {
  const nowSeconds = Math.floor(nowMs / 1000);
  try {
    await database.client.send(
      new PutCommand({
        TableName: database.tableName,
        Item: { ...slackEventKey(organizationId, applicationId, eventId), entity: 'slackEvent', ttl: nowSeconds + SLACK_EVENT_MEMORY_S },
        // A claim whose ttl passed is gone even if DynamoDB has not removed it yet.
        ConditionExpression: 'attribute_not_exists(PK) OR #ttl < :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
