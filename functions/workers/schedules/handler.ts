import { logger } from '../../observability/logger';

/** The fixed inputs of the EventBridge rules (contract §23.2); the native Scheduled Event is accepted too. */
export interface ScheduleEvent {
  type?: string;
  time?: string;
  'detail-type'?: string;
}

export type ScheduledJob = (time: string) => Promise<void>;

/**
 * Jobs by schedule type. `schedule.crawl` arrives with web sources and `schedule.cleanup` with the
 * uploads, invitations and idempotency records it sweeps; the logout denylist needs no job because
 * DynamoDB's TTL removes expired entries. Until a job is registered, its tick is logged and skipped.
 */
export const SCHEDULED_JOBS: Partial<Record<string, ScheduledJob>> = {};

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
