import { HeadBucketCommand, ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { guardedAgents } from '../outbound/guarded-agents';
import type { OutboundPolicy } from '../outbound/url-guard';

export interface PlainCredentials {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket?: string;
}

/** §11.3: the check's time limit. */
export const TEST_TIMEOUT_MS = 10_000;

/**
 * An S3 client for a user's own store. Path-style addressing, because S3-compatible stores (MinIO,
 * Ceph) rarely have wildcard DNS for virtual-hosted buckets; the region is only a signing input for them.
 * Its connections go through the outbound guard's agents: the endpoint is a user's URL, checked at
 * every connection against the address actually dialled (§1.10), not only when it was saved.
 */
export function credentialClient(credentials: PlainCredentials, policy: OutboundPolicy = {}): S3Client {
  const { httpAgent, httpsAgent } = guardedAgents(policy);
  return new S3Client({
    requestHandler: { httpAgent, httpsAgent },
    endpoint: credentials.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: credentials.accessKey, secretAccessKey: credentials.secretKey },
    // Browsers PUT to presigned URLs without the SDK's checksum parameters.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
}

/**
 * HeadBucket, or ListBuckets when no bucket is named; resolves true when the store accepted the
 * credentials within the time limit. Every failure (unreachable, refused, no such bucket) is
 * false: the answer is the same 400 for all of them (§11.3), and never a 401 (§1.2).
 */
export async function credentialsWork(credentials: PlainCredentials, timeoutMs = TEST_TIMEOUT_MS, policy: OutboundPolicy = {}): Promise<boolean> {
  const client = credentialClient(credentials, policy);
  try {
    const command = credentials.bucket ? new HeadBucketCommand({ Bucket: credentials.bucket }) : new ListBucketsCommand({});
    await client.send(command as HeadBucketCommand, { abortSignal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}
