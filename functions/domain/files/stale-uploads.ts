import { logger } from '../../observability/logger';
import type { Ports } from '../../contracts/ports/ports';
import { deleteFileRecord } from './file-lifecycle';
import { FileRepository } from './file-repository';

/** §9.6: an upload not completed within this long is deleted. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
const PER_RUN = 500;

/**
 * The cleanup job's share for files (§23.2 `schedule.cleanup`): uploads still waiting for their
 * completion a day after they started, oldest first, found on a sparse index without scanning
 * anything. Each is re-read before it is deleted, so an upload completed meanwhile stays.
 * Answers how many were deleted.
 */
export async function deleteStaleUploads(ports: Ports, time: string): Promise<number> {
  const cutoff = new Date(Date.parse(time) - STALE_UPLOAD_MS).toISOString();
  const files = new FileRepository(ports.database);
  let deleted = 0;
  for (const item of await files.pendingUploadsBefore(cutoff, PER_RUN)) {
    const current = await files.get(item.organization_id, item.id);
    if (!current || current.status !== 'pending' || current.metadata.upload_completed_at) continue;
    await deleteFileRecord(ports, current, 'system');
    deleted += 1;
  }
  if (deleted > 0) logger.info('Deleted uploads that were never completed', { deleted, cutoff });
  return deleted;
}
