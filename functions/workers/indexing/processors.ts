import { ingestFile } from '../../domain/ingestion/ingest-file';
import { purgeSource } from '../../domain/ingestion/purge-source';
import { indexKnowledgeBase } from '../../domain/knowledge-bases/index-knowledge-base';
import { importDriveFile } from '../../domain/drive/drive-import';
import { crawlWebSource } from '../../domain/websites/crawl-web-source';
import type { QueueMessage } from '../../contracts/ports/queue';

export type MessageProcessor = (message: QueueMessage) => Promise<void>;

/**
 * Processors by message type (contract §23.1). Each worker family registers here as it lands
 * (api sources). A message of a type with no processor fails, is retried,
 * and ends in the dead-letter queue: it is kept, never dropped.
 */
export const PROCESSORS: Partial<Record<string, MessageProcessor>> = {
  'file.ingest': (message) => ingestFile(message),
  'source.purge': (message) => purgeSource(message),
  'kb.index': (message) => indexKnowledgeBase(message),
  'web.crawl': (message) => crawlWebSource(message),
  'drive.import': (message) => importDriveFile(message),
};

export class NoProcessorError extends Error {}

export async function processMessage(message: QueueMessage, processors = PROCESSORS): Promise<void> {
  const processor = processors[message.type];
  if (!processor) throw new NoProcessorError(`No processor for message type ${message.type}`);
  await processor(message);
}
