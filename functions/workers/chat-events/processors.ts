import { answerSlackEvent, defaultSlackAnswerDependencies } from '../../domain/slack/slack-answer';
import { getPorts } from '../../contracts/ports/ports';
import type { QueueMessage } from '../../contracts/ports/queue';

export type MessageProcessor = (message: QueueMessage) => Promise<void>;

/**
 * Processors by message type of the chat-events queue (contract §23.1: one type, `slack.answer`).
 * A message of any other type fails, is retried and ends in the dead-letter queue: kept, never dropped.
 */
export const PROCESSORS: Partial<Record<string, MessageProcessor>> = {
  'slack.answer': (message) => answerSlackEvent(message, defaultSlackAnswerDependencies(getPorts())),
};

export class NoProcessorError extends Error {}

export async function processMessage(message: QueueMessage, processors = PROCESSORS): Promise<void> {
  const processor = processors[message.type];
  if (!processor) throw new NoProcessorError(`No processor for chat-events message type ${message.type}`);
  await processor(message);
}
