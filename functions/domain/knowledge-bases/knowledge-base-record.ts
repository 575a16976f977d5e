import type { KnowledgeBaseFields } from '../../../shared/api/schemas/knowledge-bases';
import type { KnowledgeBaseStatus } from '../../../shared/rules/knowledge-base-form';
import { keys, newId } from '../../contracts/keys/table-keys';

export {
  DEFAULT_EMBEDDING_MODEL,
  EMBEDDING_MODELS,
  KNOWLEDGE_BASE_SOURCE_TYPES,
  KNOWLEDGE_BASE_STATUSES,
  MAX_DATA_SOURCE_IDS,
  type EmbeddingModel,
  type KnowledgeBaseSourceType,
  type KnowledgeBaseStatus,
} from '../../../shared/rules/knowledge-base-form';

/**
 * A knowledge base as stored. The contract's fields (§2 KnowledgeBase) plus the indexer's
 * bookkeeping, which never leaves the server (see knowledge-base-entity):
 * - `active_index_version`: the index version chat reads; absent until the first swap;
 * - `deployment_id` / `deployment_version`: the latest deployment and the version it fills;
 *   a slice of an older deployment finds itself superseded and stops;
 * - `last_index_version`: the highest version ever handed out, so no two deployments share one;
 * - `index_slice`: the slice the deployment is at, so a late duplicate of an earlier slice's
 *   message does nothing, and a slice hands on to exactly one next one;
 * - `index_failures`: failed attempts of the current slice, for §23.1's "after the final failure".
 */
export interface KnowledgeBaseRecord extends KnowledgeBaseFields {
  id: string;
  organization_id: string;
  status: KnowledgeBaseStatus;
  error: string | null;
  document_count: number;
  chunk_count: number;
  last_indexed_at: string | null;
  created_by: string;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  /** Optimistic lock: every write checks and bumps it. */
  version: number;
  active_index_version?: number;
  deployment_id?: string;
  deployment_version?: number;
  last_index_version?: number;
  index_slice?: number;
  index_failures?: number;
}

export function newKnowledgeBaseId(): string {
  return newId('kb');
}

const pk = (organizationId: string) => keys.organization(organizationId).PK;

export const KNOWLEDGE_BASE_SK_PREFIX = 'KB#';
export const KNOWLEDGE_BASE_GROUP_SK_PREFIX = 'KBGROUP#';

export const knowledgeBaseKeys = {
  knowledgeBase: (organizationId: string, knowledgeBaseId: string) => ({ PK: pk(organizationId), SK: `${KNOWLEDGE_BASE_SK_PREFIX}${knowledgeBaseId}` }),
  /** Group grants (§1.3); group deletion removes them by this shape too (api/groups/group-grants). */
  group: (organizationId: string, knowledgeBaseId: string, groupId: string) => ({ PK: pk(organizationId), SK: `${KNOWLEDGE_BASE_GROUP_SK_PREFIX}${knowledgeBaseId}#${groupId}` }),
  groupsOf: (knowledgeBaseId: string) => `${KNOWLEDGE_BASE_GROUP_SK_PREFIX}${knowledgeBaseId}#`,
};

export function knowledgeBaseItem(record: KnowledgeBaseRecord): Record<string, unknown> {
  return { ...knowledgeBaseKeys.knowledgeBase(record.organization_id, record.id), entity: 'knowledgeBase', ...record };
}

export function knowledgeBaseGroupItem(organizationId: string, knowledgeBaseId: string, groupId: string, grantedAt: string): Record<string, unknown> {
  return { ...knowledgeBaseKeys.group(organizationId, knowledgeBaseId, groupId), entity: 'knowledgeBaseGroup', knowledgeBaseId, groupId, grantedAt };
}
