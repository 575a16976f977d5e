import type { Family } from '../../shared/api/route-table';
import { type Capability, OBJECTS_READ_WRITE, TABLE_READ_WRITE } from '../compute/capabilities';

export type { Capability } from '../compute/capabilities';

/**
 * What each family's function may touch, read from its handlers (the modules each one bundles):
 * every family reads and writes the table (the request pipeline writes idempotency records,
 * sessions and per-IP limits); the rest only where a route needs it. Functions get nothing else
 * (lib/compute/capabilities.ts). A family missing here gets no permission at all.
 */
export const FAMILY_CAPABILITIES: Readonly<Partial<Record<Family, readonly Capability[]>>> = {
  // Health pings the bucket, both queues and the pool (§3.1) and reports the payment mode.
  meta: [...TABLE_READ_WRITE, 'health-probes', 'stripe'],
  auth: [...TABLE_READ_WRITE, 'user-administration'],
  // Deleting one's own account enqueues the purge of what the user owned (user-lifecycle).
  profile: [...TABLE_READ_WRITE, 'user-administration', 'indexing-queue'],
  // Provisioning writes the organization's marker object; the live check reads it (§6.11).
  organizations: [...TABLE_READ_WRITE, ...OBJECTS_READ_WRITE, 'user-administration', 'mail', 'storage-inspection'],
  users: [...TABLE_READ_WRITE, 'user-administration', 'indexing-queue', 'mail'],
  groups: [...TABLE_READ_WRITE],
  // Uploads (presigned PUT), downloads (presigned GET), deletion; ingest and purge are enqueued.
  'data-sources': [...TABLE_READ_WRITE, ...OBJECTS_READ_WRITE, 'indexing-queue', 'secrets'],
  // A deleted folder's files are purged by the indexing worker.
  folders: [...TABLE_READ_WRITE, 'indexing-queue'],
  'storage-credentials': [...TABLE_READ_WRITE, 'secrets'],
  // A sync seals the user's Drive token into each drive.import message, for that item only (§12.2).
  drive: [...TABLE_READ_WRITE, ...OBJECTS_READ_WRITE, 'indexing-queue', 'secrets'],
  'web-sources': [...TABLE_READ_WRITE, 'indexing-queue'],
  // API-source secrets are sealed on save and opened for the server-side test (§14.7).
  'api-sources': [...TABLE_READ_WRITE, 'indexing-queue', 'secrets'],
  // A deployment enqueues kb.index; deletion drops the vector indexes (§15.6).
  'knowledge-bases': [...TABLE_READ_WRITE, 'indexing-queue', 'vector-index'],
  rag: [...TABLE_READ_WRITE, 'indexing-queue', 'secrets'],
  chat: [...TABLE_READ_WRITE, 'model-invocation', 'vector-index', 'secrets'],
  integrations: [...TABLE_READ_WRITE, 'chat-events', 'secrets'],
  // New tickets are mailed to the support mailbox, responses to the ticket's creator; attachments are objects.
  support: [...TABLE_READ_WRITE, ...OBJECTS_READ_WRITE, 'mail'],
  billing: [...TABLE_READ_WRITE, 'stripe'],
  usage: [...TABLE_READ_WRITE],
  dashboard: [...TABLE_READ_WRITE],
};

export function capabilitiesOf(family: Family): readonly Capability[] {
  return FAMILY_CAPABILITIES[family] ?? [];
}
