import { logger } from '../../observability/logger';
import type { Ports } from '../../platform/ports';
import { fileKeyOf, parseIndexingBody } from '../../workers/indexing/indexing-message';
import { mutateFile, revise } from '../files/file-writes';
import { UNPROCESSED_MESSAGE } from './ingest-claim';

/**
 * §23.1 "after the final failure, the resource concerned is set failed": for a `file.ingest`
 * message (or the S3 notification behind it) that reached the dead letters, a still-pending item
 * becomes failed. The ingest's own last-attempt rule already covers almost every case; this is
 * for the embedded queue's onDeadLetter hook (and an SQS DLQ consumer once there is one).
 */
export async function failDeadLetteredIngest(ports: Ports, body: string): Promise<void> {
  let targets: Array<{ organizationId: string; dataSourceId: string }> = [];
  try {
    const delivery = parseIndexingBody(body);
    if (delivery.kind === 'envelope') {
      if (delivery.message.type === 'file.ingest') targets = [{ organizationId: delivery.message.organizationId, dataSourceId: String(delivery.message.payload.dataSourceId) }];
    } else {
      targets = delivery.records.flatMap((record) => fileKeyOf(record.s3.object.key) ?? []);
    }
  } catch {
    return;
  }
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
