import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { DatabasePort } from '../../contracts/ports/database';
import type { ObjectsPort } from '../../contracts/ports/objects';
import { nowIso } from '../../contracts/keys/table-keys';
import type { CloudResources } from './cloud-resources';
import { CloudResourcesRepository } from './cloud-resources-repository';
import { classifyStorageError, storageErrorReason } from './storage-errors';
import { namespaceResources, type NamespaceResource } from '../../contracts/keys/storage-namespace';

export interface StoragePorts {
  database: DatabasePort;
  objects: ObjectsPort;
}

/** Creates one namespace's marker unless it is there; answers the reason when it could not. */
async function ensureMarker(objects: ObjectsPort, organizationId: string, resource: NamespaceResource): Promise<string | undefined> {
  try {
    await objects.client.send(new HeadObjectCommand({ Bucket: objects.bucket, Key: resource.markerKey }));
    return undefined;
  } catch (error) {
    if (classifyStorageError(error) !== 'not-found') return `Could not check ${resource.name}: ${storageErrorReason(error)}`;
  }
  try {
    await objects.client.send(
      new PutObjectCommand({
        Bucket: objects.bucket,
        Key: resource.markerKey,
        Body: JSON.stringify({ organizationId, namespace: resource.kind, createdAt: nowIso() }),
        ContentType: 'application/json',
        // The bucket encrypts by default in the cloud; asking per object keeps a marker encrypted on a bucket that does not.
        ServerSideEncryption: 'AES256',
      }),
    );
    return undefined;
  } catch (error) {
    return `Could not create ${resource.name}: ${storageErrorReason(error)}`;
  }
}

/**
 * Provisions (or re-provisions) an organization's storage namespaces, synchronously and idempotently:
 * whatever marker is missing is written, and the record says `provisioning` while that runs, so an
 * interrupted run is visible as such. A storage failure is an answer (`failed` with `error`), never
 * an exception, because §6.2 still creates the organization when provisioning fails.
 */
export async function provisionCloudResources(ports: StoragePorts, organizationId: string): Promise<CloudResources> {
  const repository = new CloudResourcesRepository(ports.database);
  const existing = await repository.get(organizationId);
  const [data, audit] = namespaceResources(ports.objects.bucket, organizationId) as [NamespaceResource, NamespaceResource];
  const base: CloudResources = {
    provider: 'aws',
    region: await ports.objects.client.config.region(),
    bucketName: data.name,
    auditBucketName: audit.name,
    status: 'provisioning',
    createdAt: existing?.createdAt ?? nowIso(),
  };
  await repository.put(organizationId, base);

  const failures = (await Promise.all([data, audit].map((resource) => ensureMarker(ports.objects, organizationId, resource)))).filter(
    (reason): reason is string => reason !== undefined,
  );
  const result: CloudResources = failures.length === 0 ? { ...base, status: 'ready' } : { ...base, status: 'failed', error: failures.join('; ') };
  await repository.put(organizationId, result);
  return result;
}
