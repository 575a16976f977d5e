import type { S3EventRecord } from 'aws-lambda';
import type { QueueMessage } from '../ports/queue';

/**
 * What can arrive on the indexing queue (contract §23.1): our own envelope, or the notification S3
 * sends for `ObjectCreated` (the same body in the cloud and from the embedded object store).
 */
export type IndexingDelivery = { kind: 'envelope'; message: QueueMessage } | { kind: 's3-event'; records: S3EventRecord[] };

export class UnreadableMessageError extends Error {}

export function parseIndexingBody(body: string): IndexingDelivery {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new UnreadableMessageError('Message body is not JSON');
  }
  if (parsed && typeof parsed === 'object') {
    const value = parsed as Record<string, unknown>;
    if (Array.isArray(value.Records)) return { kind: 's3-event', records: value.Records as S3EventRecord[] };
    // S3 sends this once when a notification is configured; it carries no object.
    if (value.Event === 's3:TestEvent') return { kind: 's3-event', records: [] };
    if (typeof value.type === 'string' && value.version === 1 && value.payload && typeof value.payload === 'object') {
      return { kind: 'envelope', message: value as unknown as QueueMessage };
    }
  }
  throw new UnreadableMessageError('Message is neither a queue envelope nor an S3 event');
}

/** `org/<organizationId>/files/<dataSourceId>/<name>`: the only keys the ingest worker acts on. */
export function fileKeyOf(objectKey: string): { organizationId: string; dataSourceId: string } | undefined {
  const key = decodeURIComponent(objectKey.replace(/\+/g, ' '));
  const match = /^org\/([^/]+)\/files\/([^/]+)\/.+$/.exec(key);
  return match ? { organizationId: match[1] as string, dataSourceId: match[2] as string } : undefined;
}
