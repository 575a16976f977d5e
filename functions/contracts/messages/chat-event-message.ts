import type { QueueMessage } from '../ports/queue';

export class UnreadableMessageError extends Error {}

/** The chat-events queue carries only our own envelope (contract §23.1). */
export function parseChatEventBody(body: string): QueueMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new UnreadableMessageError('Message body is not JSON');
  }
  const value = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  if (typeof value.type !== 'string' || value.version !== 1 || typeof value.organizationId !== 'string' || !value.payload || typeof value.payload !== 'object') {
    throw new UnreadableMessageError('Message is not a queue envelope');
  }
  return value as unknown as QueueMessage;
}
