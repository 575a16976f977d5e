import { GetObjectCommand } from '@aws-sdk/client-s3';
import { logger } from '../../observability/logger';
import { getPorts, type Ports } from '../../contracts/ports/ports';
import type { QueueMessage } from '../../contracts/ports/queue';
import { EXTRACTION_MESSAGES, ExtractionError } from '../extraction/extraction-error';
import type { ExtractedDocument } from '../extraction/extracted-document';
import type { ExtractionInput } from '../extraction/extract-document';
import { kindFromNameOrMime, sniffKind } from '../extraction/file-type-check';
import { extractDocumentIsolated } from '../extraction/isolated-extraction';
import { sizeMismatch } from '../files/file-lifecycle';
import { FILE_MESSAGES, MAX_FILE_BYTES } from '../files/file-messages';
import type { FileRecord } from '../files/file-record';
import { FileRepository } from '../files/file-repository';
import { deleteObject, headObject, platformStore, storeOfFile, StoreUnavailableError, type FileStore, type ObjectFacts } from '../files/file-store';
import { mutateFile, revise, StorageLimitExceededError } from '../files/file-writes';
import { extractionKey, fileObjectPrefix, normalizeEtag } from '../../contracts/keys/object-keys';
import { storageLimitOf } from '../files/storage-limit';
import { OrganizationRepository } from '../organizations/organization-repository';
import { withExtractionSlot } from './extraction-slots';
import { claimIngest, holdsClaim, MAX_INGEST_ATTEMPTS, releaseClaim, settleIngest, UNPROCESSED_MESSAGE, type IngestResult } from './ingest-claim';
import type { FileIngestPayload } from '../../contracts/messages/ingest-and-purge-messages';
import { hasCurrentExtraction, toStoredExtraction, writeExtraction } from './stored-extraction';

export interface IngestDependencies {
  ports: () => Ports;
  extract: (input: ExtractionInput) => Promise<ExtractedDocument>;
}

const DEFAULTS: IngestDependencies = { ports: getPorts, extract: extractDocumentIsolated };

/** The object changed (a newer upload under the same key) between the HEAD and the GET. */
class ObjectChangedError extends Error {}

/**
 * The `file.ingest` processor (§23.1): the object's text is extracted once per (item, ETag),
 * stored as JSON beside the organization's data, and the item becomes `active`, or `failed` with
 * the reason people are shown. The S3 notification and upload-complete both send it, and queues
 * redeliver: every path that finds the work done or in hand returns without doing it again.
 * Throwing means "retry": only failures that are not the file's fault throw.
 */
export async function ingestFile(message: QueueMessage, dependencies: IngestDependencies = DEFAULTS): Promise<void> {
  const ports = dependencies.ports();
  const payload = message.payload as unknown as FileIngestPayload;
  const organizationId = message.organizationId;
  const context = { dataSourceId: payload.dataSourceId, trigger: payload.trigger, messageId: message.messageId };

  const file = await new FileRepository(ports.database).get(organizationId, payload.dataSourceId);
  if (!file) return discardOrphan(ports, organizationId, payload, context);
  if (payload.objectName && payload.objectName !== file.metadata.object_name) {
    logger.info('Ingest skipped: the object is not this item\'s', { ...context, objectName: payload.objectName });
    return;
  }

  let store: FileStore;
  try {
    store = await storeOfFile(ports.database, ports.objects, file);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    await failUnclaimed(ports, file, FILE_MESSAGES.storeUnavailable);
    return;
  }
  const object = await headObject(store, file.metadata.object_name);
  if (!object) {
    logger.info('Ingest skipped: the object is not in storage (yet or any more)', context);
    return;
  }
  if (file.status === 'failed' && !holdsClaim(file, object.etag, message.messageId)) {
    logger.info('Ingest skipped: the item has failed', context);
    return;
  }

  const claim = await claimIngest(ports.database, organizationId, file.id, object.etag, message.messageId);
  if (claim.kind !== 'claimed') {
    logger.info(`Ingest skipped: ${claim.kind === 'done' ? 'this version is already extracted' : claim.kind === 'held' ? 'another delivery is extracting this version' : 'the item is gone'}`, { ...context, etag: object.etag });
    return;
  }
  logger.info('Ingest started', { ...context, etag: object.etag, attempt: claim.attempt });

  try {
    const result = await ingestVersion(ports, dependencies, claim.file, store, object);
    if (result === undefined) {
      await releaseClaim(ports.database, organizationId, file.id, object.etag, message.messageId);
      return;
    }
    const recorded = await settleIngest(ports.database, organizationId, file.id, object.etag, message.messageId, result);
    if (!recorded && result.status === 'active') logger.info('Ingest outcome not recorded: the item changed hands or was deleted', context);
    logger.info(`Ingest ${result.status}`, { ...context, ...(result.status === 'failed' ? { error: result.error } : {}) });
  } catch (error) {
    if (claim.attempt >= MAX_INGEST_ATTEMPTS) {
      // The claim already marked the item failed; make the reason final and let the queue keep the message.
      await settleIngest(ports.database, organizationId, file.id, object.etag, message.messageId, { status: 'failed', error: UNPROCESSED_MESSAGE });
    }
    logger.warn('Ingest attempt failed; the queue will retry it', { ...context, attempt: claim.attempt, error: (error as Error).message });
    throw error;
  }
}

