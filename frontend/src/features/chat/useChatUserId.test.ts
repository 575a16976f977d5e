// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { chatStorageKeys, readStoredSessions, TEMP_USER_ID_PREFIX } from './chat-storage';
import { ensureStoredUserId } from './useChatUserId';

beforeEach(() => localStorage.clear());

describe('the chat user id (spec 01 §4.2)', () => {
  it('stores the signed-in user’s id when none is stored', () => {
    expect(ensureStoredUserId('user-1')).toBe('user-1');
    expect(localStorage.getItem('userId')).toBe('user-1');
  });

  it('makes up a temp- id when there is neither a stored nor a signed-in one, and keeps it', () => {
    const id = ensureStoredUserId(undefined);
    expect(id.startsWith(TEMP_USER_ID_PREFIX)).toBe(true);
    expect(id.length).toBeGreaterThan(TEMP_USER_ID_PREFIX.length + 8);
    expect(localStorage.getItem('userId')).toBe(id);
    expect(ensureStoredUserId(undefined)).toBe(id);
  });

  it('replaces a temporary id once a user is signed in', () => {
    localStorage.setItem('userId', 'temp-abc');
    expect(ensureStoredUserId('user-1')).toBe('user-1');
    expect(localStorage.getItem('userId')).toBe('user-1');
  });
});

describe('stored sessions (spec 01 §3 keys)', () => {
  it('reads sessions_{appId}_{userId}, keeps only the application’s, and survives corrupt data', () => {
    expect(chatStorageKeys.sessions('app-1', 'user-1')).toBe('sessions_app-1_user-1');
    expect(chatStorageKeys.messages('app-1', 'user-1', 'ses-1')).toBe('chat_app-1_user-1_ses-1');
    localStorage.setItem('sessions_app-1_user-1', JSON.stringify([{ id: 'a', rag_application_id: 'app-1' }, { id: 'b', rag_application_id: 'app-2' }]));
    expect(readStoredSessions(localStorage, 'app-1', 'user-1').map((session) => session.id)).toEqual(['a']);
    localStorage.setItem('sessions_app-1_user-1', '{not json');
    expect(readStoredSessions(localStorage, 'app-1', 'user-1')).toEqual([]);
  });
});
