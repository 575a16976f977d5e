/** Contract §2 CloudResources, as stored and answered. */
export type CloudResourcesStatus = 'ready' | 'provisioning' | 'failed';

export interface CloudResources {
  /** `aws` in the cloud; locally `aws` maps to the embedded S3-compatible store (§2). */
  provider: 'aws';
  region: string;
  bucketName: string;
  auditBucketName: string;
  status: CloudResourcesStatus;
  error?: string;
  createdAt: string;
  checkedAt?: string;
}

/** The summary the Organization entity carries (§2). */
export type CloudResourcesSummary = Pick<CloudResources, 'provider' | 'bucketName' | 'auditBucketName' | 'status'>;

export function summarize(resources: CloudResources): CloudResourcesSummary {
  return { provider: resources.provider, bucketName: resources.bucketName, auditBucketName: resources.auditBucketName, status: resources.status };
}

/** The providers this deployment can provision (§6.2 `cloudProvider`). */
export const SUPPORTED_CLOUD_PROVIDERS: readonly string[] = ['aws'];

export const NOT_PROVISIONED_ERROR = 'Cloud resources have not been provisioned';