/** Undefined: the object changed under us and the newer version's own delivery will do it. */
async function ingestVersion(ports: Ports, dependencies: IngestDependencies, file: FileRecord, store: FileStore, object: ObjectFacts): Promise<IngestResult | undefined> {
  const sizeProblem = await reconcileSize(ports, file, object.size);
  if (sizeProblem) {
    await refuseObject(ports, file, store, sizeProblem);
    return { status: 'failed', error: sizeProblem };
  }

  const key = extractionKey(file.organization_id, file.id, object.etag);
  if (await hasCurrentExtraction(ports.objects, key)) return { status: 'active', extractionKey: key };

  let bytes: Uint8Array;
  try {
    bytes = await readVersion(store, file.metadata.object_name, object.etag);
  } catch (error) {
    if (error instanceof ObjectChangedError) return undefined;
    throw error;
  }
  const fileName = file.metadata.original_filename;
  const mimeType = file.metadata.mime_type;
  const kind = kindFromNameOrMime(fileName, mimeType);
  if (!kind) return { status: 'failed', error: EXTRACTION_MESSAGES.unsupported_type };
  if (bytes.length === 0) return { status: 'failed', error: EXTRACTION_MESSAGES.empty };
  // Checked here as well as by the extractor: a disguised file is refused without starting a worker.
  const sniffed = await sniffKind(bytes, kind);
  if (!sniffed.ok) return { status: 'failed', error: sniffed.reason };

  let document: ExtractedDocument;
  try {
    document = await withExtractionSlot(file.organization_id, () => dependencies.extract({ bytes, fileName, mimeType }));
  } catch (error) {
    if (error instanceof ExtractionError) return { status: 'failed', error: error.message };
    throw error;
  }
  await writeExtraction(ports.objects, key, toStoredExtraction(file.id, object.etag, document));
  return { status: 'active', extractionKey: key };
}

/**
 * The stored object is the truth for the storage counters: its real size is recorded within the
 * plan's limit. Answers why the file cannot be kept, if it cannot (over 50 MB, over the plan's
 * storage, another size than the one signed into its upload URL); such an object is not kept.
 */
async function reconcileSize(ports: Ports, file: FileRecord, actualSize: number): Promise<string | undefined> {
  if (sizeMismatch(file, actualSize)) return FILE_MESSAGES.sizeMismatch;
  if (actualSize > MAX_FILE_BYTES) return FILE_MESSAGES.tooLarge;
  if (file.metadata.file_size === actualSize) return undefined;
  const organization = await new OrganizationRepository(ports.database).get(file.organization_id);
  const storageLimitBytes = organization ? await storageLimitOf(ports.database, organization) : null;
  try {
    await mutateFile(ports.database, file.organization_id, file.id, (current) => (current.metadata.file_size === actualSize ? current : revise(current, { metadata: { file_size: actualSize } })), {
      storageLimitBytes,
    });
  } catch (error) {
    if (!(error instanceof StorageLimitExceededError)) throw error;
    return FILE_MESSAGES.storageLimit;
  }
  return undefined;
}

/**
 * A refused upload's bytes are deleted and the item counts nothing any more: kept objects behind
 * failed items once took an organization past its plan's storage. The item stays, failed with the
 * reason, so the uploader sees why; upload-complete, if it comes, answers the §9.6 refusal.
 * The reason is written before the bytes go: a completion that finds no object then reads why,
 * where it once read a still-pending item and answered "Upload not found in storage".
 */
async function refuseObject(ports: Ports, file: FileRecord, store: FileStore, reason: string): Promise<void> {
  await mutateFile(
    ports.database,
    file.organization_id,
    file.id,
    (current) => (current.status === 'failed' && current.metadata.error === reason && current.metadata.file_size === 0 ? current : revise(current, { status: 'failed', metadata: { error: reason, file_size: 0 } })),
    { storageLimitBytes: null },
  );
  await deleteObject(store, file.metadata.object_name).catch((error: unknown) =>
    logger.warn('Refused upload object could not be deleted now; deleting its item removes it', { dataSourceId: file.id, error: (error as Error).message }),
  );
}

async function readVersion(store: FileStore, key: string, etag: string): Promise<Uint8Array> {
  try {
    // IfMatch: the bytes must be the version the claim is for.
    const answer = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key, IfMatch: `"${etag}"` }));
    if (answer.ETag && normalizeEtag(answer.ETag) !== etag) throw new ObjectChangedError();
    return await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray();
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 412 || status === 404) throw new ObjectChangedError();
    throw error;
  }
}

/** A pending item whose store cannot be used at all: nothing will change that by retrying. */
async function failUnclaimed(ports: Ports, file: FileRecord, error: string): Promise<void> {
  await mutateFile(ports.database, file.organization_id, file.id, (current) => (current.status !== 'pending' ? current : revise(current, { status: 'failed', metadata: { error } })), {
    storageLimitBytes: null,
  });
}

/**
 * §23.1 "ignores unknown keys": no item means none will ever come (items are created before a URL
 * is signed), so an object left under the files prefix, e.g. by an upload finishing after its item
 * was deleted, is garbage and is removed rather than kept uncounted.
 */
async function discardOrphan(ports: Ports, organizationId: string, payload: FileIngestPayload, context: Record<string, unknown>): Promise<void> {
  const key = payload.objectName;
  const ours = key !== undefined && key.startsWith(fileObjectPrefix(organizationId, payload.dataSourceId)) && (payload.bucket === undefined || payload.bucket === ports.objects.bucket);
  if (payload.trigger === 's3-event' && ours) {
    await deleteObject(platformStore(ports.objects), key);
    logger.info('Ingest: removed an object whose item does not exist', context);
    return;
  }
  logger.info('Ingest skipped: no such item', context);
}
