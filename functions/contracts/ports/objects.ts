import type { S3Client } from '@aws-sdk/client-s3';

/** The object-storage port: Amazon S3 in the cloud, s3rver locally, both through @aws-sdk/client-s3. */
export interface ObjectsPort {
  readonly adapter: 's3' | 's3rver';
  readonly client: S3Client;
  /** The organization data bucket (uploads, attachments). */
  readonly bucket: string;
  /** With `contentLength`, storage refuses a PUT of any other length (the length is signed). */
  presignPut(key: string, options: { contentType: string; expiresInSeconds: number; contentLength?: number }): Promise<string>;
  presignGet(key: string, options: { expiresInSeconds: number; downloadName?: string }): Promise<string>;
  ping(): Promise<void>;
}
