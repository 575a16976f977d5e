import { failDeadLetteredIndexing } from '../../domain/ingestion/dead-letters';
import type { Ports } from '../../contracts/ports/ports';
import type { QueueName } from '../../contracts/ports/queue';
import { settleDeadLetteredChatEvent } from '../chat-events/dead-letters';

export type DeadLetterSettler = (ports: Ports, body: string) => Promise<void>;

/**
 * §23.1 "after the final failure, the resource concerned is set failed", by the queue a message
 * died on: an ingest's item or an index's deployment fails; a Slack question gets an apology. The
 * one source of truth for both runtimes: the embedded queue's onDeadLetter hook
 * (local/platform/local-platform.ts) and the cloud's dead-letter worker (./handler.ts) call this.
 */
export const DEAD_LETTER_SETTLERS: Record<QueueName, DeadLetterSettler> = {
  indexing: failDeadLetteredIndexing,
  'chat-events': settleDeadLetteredChatEvent,
};

export function settleDeadLetter(ports: Ports, queue: QueueName, body: string, settlers: Record<QueueName, DeadLetterSettler> = DEAD_LETTER_SETTLERS): Promise<void> {
  return settlers[queue](ports, body);
}
