import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SecretsKey } from '../data/secrets-key';
import type { BackendResources } from './backend';
import {
  grantHealthProbes,
  grantIndexingQueueSend,
  grantMailSend,
  grantModelInvocation,
  grantObjectsRead,
  grantObjectsWrite,
  grantQueueSend,
  grantStorageInspection,
  grantStripeSecret,
  grantTableRead,
  grantTableWrite,
  grantUserAdministration,
} from './grants';

/**
 * What a function may touch, one capability per grant. Every function's permissions are derived
 * from its list (lib/api/family-capabilities.ts for the HTTP families, the worker constructs for
 * the workers), so least privilege can be read and reviewed as data; nothing is granted by default.
 */
export type Capability =
  /** Read the single table and its indexes. */
  | 'table-read'
  /** Write the table: every request may (idempotency records, sessions, per-IP limits). */
  | 'table-write'
  /** Read objects of the data bucket (downloads, stored extractions, presigned GETs). */
  | 'objects-read'
  /** Put and delete objects of the data bucket (uploads through presigned PUTs, purges, markers). */
  | 'objects-write'
  /** Send to the indexing queue: `source.purge`, `kb.index`, `web.crawl`, `file.ingest`, `drive.import` (§23.1). */
  | 'indexing-queue'
  /** Cognito admin actions: the API creates and manages the users. */
  | 'user-administration'
  /** Read-only probes of the health check (§3.1): the bucket, both queues and the user pool. */
  | 'health-probes'
  /** Bedrock InvokeModel: answers, query and chunk embeddings (§17.4). */
  | 'model-invocation'
  /** Send to the chat-events queue: the Slack receiver hands work to the answer worker (§18.1). */
  | 'chat-events'
  /** Read the data bucket's encryption and versioning: the live cloud-resources check (§6.11). */
  | 'storage-inspection'
  /** The knowledge bases' vector indexes: retrieval (§17.4), indexing and index clean-up (§15.6). */
  | 'vector-index'
  /** Encrypt and decrypt stored third-party secrets with the product's KMS key. */
  | 'secrets'
  /** Only decrypt them: the workers open what the API sealed (bucket credentials, Slack and Drive tokens). */
  | 'secrets-decrypt'
  /** SES SendEmail: invitation emails (§7.4, §6.7) and support mail (§19.2-§19.4). */
  | 'mail'
  /** The Stripe secret, when payments are enabled: read from Secrets Manager at cold start (billing, and health reports the mode, §3.1). */
  | 'stripe';

export const TABLE_READ_WRITE: readonly Capability[] = ['table-read', 'table-write'];
export const OBJECTS_READ_WRITE: readonly Capability[] = ['objects-read', 'objects-write'];

export function grantCapabilities(fn: lambda.Function, capabilities: readonly Capability[], resources: BackendResources): void {
  const has = (capability: Capability) => capabilities.includes(capability);
  if (has('table-read')) grantTableRead(fn, resources);
  if (has('table-write')) grantTableWrite(fn, resources);
  if (has('objects-read')) grantObjectsRead(fn, resources);
  if (has('objects-write')) grantObjectsWrite(fn, resources);
  if (has('indexing-queue')) grantIndexingQueueSend(fn, resources);
  if (has('user-administration')) grantUserAdministration(fn, resources.userPool);
  if (has('health-probes')) grantHealthProbes(fn, resources);
  if (has('model-invocation')) grantModelInvocation(fn);
  if (has('chat-events')) grantQueueSend(fn, resources.chatEventsQueue);
  if (has('mail')) grantMailSend(fn);
  if (has('vector-index')) resources.vectorStore.grantIndexAccess(fn);
  if (has('secrets')) SecretsKey.grant(fn, resources.secretsKey, 'encrypt-decrypt');
  else if (has('secrets-decrypt')) SecretsKey.grant(fn, resources.secretsKey, 'decrypt');
  if (has('storage-inspection')) grantStorageInspection(fn, resources);
  if (has('stripe')) grantStripeSecret(fn, resources);
}
