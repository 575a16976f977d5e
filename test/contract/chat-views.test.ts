import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newMessageId, newSessionId, type ChatMessageRecord, type ChatSessionRecord } from '../../functions/domain/chat/chat-records';
import { toChatMessage, toChatSession } from '../../functions/domain/chat/chat-view';
import { chatSessionRecord } from '../support/chat-records';
import { chatMessageSchema, clientMetadataSchema, chatSessionPageSchema, chatSessionSchema, citationSchema, generatorSchema, sendChatMessageResponseSchema } from '../../shared/api/schemas/chat';

const sessionRecord = (extra: Partial<ChatSessionRecord> = {}): ChatSessionRecord =>
  chatSessionRecord({ id: newSessionId(), created_at: '2025-03-12T12:00:00.000Z', updated_at: '2025-03-12T12:00:00.000Z', ...extra });

const messageRecord = (sessionId: string, extra: Partial<ChatMessageRecord> & Pick<ChatMessageRecord, 'sender' | 'text'>): ChatMessageRecord => ({
  id: newMessageId(),
  session_id: sessionId,
  timestamp: '2025-03-12T12:00:01.000Z',
  ...extra,
});

const CITATION = {
  documentId: 'fil_handbook',
  name: 'handbook.pdf',
  knowledgeBaseId: 'kb_hr',
  snippet: 'Employees get 25 days of paid leave.',
  score: 0.8123,
  sourceType: 'file',
  url: null,
} as const;

describe('the chat schemas read what the server answers (contract §2, §17)', () => {
  const fresh = toChatSession(sessionRecord({ client_metadata: { source: 'sidebar' } }));
  const slack = toChatSession(sessionRecord({ channel: 'slack', user_id: 'slack:T1:U1', name: 'How many days of leave do I get?', is_new_session: false }));
  const question = toChatMessage(messageRecord(fresh.id, { sender: 'user', text: 'How many days of leave do I get?' }));
  const answer = toChatMessage(
    messageRecord(fresh.id, {
      sender: 'assistant',
      text: 'You get 25 days of paid leave.',
      sources: [CITATION, { ...CITATION, documentId: 'web_1', name: 'Leave policy', sourceType: 'web', url: 'https://intranet.example.com/leave', score: 0.4 }],
      generator: { kind: 'llm', model: 'claude-3-sonnet' },
    }),
  );
  // A reply stored before generators were recorded reads as extractive.
  const older = toChatMessage(messageRecord(fresh.id, { sender: 'assistant', text: 'Nothing relevant was found.', sources: [] }));

  it('parses ChatSession, its client metadata kept beside the server’s', () => {
    for (const session of [fresh, slack]) expect(z.strictObject(chatSessionSchema.shape).parse(session)).toEqual(session);
    expect(chatSessionSchema.parse(fresh).metadata).toEqual({ source: 'sidebar', isNewSession: true, channel: 'web' });
  });

  it('parses ChatMessage of both senders, with its Citation and Generator', () => {
    for (const message of [question, answer, older]) expect(chatMessageSchema.parse(message)).toEqual(message);
    expect(chatMessageSchema.parse(question)).not.toHaveProperty('sources');
    for (const citation of answer.sources ?? []) expect(z.strictObject(citationSchema.shape).parse(citation)).toEqual(citation);
    expect(generatorSchema.parse(older.generator)).toEqual({ kind: 'extractive', model: 'unknown' });
  });

  it('parses the session page (§17.1) and the send answer (§17.4)', () => {
    const page = { sessions: [slack, fresh], pagination: { page: 1, limit: 10, total: 2, totalPages: 1, hasMore: false } };
    expect(chatSessionPageSchema.parse(page)).toEqual(page);
    const sent = { messages: [question, answer], session: toChatSession(sessionRecord({ id: fresh.id, is_new_session: false, name: 'How many days of leave do I get?' })) };
    expect(sendChatMessageResponseSchema.parse(sent)).toEqual(sent);
  });

  it('refuses a wrong shape', () => {
    expect(chatSessionSchema.safeParse({ ...fresh, metadata: { isNewSession: true, channel: 'email' } }).success).toBe(false);
    expect(chatSessionSchema.safeParse({ ...fresh, metadata: { channel: 'web' } }).success).toBe(false);
    const { created: _created, ...withoutCreated } = fresh;
    expect(chatSessionSchema.safeParse(withoutCreated).success).toBe(false);
    expect(chatMessageSchema.safeParse({ ...question, sender: 'system' }).success).toBe(false);
    // Sources and generator belong to assistant messages, and always come with them.
    expect(chatMessageSchema.safeParse({ ...question, sources: [] }).success).toBe(false);
    const { generator: _generator, ...withoutGenerator } = answer;
    expect(chatMessageSchema.safeParse(withoutGenerator).success).toBe(false);
    expect(chatMessageSchema.safeParse({ ...answer, generator: { kind: 'rules', model: 'x' } }).success).toBe(false);
    expect(citationSchema.safeParse({ ...CITATION, sourceType: 'pdf' }).success).toBe(false);
    const { url: _url, ...withoutUrl } = CITATION;
    expect(citationSchema.safeParse(withoutUrl).success).toBe(false);
  });
});

describe('a chat session\'s client metadata (§17.2)', () => {
  const schema = clientMetadataSchema('Metadata must be an object of at most 4 KB');

  it('keeps ordinary objects, numbers in the table\'s range and zero included', () => {
    for (const value of [{}, { topic: 'travel', count: 3, ratio: -0.25, nested: { list: [1, 'a', null, true] } }, { zero: -0 }, { big: Number.MAX_SAFE_INTEGER, small: 1e-100 }]) {
      expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(true);
    }
  });

  it('refuses what the table could not store exactly or what is not an object: 1e308, 2^53 + 2, 1e-200, deep nesting, arrays', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 40; level++) deep = { level: deep };
    for (const value of [{ topic: 1e308 }, { big: 2 ** 53 + 2 }, { tiny: 1e-200 }, deep, [1, 2], 'text', 5, { ['k'.repeat(300)]: 1 }, { '': 1 }]) {
      expect(schema.safeParse(value).success, JSON.stringify(value).slice(0, 60)).toBe(false);
    }
  });

  it('refuses more than 4 KB serialized', () => {
    expect(schema.safeParse({ text: 'x'.repeat(5000) }).success).toBe(false);
  });
});
