import { apologizeForSlackAnswer, defaultSlackApologyDependencies } from '../../domain/slack/slack-apology';
import { logger } from '../../observability/logger';
import type { Ports } from '../../contracts/ports/ports';
import type { QueueMessage } from '../../contracts/ports/queue';
import { parseChatEventBody, UnreadableMessageError } from '../../contracts/messages/chat-event-message';

export type DeadLetterProcessor = (message: QueueMessage, ports: Ports) => Promise<void>;

/**
 * What follows the final failure of a chat-events message, by type (§23.1 "after the final
 * failure"): a Slack question gets an apology in its thread. Other types have nothing to settle.
 */
export const DEAD_LETTER_PROCESSORS: Partial<Record<string, DeadLetterProcessor>> = {
  'slack.answer': (message, ports) => apologizeForSlackAnswer(message, defaultSlackApologyDependencies(ports)),
};

/** A dead-lettered chat-events body, from the embedded queue's hook or the cloud's dead-letter worker. */
export async function settleDeadLetteredChatEvent(ports: Ports, body: string, processors = DEAD_LETTER_PROCESSORS): Promise<void> {
  let message: QueueMessage;
  try {
    message = parseChatEventBody(body);
  } catch (error) {
    if (!(error instanceof UnreadableMessageError)) throw error;
    logger.warn('An unreadable chat-events dead letter was left as it is', { error: error.message });
    return;
  }
  const processor = processors[message.type];
  if (!processor) {
    logger.warn('A chat-events dead letter of a type with nothing to settle', { type: message.type, messageId: message.messageId });
    return;
  }
  await processor(message, ports);
}
