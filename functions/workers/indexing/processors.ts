import type { QueueMessage } from '../../ports/queue';

export type MessageProcessor = (message: QueueMessage) => Promise<void>;

/**
 * Processors by message type (contract §23.1). Each worker family registers here as it lands
 * (file.ingest, web.crawl, kb.index, source.purge, drive.import). A message of a type with no
 * processor fails, is retried, and ends in the dead-letter queue: it is kept, never dropped.
 */
export const PROCESSORS: Partial<Record<string, MessageProcessor>> = {};

export class NoProcessorError extends Error {}

export async function processMessage(message: QueueMessage, processors = PROCESSORS): Promise<void> {
  const processor = processors[message.type];
  if (!processor) throw new NoProcessorError(`No processor for message type ${message.type}`);
  await processor(message);
}
