import { logger } from '../../observability/logger';
import type { Ports } from '../../contracts/ports/ports';
import { fileKeyOf, parseIndexingBody } from '../../contracts/messages/indexing-message';
import { mutateFile, revise } from '../files/file-writes';
import { KB_INDEX_MESSAGE_TYPE } from '../../contracts/messages/kb-index-message';
import { failDeadLetteredIndex } from '../knowledge-bases/index-knowledge-base';
import { UNPROCESSED_MESSAGE } from './ingest-claim';
import { WEB_CRAWL_MESSAGE_TYPE } from '../../contracts/messages/web-crawl-message';
import { DRIVE_IMPORT_MESSAGE_TYPE } from '../../contracts/messages/drive-import-message';
import { failDeadLetteredCrawl } from '../websites/crawl-dead-letters';

/**
 * §23.1 "after the final failure, the resource concerned is set failed": a dead-lettered `kb.index`
 * fails its deployment (failDeadLetteredIndex), a dead-lettered `web.crawl` its source
 * (failDeadLetteredCrawl); for a `file.ingest` or `drive.import`
 * message (or the S3 notification behind it) that reached the dead letters, a still-pending item
 * becomes failed. The ingest's own last-attempt rule already covers almost every case; this is
 * what the embedded queue's onDeadLetter hook and the cloud's dead-letter worker run for the
 * indexing queue (functions/workers/dead-letters/processors.ts).
 */
export async function failDeadLetteredIndexing(ports: Ports, body: string): Promise<void> {
  let delivery: ReturnType<typeof parseIndexingBody>;
  try {
    delivery = parseIndexingBody(body);
  } catch {
    return;
  }
  if (delivery.kind === 'envelope' && delivery.message.type === KB_INDEX_MESSAGE_TYPE) return failDeadLetteredIndex(ports, delivery.message);
  if (delivery.kind === 'envelope' && delivery.message.type === WEB_CRAWL_MESSAGE_TYPE) return failDeadLetteredCrawl(ports, delivery.message);
  const targets: Array<{ organizationId: string; dataSourceId: string }> =
    delivery.kind === 's3-event'
      ? delivery.records.flatMap((record) => fileKeyOf(record.s3.object.key) ?? [])
      : delivery.message.type === 'file.ingest' || delivery.message.type === DRIVE_IMPORT_MESSAGE_TYPE
        ? [{ organizationId: delivery.message.organizationId, dataSourceId: String(delivery.message.payload.dataSourceId) }]
        : [];
  for (const { organizationId, dataSourceId } of targets) {
    const failed = await mutateFile(
      ports.database,
      organizationId,
      dataSourceId,
      (current) => {
        if (current.status !== 'pending') return current;
        const next = revise(current, { status: 'failed', metadata: { error: UNPROCESSED_MESSAGE } });
        delete next.metadata.ingest_claim;
        return next;
      },
      { storageLimitBytes: null },
    );
    if (failed?.status === 'failed') logger.warn('A dead-lettered ingest left its item failed', { organizationId, dataSourceId });
  }
}
