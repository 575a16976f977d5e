import type { QueueMessage } from '../../contracts/ports/queue';
import type { Ports } from '../../contracts/ports/ports';
import { nowIso } from '../../contracts/keys/table-keys';
import type { WebCrawlPayload } from '../../contracts/messages/web-crawl-message';
import { logger } from '../../observability/logger';
import { StaleWebSourceError, WebSourceRepository } from './web-source-repository';

/** `last_error` of a crawl whose every delivery failed. */
export const CRAWL_FAILED = 'The crawl failed repeatedly; try again later';

/**
 * §23.1 for a `web.crawl` message that reached the dead letters: the source would stay `crawling`
 * (and refuse every sync) forever, so it becomes `failed`, unless another crawl has taken over.
 */
export async function failDeadLetteredCrawl(ports: Ports, message: QueueMessage): Promise<void> {
  const payload = message.payload as unknown as WebCrawlPayload;
  const repository = new WebSourceRepository(ports.database);
  // A slice of the same crawl may still be writing (a redelivery racing the dead letter): read again until one write wins.
  for (let round = 0; round < 5; round++) {
    const source = await repository.get(message.organizationId, payload.webSourceId);
    if (!source || source.crawl_id !== payload.crawlId || (source.status !== 'crawling' && source.status !== 'pending')) return;
    try {
      await repository.replace(source, { ...source, status: 'failed', last_error: CRAWL_FAILED, crawl_slice: 0, updated_at: nowIso() });
      logger.warn('A dead-lettered crawl left its web source failed', { webSourceId: source.id, crawlId: payload.crawlId });
      return;
    } catch (error) {
      if (!(error instanceof StaleWebSourceError)) throw error;
    }
  }
}
