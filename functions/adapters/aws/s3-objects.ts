import { GetObjectCommand, HeadBucketCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ObjectsPort } from '../../contracts/ports/objects';
import { attachmentDisposition, presignedPut } from '../../domain/files/presigned-urls';

export interface S3ObjectsOptions {
  bucket: string;
  /** Required for `s3rver`; in the cloud the SDK resolves the regional endpoint. */
  endpoint?: string;
  region?: string;
  adapter: 's3' | 's3rver';
  /**
   * The endpoint browsers reach, when it differs from the one this process uses; presigned URLs are
   * signed for this host because the host is part of the signature.
   */
  publicEndpoint?: string;
  /** Required for `s3rver`: the install's own key pair, the only one the embedded store accepts. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function createS3Objects(options: S3ObjectsOptions): ObjectsPort {
  if (options.adapter === 's3rver' && !options.endpoint) {
    throw new Error('The s3rver adapter needs the s3rver endpoint');
  }
  if (options.adapter === 's3rver' && !options.credentials) {
    throw new Error('The s3rver adapter needs the key pair of the embedded object store');
  }
  const client = new S3Client(clientConfig(options, options.endpoint));
  const presigner =
    options.publicEndpoint && options.publicEndpoint !== options.endpoint
      ? new S3Client(clientConfig(options, options.publicEndpoint))
      : client;
  const { bucket } = options;

  return {
    adapter: options.adapter,
    client,
    bucket,
    presignPut(key, { contentType, expiresInSeconds, contentLength }) {
      return presignedPut(presigner, { Bucket: bucket, Key: key, ContentType: contentType }, expiresInSeconds, contentLength);
    },
    presignGet(key, { expiresInSeconds, downloadName }) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: downloadName ? attachmentDisposition(downloadName) : undefined,
      });
      return getSignedUrl(presigner, command, { expiresIn: expiresInSeconds });
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

function clientConfig(options: S3ObjectsOptions, endpoint: string | undefined): S3ClientConfig {
  const config: S3ClientConfig = {
    // Without these the SDK adds CRC checksum parameters that browsers' plain PUTs cannot satisfy.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (options.region) config.region = options.region;
  if (endpoint) config.endpoint = endpoint;
  if (options.adapter === 's3rver') {
    config.region = options.region ?? 'us-east-1';
    // A copy: the SDK marks the object it is given with where credentials came from.
    config.credentials = options.credentials && { ...options.credentials };
    // s3rver serves buckets by path; virtual-hosted names would need DNS for <bucket>.localhost.
    config.forcePathStyle = true;
  }
  return config;
}
