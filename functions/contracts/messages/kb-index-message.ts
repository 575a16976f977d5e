import { randomUUID } from 'node:crypto';
import type { QueueMessage } from '../ports/queue';
import { nowIso } from '../keys/table-keys';
import type { EmbeddingModel, KnowledgeBaseSourceType } from '../../../shared/rules/knowledge-base-form';

export const KB_INDEX_MESSAGE_TYPE = 'kb.index';

/** Where the next slice starts, and what the slices before it counted. */
export interface IndexCursor {
  /** Position in `dataSourceIds`. */
  source: number;
  /** First chunk of that source still to write. */
  chunk: number;
  documents: number;
  chunks: number;
  slice: number;
}

/**
 * `kb.index` (§23.1). `indexVersion` is extra to the contract's payload: the index version this
 * deployment fills, handed out at deploy time, so no two deployments ever write into one index.
 */
export interface KbIndexPayload {
  knowledgeBaseId: string;
  deploymentId: string;
  trigger: 'deploy' | 'source-updated';
  sourceType: KnowledgeBaseSourceType;
  dataSourceIds: string[];
  chunkSize?: number;
  overlap?: number;
  embeddingModel: EmbeddingModel;
  indexVersion: number;
  cursor?: IndexCursor;
}

export function kbIndexMessage(organizationId: string, requestedBy: string, payload: KbIndexPayload): QueueMessage {
  return {
    type: KB_INDEX_MESSAGE_TYPE,
    version: 1,
    messageId: randomUUID(),
    organizationId,
    requestedBy,
    createdAt: nowIso(),
    payload: payload as unknown as Record<string, unknown>,
  };
}
