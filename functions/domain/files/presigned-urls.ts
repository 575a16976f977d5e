import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/** Presigned URLs as every store (the platform's bucket, a user's own) issues them. */

/**
 * Signing Content-Type makes storage reject an upload whose type differs from the one we validated;
 * signing Content-Length, one whose size differs from the one the plan's storage was checked against.
 */
export function presignedPut(client: S3Client, input: { Bucket: string; Key: string; ContentType: string }, expiresIn: number, contentLength?: number): Promise<string> {
  const command = new PutObjectCommand({ ...input, ContentLength: contentLength });
  const signableHeaders = new Set(contentLength === undefined ? ['content-type'] : ['content-type', 'content-length']);
  return getSignedUrl(client, command, { expiresIn, signableHeaders });
}

/** RFC 6266: an ASCII fallback for old clients plus the exact UTF-8 name. */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
