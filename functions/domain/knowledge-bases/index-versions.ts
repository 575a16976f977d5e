import { logger } from '../../observability/logger';
import { knowledgeBaseIndexName, type VectorIndexPort } from '../../contracts/ports/vectors';
import type { KnowledgeBaseRecord } from './knowledge-base-record';

/**
 * Drops index versions of a knowledge base, logging rather than failing: a version left behind
 * costs storage, never correctness, because only `active_index_version` is ever read.
 */
export async function dropIndexVersions(vectors: VectorIndexPort, knowledgeBaseId: string, versions: Array<number | undefined>): Promise<void> {
  const distinct = [...new Set(versions.filter((version): version is number => typeof version === 'number' && version > 0))];
  for (const version of distinct) {
    const indexName = knowledgeBaseIndexName(knowledgeBaseId, version);
    try {
      await vectors.dropIndex(indexName);
    } catch (error) {
      logger.warn('Could not drop a knowledge-base index version', { knowledgeBaseId, indexName, error: (error as Error).message });
    }
  }
}

/** Every version a knowledge base may still have: the one chat reads and the one a deployment was filling. */
export function liveIndexVersions(record: Pick<KnowledgeBaseRecord, 'active_index_version' | 'deployment_version'>): number[] {
  return [record.active_index_version, record.deployment_version].filter((version): version is number => typeof version === 'number' && version > 0);
}
