import { GetBucketEncryptionCommand, GetBucketVersioningCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { ObjectsPort } from '../../contracts/ports/objects';
import { nowIso } from '../../contracts/keys/table-keys';
import type { CloudResources } from './cloud-resources';
import { CloudResourcesRepository } from './cloud-resources-repository';
import type { StoragePorts } from './provisioning';
import { classifyStorageError, storageErrorReason, StorageUnreachableError } from './storage-errors';
import { namespaceResources, type NamespaceResource } from '../../contracts/keys/storage-namespace';

export type ResourceCheckStatus = 'ready' | 'provisioning' | 'failed' | 'missing';

export interface CheckedResource {
  name: string;
  kind: 'bucket';
  exists: boolean;
  encrypted: boolean;
  versioning: boolean;
}

/** §6.11's answer. */
export interface ResourceCheck {
  status: ResourceCheckStatus;
  checkedAt: string;
  resources: CheckedResource[];
  error?: string;
}

function unreachable(error: unknown): never {
  throw new StorageUnreachableError(`Object storage unreachable: ${storageErrorReason(error)}`);
}

/**
 * Bucket-level facts, best effort. The namespaces share the bucket, so its default encryption and
 * versioning are theirs. Where the store cannot say (s3rver has no encryption API and answers 501;
 * a cloud function may lack s3:GetEncryptionConfiguration), the answer is what can be determined:
 * `undefined` for encryption, which then falls back to the marker's own encryption header, and
 * `false` for versioning. Only an unreachable store is an error.
 */
async function bucketFacts(objects: ObjectsPort): Promise<{ defaultEncryption: boolean | undefined; versioning: boolean }> {
  let defaultEncryption: boolean | undefined;
  // s3rver is known to lack the call; asking anyway would only log a 501 on every check.
  if (objects.adapter !== 's3rver') {
    try {
      const answer = await objects.client.send(new GetBucketEncryptionCommand({ Bucket: objects.bucket }));
      defaultEncryption = (answer.ServerSideEncryptionConfiguration?.Rules ?? []).length > 0;
    } catch (error) {
      if (classifyStorageError(error) === 'unreachable') unreachable(error);
    }
  }
  let versioning = false;
  try {
    versioning = (await objects.client.send(new GetBucketVersioningCommand({ Bucket: objects.bucket }))).Status === 'Enabled';
  } catch (error) {
    if (classifyStorageError(error) === 'unreachable') unreachable(error);
  }
  return { defaultEncryption, versioning };
}

async function checkResource(
  objects: ObjectsPort,
  resource: NamespaceResource,
  facts: { defaultEncryption: boolean | undefined; versioning: boolean },
): Promise<{ resource: CheckedResource; failure?: string }> {
  const absent: CheckedResource = { name: resource.name, kind: 'bucket', exists: false, encrypted: false, versioning: facts.versioning };
  try {
    const head = await objects.client.send(new HeadObjectCommand({ Bucket: objects.bucket, Key: resource.markerKey }));
    const encrypted = head.ServerSideEncryption !== undefined || facts.defaultEncryption === true;
    return { resource: { ...absent, exists: true, encrypted } };
  } catch (error) {
    const failure = classifyStorageError(error);
    if (failure === 'unreachable') unreachable(error);
    if (failure === 'not-found') return { resource: absent };
    return { resource: absent, failure: `Could not check ${resource.name}: ${storageErrorReason(error)}` };
  }
}

/** Summarizes the live facts against what the record says is under way. */
export function checkStatus(resources: CheckedResource[], failures: string[], recorded: CloudResources | undefined): { status: ResourceCheckStatus; error?: string } {
  if (failures.length > 0) return { status: 'failed', error: failures.join('; ') };
  if (resources.every((resource) => resource.exists)) return { status: 'ready' };
  const missing = `Missing: ${resources.filter((resource) => !resource.exists).map((resource) => resource.name).join(', ')}`;
  return recorded?.status === 'provisioning' ? { status: 'provisioning', error: missing } : { status: 'missing', error: missing };
}

/**
 * §6.11: checks the namespaces live against storage and records the outcome on the organization's
 * CloudResources (status and `checkedAt`), so §6.8 shows what the last check saw.
 * Throws StorageUnreachableError when the store cannot be reached.
 */
export async function checkCloudResources(ports: StoragePorts, organizationId: string): Promise<ResourceCheck> {
  const repository = new CloudResourcesRepository(ports.database);
  const recorded = await repository.get(organizationId);
  const facts = await bucketFacts(ports.objects);
  const outcomes = await Promise.all(namespaceResources(ports.objects.bucket, organizationId).map((resource) => checkResource(ports.objects, resource, facts)));
  const resources = outcomes.map((outcome) => outcome.resource);
  const failures = outcomes.flatMap((outcome) => (outcome.failure ? [outcome.failure] : []));
  const checkedAt = nowIso();
  const { status, error } = checkStatus(resources, failures, recorded);

  if (recorded && status !== 'provisioning') {
    const { error: _previous, ...rest } = recorded;
    await repository.put(organizationId, status === 'ready' ? { ...rest, status: 'ready', checkedAt } : { ...rest, status: 'failed', error: error as string, checkedAt });
  }
  return { status, checkedAt, resources, ...(error ? { error } : {}) };
}
