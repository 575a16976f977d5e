import { describe, expect, it } from 'vitest';
import type { Ports } from '../../contracts/ports/ports';
import type { QueueMessage } from '../../contracts/ports/queue';
import { settleDeadLetteredChatEvent, type DeadLetterProcessor } from './dead-letters';

const envelope = (type: string) => JSON.stringify({ type, version: 1, messageId: `m-${type}`, organizationId: 'org_1', requestedBy: 'system', createdAt: '2025-03-01T09:30:00.000Z', payload: {} });

describe('chat-events dead letters', () => {
  it('hands a dead-lettered slack.answer to its processor (the apology), and leaves unreadable letters and other types alone', async () => {
    const seen: QueueMessage[] = [];
    const processors: Partial<Record<string, DeadLetterProcessor>> = { 'slack.answer': async (message) => void seen.push(message) };
    const ports = {} as Ports;
    await settleDeadLetteredChatEvent(ports, envelope('slack.answer'), processors);
    await settleDeadLetteredChatEvent(ports, envelope('web.crawl'), processors);
    await settleDeadLetteredChatEvent(ports, 'not json', processors);
    expect(seen.map((message) => message.messageId)).toEqual(['m-slack.answer']);
  });

  it('lets a failed processor fail, so the cloud dead-letter queue delivers the letter again', async () => {
    const processors: Partial<Record<string, DeadLetterProcessor>> = {
      'slack.answer': async () => {
        throw new Error('Slack is down');
      },
    };
    await expect(settleDeadLetteredChatEvent({} as Ports, envelope('slack.answer'), processors)).rejects.toThrow('Slack is down');
  });
});
