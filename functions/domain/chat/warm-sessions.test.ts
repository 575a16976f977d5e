import { describe, expect, it } from 'vitest';
import type { ChatMessageRecord, ChatSessionRecord } from './chat-records';
import { chatSessionRecord } from '../../../test/support/chat-records';
import { sessionSortKey, WarmSessions } from './warm-sessions';

const session = (id: string, messageCount: number): ChatSessionRecord =>
  chatSessionRecord({ id, channel: 'api', user_id: 'customer-1', is_new_session: messageCount === 0, message_count: messageCount });
const messages = (count: number): ChatMessageRecord[] =>
  Array.from({ length: count }, (_, n) => ({ id: `msg_${n}`, session_id: 's', sender: n % 2 === 0 ? 'user' : 'assistant', text: `m${n}`, timestamp: '2026-01-01T00:00:00.000Z' }));

describe('warm sessions', () => {
  it('holds the last written state of a session under its key, and forgets it on demand', () => {
    const warm = new WarmSessions();
    warm.remember({ session: session('s1', 0), messages: [] });
    warm.remember({ session: session('s1', 2), messages: messages(2) });
    const key = sessionSortKey(session('s1', 2));
    expect(warm.get(key)?.session.message_count).toBe(2);
    expect(warm.get(key)?.messages).toHaveLength(2);
    warm.forget(key);
    expect(warm.get(key)).toBeUndefined();
  });

  it('lets the least recently used sessions go once 20,000 messages are held', () => {
    const warm = new WarmSessions();
    for (const id of ['a', 'b', 'c']) warm.remember({ session: session(id, 8_000), messages: messages(8_000) });
    expect(warm.get(sessionSortKey(session('a', 0)))).toBeUndefined();
    expect(warm.get(sessionSortKey(session('b', 0)))).toBeDefined();
    // 'b' was just used, so the next one over the bound evicts 'c'.
    warm.remember({ session: session('d', 8_000), messages: messages(8_000) });
    expect(warm.get(sessionSortKey(session('c', 0)))).toBeUndefined();
    expect(warm.get(sessionSortKey(session('b', 0)))).toBeDefined();
  });
});
