import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DatabasePort } from '../../contracts/ports/database';
import { attachmentDisposition, presignedPut } from './presigned-urls';
import type { ObjectsPort } from '../../contracts/ports/objects';
import { credentialClient } from '../storage-credentials/credential-client';
import { urlProblem } from '../outbound/url-guard';
import { loadPlainCredentials } from '../storage-credentials/storage-credentials-service';
import type { FileRecord, ObjectStoreKind } from './file-record';
import { normalizeEtag } from '../../contracts/keys/object-keys';

/** What a HEAD says about an uploaded object. */
export interface ObjectFacts {
  size: number;
  contentType: string;
  etag: string;
}

/**
 * Where a file's object lives: the platform's data bucket, or the bucket of the uploader's saved
 * storage credentials (§9.5, §11), which ingest and download then use as well.
 */
export interface FileStore {
  kind: ObjectStoreKind;
  client: S3Client;
  bucket: string;
  presignPut(key: string, contentType: string, expiresInSeconds: number, contentLength?: number): Promise<string>;
  presignGet(key: string, expiresInSeconds: number, downloadName: string): Promise<string>;
}

/** A user's store is gone (credentials deleted) or its endpoint is no longer allowed. */
export class StoreUnavailableError extends Error {}

export function platformStore(objects: ObjectsPort): FileStore {
  return {
    kind: 'platform',
    client: objects.client,
    bucket: objects.bucket,
    presignPut: (key, contentType, expiresInSeconds, contentLength) => objects.presignPut(key, { contentType, expiresInSeconds, contentLength }),
    presignGet: (key, expiresInSeconds, downloadName) => objects.presignGet(key, { expiresInSeconds, downloadName }),
  };
}

/** The user's own store, or undefined when they saved no credentials. Its endpoint is guarded at every use (§1.10). */
export async function userStore(database: DatabasePort, organizationId: string, userId: string): Promise<FileStore | undefined> {
  const credentials = await loadPlainCredentials(database, organizationId, userId);
  if (!credentials) return undefined;
  if (await urlProblem(credentials.endpoint)) throw new StoreUnavailableError('The storage endpoint is not allowed');
  const client = credentialClient(credentials);
  return {
    kind: 'user',
    client,
    bucket: credentials.bucket,
    presignPut: (key, contentType, expiresIn, contentLength) => presignedPut(client, { Bucket: credentials.bucket, Key: key, ContentType: contentType }, expiresIn, contentLength),
    presignGet: (key, expiresIn, downloadName) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: credentials.bucket, Key: key, ResponseContentDisposition: attachmentDisposition(downloadName) }), { expiresIn }),
  };
}

export async function storeOfFile(database: DatabasePort, objects: ObjectsPort, file: FileRecord): Promise<FileStore> {
  if (file.metadata.object_store !== 'user') return platformStore(objects);
  const store = await userStore(database, file.organization_id, file.created_by);
  if (!store) throw new StoreUnavailableError('The uploader has no storage credentials any more');
  return store;
}

export async function headObject(store: FileStore, key: string): Promise<ObjectFacts | undefined> {
  try {
    const head = await store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? '', etag: normalizeEtag(head.ETag ?? '') };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export async function readObject(store: FileStore, key: string): Promise<{ bytes: Uint8Array; etag: string } | undefined> {
  try {
    const answer = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key }));
    const bytes = await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray();
    return { bytes, etag: normalizeEtag(answer.ETag ?? '') };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export async function deleteObject(store: FileStore, key: string): Promise<void> {
  await store.client.send(new DeleteObjectCommand({ Bucket: store.bucket, Key: key }));
}

/** Deletes every object under a prefix; a purge must also catch objects it never recorded. */
export async function deletePrefix(store: FileStore, prefix: string): Promise<number> {
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await store.client.send(new ListObjectsV2Command({ Bucket: store.bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      if (!object.Key) continue;
      await deleteObject(store, object.Key);
      deleted += 1;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}

function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure?.name === 'NotFound' || failure?.name === 'NoSuchKey' || failure?.$metadata?.httpStatusCode === 404;
}
