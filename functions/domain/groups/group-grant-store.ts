import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../contracts/keys/table-keys';
import type { Ports } from '../../contracts/ports/ports';
import { APPLICATION_SK_PREFIX } from '../applications/application-record';
import { KNOWLEDGE_BASE_GROUP_SK_PREFIX } from '../knowledge-bases/knowledge-base-record';
import { queryAll } from '../table/query-all';

/**
 * Removes a deleted group's grants on knowledge bases and applications (§8.5), stored as
 * `KBGROUP#<kbId>#<groupId>` and `APPGROUP#<appId>#<groupId>` (docs/data-model.md). The group id is
 * the last part of the key, so the organization's grants are read and filtered.
 */
export async function removeGroupGrants(ports: Ports, organizationId: string, groupId: string): Promise<void> {
  const { database } = ports;
  const suffix = `#${groupId}`;
  for (const prefix of [KNOWLEDGE_BASE_GROUP_SK_PREFIX, APPLICATION_SK_PREFIX.everyGroupLink]) {
    const { items } = await queryAll<{ PK: string; SK: string }>(database, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': prefix },
      ProjectionExpression: 'PK, SK',
    });
    const grants = items.filter((item) => item.SK.endsWith(suffix));
    for (let start = 0; start < grants.length; start += 100) {
      const deletes = grants.slice(start, start + 100).map((item) => ({ Delete: { TableName: database.tableName, Key: { PK: item.PK, SK: item.SK } } }));
      await database.client.send(new TransactWriteCommand({ TransactItems: deletes }));
    }
  }
}
