import { randomUUID } from 'node:crypto';
import type { QueueMessage } from '../ports/queue';
import { nowIso } from '../keys/table-keys';

export const WEB_CRAWL_MESSAGE_TYPE = 'web.crawl';

export type CrawlTrigger = 'create' | 'update' | 'manual' | 'schedule';

/** `web.crawl` (§23.1); its cursor is stored, and `cursorKey` names it. `slice` is extra: which slice of the crawl this is, so a late duplicate of an earlier one does nothing. */
export interface WebCrawlPayload {
  webSourceId: string;
  crawlId: string;
  trigger: CrawlTrigger;
  /** Where the cursor of this slice is stored (it can outgrow a queue message); none for the first. */
  cursorKey?: string;
  slice?: number;
}

export function webCrawlMessage(organizationId: string, requestedBy: string, payload: WebCrawlPayload): QueueMessage {
  return { type: WEB_CRAWL_MESSAGE_TYPE, version: 1, messageId: randomUUID(), organizationId, requestedBy, createdAt: nowIso(), payload: payload as unknown as Record<string, unknown> };
}

export const newCrawlId = () => `crawl_${randomUUID()}`;
