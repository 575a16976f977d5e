/**
 * What an object-storage failure means for the resource checks. The SDK marks answers from S3 with
 * `$metadata.httpStatusCode`; a failure without one never reached the store (refused, reset, DNS).
 */
export type StorageFailure = 'not-found' | 'denied' | 'unsupported' | 'unreachable' | 'rejected';

export function classifyStorageError(error: unknown): StorageFailure {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  const status = failure?.$metadata?.httpStatusCode;
  if (failure?.name === 'NotFound' || failure?.name === 'NoSuchKey' || status === 404) return 'not-found';
  if (status === undefined || status >= 500) {
    // 501 is an answer, not an outage: the store lacks the feature (s3rver has no bucket encryption API).
    return status === 501 || failure?.name === 'NotImplemented' ? 'unsupported' : 'unreachable';
  }
  if (status === 403) return 'denied';
  return 'rejected';
}

/** The store could not be reached at all: §6.11's 502. */
export class StorageUnreachableError extends Error {}

/** A short, safe reason for a stored or answered `error`: the S3 error name, never a stack or a path. */
export function storageErrorReason(error: unknown): string {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  const status = failure?.$metadata?.httpStatusCode;
  return status === undefined ? (failure?.name ?? 'Error') : `${failure?.name ?? 'Error'} (HTTP ${status})`;
}
