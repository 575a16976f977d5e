import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { knowledgeBaseKeys, type KnowledgeBaseRecord } from './knowledge-base-record';
import { withoutKeys } from '../../contracts/keys/table-keys';

/** BatchGetItem takes at most 100 keys. */
const BATCH_LIMIT = 100;

/** The knowledge bases of the caller's organization among `ids`; foreign and unknown ids are simply absent (§1.3). */
export async function knowledgeBasesById(database: DatabasePort, organizationId: string, ids: string[]): Promise<Map<string, KnowledgeBaseRecord>> {
  const found = new Map<string, KnowledgeBaseRecord>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += BATCH_LIMIT) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [database.tableName]: { Keys: unique.slice(start, start + BATCH_LIMIT).map((id) => knowledgeBaseKeys.knowledgeBase(organizationId, id)) },
    };
    // Unprocessed keys come back under throttling; they are asked for again until none are left.
    while (request && Object.keys(request).length > 0) {
      const answer = await database.client.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of answer.Responses?.[database.tableName] ?? []) {
        const record = withoutKeys(item) as unknown as KnowledgeBaseRecord;
        found.set(record.id, record);
      }
      request = answer.UnprocessedKeys as typeof request;
    }
  }
  return found;
}
