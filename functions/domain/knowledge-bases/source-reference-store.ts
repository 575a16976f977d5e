import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { FileRepository } from '../files/file-repository';
import { keys } from '../../contracts/keys/table-keys';
import type { KnowledgeBaseSourceType } from './knowledge-base-record';

/** What a knowledge base needs to know about one of its sources. */
export interface SourceFacts {
  id: string;
  name: string;
  status: string;
  /** §15.7: a file is `active`; a web source has completed a crawl; an API source always is. */
  ready: boolean;
}

const BATCH_GET_SIZE = 100;

/**
 * The sources of one kind that exist in the organization, by id; unknown, foreign and
 * other-kind ids (a folder among files) are simply absent. Files are file items (§15.4); web and
 * API sources are the `WEBSOURCE#` and `APISOURCE#` items of their issues.
 */
export async function findSources(database: DatabasePort, organizationId: string, sourceType: KnowledgeBaseSourceType, ids: readonly string[]): Promise<Map<string, SourceFacts>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  if (sourceType === 'files') {
    const files = await new FileRepository(database).getMany(organizationId, unique);
    return new Map(files.map((file) => [file.id, { id: file.id, name: file.name, status: file.status, ready: file.status === 'active' }]));
  }
  const prefix = sourceType === 'websites' ? 'WEBSOURCE#' : 'APISOURCE#';
  const items = await batchGet(database, unique.map((id) => ({ PK: keys.organization(organizationId).PK, SK: `${prefix}${id}` })));
  return new Map(
    items.map((item) => {
      const id = String(item.SK).slice(prefix.length);
      const status = typeof item.status === 'string' ? item.status : '';
      const ready = sourceType === 'apis' || (typeof item.last_crawled_at === 'string' && item.last_crawled_at !== '');
      return [id, { id, name: typeof item.name === 'string' ? item.name : id, status, ready }];
    }),
  );
}

async function batchGet(database: DatabasePort, itemKeys: Array<{ PK: string; SK: string }>): Promise<Array<Record<string, unknown>>> {
  const found: Array<Record<string, unknown>> = [];
  const table = database.tableName;
  for (let start = 0; start < itemKeys.length; start += BATCH_GET_SIZE) {
    let pending: Array<Record<string, unknown>> = itemKeys.slice(start, start + BATCH_GET_SIZE);
    for (let round = 0; pending.length > 0; round++) {
      const answer: BatchGetCommandOutput = await database.client.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } }));
      found.push(...(answer.Responses?.[table] ?? []));
      pending = (answer.UnprocessedKeys?.[table]?.Keys ?? []) as Array<Record<string, unknown>>;
      if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** round)));
    }
  }
  return found;
}
