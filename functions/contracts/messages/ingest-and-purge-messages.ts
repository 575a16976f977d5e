import { randomUUID } from 'node:crypto';
import type { QueueMessage } from '../ports/queue';
import { nowIso } from '../keys/table-keys';

export type IngestTrigger = 's3-event' | 'upload-complete';

/** `file.ingest` (§23.1). `eTag` is extra: the S3 notification carries it, and so does upload-complete's HEAD. */
export interface FileIngestPayload {
  dataSourceId: string;
  bucket?: string;
  objectName?: string;
  size?: number;
  mimeType?: string;
  eTag?: string;
  trigger: IngestTrigger;
}

export type PurgeKind = 'file' | 'folder' | 'web_source' | 'api_source' | 'knowledge_base' | 'application' | 'user';

export interface SourcePurgePayload {
  sourceKind: PurgeKind;
  sourceId: string;
  knowledgeBaseIds: string[];
  /** Which slice comes next, when a purge was cut to stay within one invocation (§23.1). */
  cursor?: { slice: number };
}

function envelope<T extends object>(type: string, organizationId: string, requestedBy: string, payload: T): QueueMessage {
  return { type, version: 1, messageId: randomUUID(), organizationId, requestedBy, createdAt: nowIso(), payload: payload as unknown as Record<string, unknown> };
}

export function fileIngestMessage(organizationId: string, requestedBy: string, payload: FileIngestPayload): QueueMessage {
  return envelope('file.ingest', organizationId, requestedBy, payload);
}

export function sourcePurgeMessage(organizationId: string, requestedBy: string, payload: SourcePurgePayload): QueueMessage {
  return envelope('source.purge', organizationId, requestedBy, payload);
}
