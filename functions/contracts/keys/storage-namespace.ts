/**
 * An organization's cloud resources are a storage namespace inside the deployment's one data bucket.
 *
 * Why prefixes and not a bucket per organization: a self-hosted deployment has exactly one data
 * bucket (the CDK stack's, or the embedded store's), and S3 caps buckets per account, so organizations
 * are isolated by key prefix instead: `org/<orgId>/` for data (uploads live under
 * `org/<orgId>/files/`, where the ingest worker listens) and `audit/<orgId>/` for audit records.
 * In the cloud IAM and bucket policies scope by prefix (`arn:aws:s3:::<bucket>/org/<orgId>/*`), so
 * the isolation a bucket would give is expressed as a policy on the prefix; the bucket itself is
 * encrypted (SSE-S3) and blocks public access. Provisioning writes one marker object per prefix, so
 * the namespace "exists" in a way a live check can see without listing the bucket.
 */
export const NAMESPACE_MARKER = '.groundwork-namespace';

export type NamespaceKind = 'data' | 'audit';

export interface NamespaceResource {
  kind: NamespaceKind;
  /** `<bucket>/<prefix>`: what the contract calls the bucket name. */
  name: string;
  prefix: string;
  markerKey: string;
}

export function dataPrefix(organizationId: string): string {
  return `org/${organizationId}/`;
}

export function auditPrefix(organizationId: string): string {
  return `audit/${organizationId}/`;
}

/** The data namespace first, then the audit one: the order every answer lists them in. */
export function namespaceResources(bucket: string, organizationId: string): NamespaceResource[] {
  return (
    [
      ['data', dataPrefix(organizationId)],
      ['audit', auditPrefix(organizationId)],
    ] as const
  ).map(([kind, prefix]) => ({ kind, name: `${bucket}/${prefix}`, prefix, markerKey: `${prefix}${NAMESPACE_MARKER}` }));
}
