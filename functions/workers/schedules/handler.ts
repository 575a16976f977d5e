import { deleteStaleUploads } from '../../domain/files/stale-uploads';
import { deleteStaleAttachments } from '../../domain/support/stale-attachments';
import { crawlDueSources } from '../../domain/websites/web-source-service';
import { logger } from '../../observability/logger';
import { getPorts } from '../../contracts/ports/ports';
// The cloud composition root: this Lambda gets its AWS adapters from here.
import '../../platform/ports';

/** The fixed inputs of the EventBridge rules (contract §23.2); the native Scheduled Event is accepted too. */
export interface ScheduleEvent {
  type?: string;
  time?: string;
  'detail-type'?: string;
}

export type ScheduledJob = (time: string) => Promise<void>;

/**
 * Jobs by schedule type. `schedule.cleanup` removes uploads never completed within 24 h (§23.2) and
 * support attachments no ticket used within 24 h (§19.1);
 * expired invitations, idempotency records and the logout denylist need no sweep because their items
 * carry a TTL. `schedule.crawl` starts the crawls that are due (at most 500 a run, oldest first).
 */
export const SCHEDULED_JOBS: Partial<Record<string, ScheduledJob>> = {
  'schedule.cleanup': async (time) => {
    const removed = await deleteStaleUploads(getPorts(), time);
    logger.info('Removed uploads that were never completed', { removed });
    const attachments = await deleteStaleAttachments(getPorts(), time);
    logger.info('Removed support attachments no ticket used', { removed: attachments });
  },
  'schedule.crawl': async (time) => {
    const started = await crawlDueSources(getPorts(), time);
    logger.info('Started the crawls that were due', { started });
  },
};

export async function handler(event: ScheduleEvent): Promise<{ type: string; ran: boolean }> {
  const type = event.type ?? 'schedule.unknown';
  const time = event.time ?? new Date().toISOString();
  const job = SCHEDULED_JOBS[type];
  if (!job) {
    logger.info('Scheduled tick with no job registered yet', { type, time });
    return { type, ran: false };
  }
  await job(time);
  return { type, ran: true };
}
