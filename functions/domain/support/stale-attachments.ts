import { logger } from '../../observability/logger';
import type { DatabasePort } from '../../contracts/ports/database';
import type { ObjectsPort } from '../../contracts/ports/objects';
import { removeUnusedAttachment } from './attachment-removal';
import { TicketStore } from './ticket-store';

/** §19.1: an attachment no ticket used within this long is deleted. */
export const STALE_ATTACHMENT_MS = 24 * 60 * 60 * 1000;
const PER_RUN = 500;

/**
 * The cleanup job's share for support (§23.2 `schedule.cleanup`): attachments still unused a day
 * after they were registered, from a sparse index partition. A ticket that takes one meanwhile
 * wins: the delete is conditioned on it being unused. Answers how many were deleted.
 */
export async function deleteStaleAttachments(ports: { database: DatabasePort; objects: ObjectsPort }, time: string): Promise<number> {
  const store = new TicketStore(ports.database);
  const cutoff = new Date(Date.parse(time) - STALE_ATTACHMENT_MS).toISOString();
  let deleted = 0;
  for (const pending of await store.listPendingAttachmentsBefore(cutoff, PER_RUN)) {
    const attachment = await store.getAttachment(pending.organization_id, pending.id);
    if (!attachment || attachment.ticket_id) continue;
    if (await removeUnusedAttachment(store, ports.objects, attachment)) deleted += 1;
  }
  if (deleted > 0) logger.info('Deleted support attachments no ticket used', { deleted, cutoff });
  return deleted;
}
