import { describe, expect, it } from 'vitest';
import { sessionNameFromMessage } from '../../../../shared/rules/chat';
import { windowRightOffset } from './chat-constants';
import { afterFirstMessage, historyOf, mostRecentlyCreated, normalizeSession, sendBlocked, sessionDateLabel, sessionsOfApplication, sidebarName } from './session-rules';
import type { ChatMessage, ChatSession } from './types';

const session = (id: string, created: string, updated: string, extra: Partial<ChatSession> = {}): ChatSession => ({
  id,
  name: 'New chat',
  created_at: created,
  updated_at: updated,
  rag_application_id: 'app-1',
  metadata: { isNewSession: false },
  ...extra,
});

describe('sessionDateLabel (spec 01 §2.7)', () => {
  // Local times, as the browser shows them: a Wednesday afternoon.
  const now = new Date(2025, 2, 12, 15, 0);
  const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

  it('shows a time for today and Yesterday plus a time for yesterday', () => {
    expect(sessionDateLabel(at(2025, 2, 12, 9, 5), now, 'en-US')).toBe('09:05 AM');
    expect(sessionDateLabel(at(2025, 2, 11, 23, 30), now, 'en-US')).toBe('Yesterday 11:30 PM');
  });

  it('shows the weekday within the last 7 days', () => {
    expect(sessionDateLabel(at(2025, 2, 10, 12, 0), now, 'en-US')).toBe('Monday');
    expect(sessionDateLabel(at(2025, 2, 6, 12, 0), now, 'en-US')).toBe('Thursday');
  });

  it('shows month and day earlier this year, and the year before that', () => {
    expect(sessionDateLabel(at(2025, 2, 5, 12, 0), now, 'en-US')).toBe('Mar 5');
    expect(sessionDateLabel(at(2025, 0, 1, 0, 1), now, 'en-US')).toBe('Jan 1');
    expect(sessionDateLabel(at(2024, 11, 31, 12, 0), now, 'en-US')).toBe('Dec 31, 2024');
  });

  it('shows nothing for an unreadable date', () => {
    expect(sessionDateLabel('not a date', now, 'en-US')).toBe('');
  });
});

describe('session list rules (spec 01 §4.2)', () => {
  const sessions = [
    session('old-created-recently-updated', '2025-01-01T00:00:00Z', '2025-03-10T00:00:00Z'),
    session('newest-created', '2025-03-01T00:00:00Z', '2025-03-01T00:00:00Z'),
    session('other-app', '2025-03-05T00:00:00Z', '2025-03-11T00:00:00Z', { rag_application_id: 'app-2' }),
  ];

  it('keeps only the application’s sessions, newest updated first', () => {
    expect(sessionsOfApplication(sessions, 'app-1').map((s) => s.id)).toEqual(['old-created-recently-updated', 'newest-created']);
  });

  it('selects the most recently created, not the most recently updated', () => {
    expect(mostRecentlyCreated(sessionsOfApplication(sessions, 'app-1'))?.id).toBe('newest-created');
    expect(mostRecentlyCreated([])).toBeUndefined();
  });

  it('maps a new session’s created to created_at and updated_at (spec 01 §3)', () => {
    const created = normalizeSession({ id: 's', name: '', created: '2025-03-01T10:00:00Z', rag_application_id: 'app-1', metadata: { isNewSession: true } } as unknown as ChatSession);
    expect(created).toMatchObject({ name: 'New chat', created_at: '2025-03-01T10:00:00Z', updated_at: '2025-03-01T10:00:00Z', metadata: { isNewSession: true } });
  });

  it('names a new session from its first message as the server does, and only the first time', () => {
    const text = 'How do I reset the password of a shared team account that nobody remembers?';
    const fresh = session('s', '2025-03-01T00:00:00Z', '2025-03-01T00:00:00Z', { metadata: { isNewSession: true } });
    const named = afterFirstMessage(fresh, text);
    expect(named.name).toBe(sessionNameFromMessage(text));
    expect(named.name).toBe('How do I reset the password of a shared team');
    expect(named.firstMessage).toBe(text);
    expect(named.metadata.isNewSession).toBe(false);
    expect(afterFirstMessage(named, 'A second question').name).toBe(named.name);
    // The server's session wins when it sends one.
    const server = { ...fresh, name: 'Server name', updated_at: '2025-03-02T00:00:00Z', metadata: { isNewSession: false } };
    expect(afterFirstMessage(fresh, text, server)).toMatchObject({ name: 'Server name', updated_at: '2025-03-02T00:00:00Z', firstMessage: text });
  });

  it('cuts sidebar names to 50 characters', () => {
    expect(sidebarName('x'.repeat(80))).toHaveLength(50);
    expect(sidebarName('Short')).toBe('Short');
  });
});

describe('sending rules (spec 01 §4.3, §5)', () => {
  const mine = session('s1', '2025-03-01T00:00:00Z', '2025-03-01T00:00:00Z');
  const foreign = session('s2', '2025-03-01T00:00:00Z', '2025-03-01T00:00:00Z', { rag_application_id: 'app-2' });

  it('blocks blank text, a missing application or session, and a session of another application', () => {
    expect(sendBlocked('   ', 'app-1', mine, [mine])).toBe('empty');
    expect(sendBlocked('hi', undefined, mine, [mine])).toBe('no-application');
    expect(sendBlocked('hi', 'app-1', undefined, [mine])).toBe('no-session');
    expect(sendBlocked('hi', 'app-1', foreign, [mine, foreign])).toBe('foreign-session');
    expect(sendBlocked('hi', 'app-1', mine, [])).toBe('foreign-session');
    expect(sendBlocked('hi', 'app-1', mine, [mine])).toBeUndefined();
  });

  it('sends prior messages as history without the client’s apologies, at most 50', () => {
    const messages: ChatMessage[] = Array.from({ length: 60 }, (_, index) => ({ text: `m${index}`, sender: index % 2 ? 'assistant' : 'user', timestamp: 't', sessionId: 's1' }));
    messages.push({ text: 'sorry', sender: 'assistant', timestamp: 't', sessionId: 's1', failed: true });
    const history = historyOf(messages);
    expect(history).toHaveLength(50);
    expect(history.at(-1)).toEqual({ text: 'm59', sender: 'assistant', timestamp: 't', sessionId: 's1' });
  });
});

describe('window offsets (spec 01 §9)', () => {
  it('puts the first window 20 px from the right edge and each next one 420 px further', () => {
    expect([0, 1, 2].map(windowRightOffset)).toEqual([20, 440, 860]);
  });
});
