import { STORED_USER_ID_KEY } from '../../auth/SessionProvider';
import type { ChatMessage, ChatSession } from './types';

/**
 * The browser copies of spec 01 §3 (keys exactly as written there): the user id, each application's
 * session list and each session's messages. They are the fallback when the server cannot be read
 * (§4.2), so every read tolerates a missing, blocked or corrupt store.
 */

export const chatStorageKeys = {
  userId: STORED_USER_ID_KEY,
  sessions: (appId: string, userId: string) => `sessions_${appId}_${userId}`,
  messages: (appId: string, userId: string, sessionId: string) => `chat_${appId}_${userId}_${sessionId}`,
} as const;

/** Spec 01 §4.2: a client without a stored user id makes up a temporary one. */
export const TEMP_USER_ID_PREFIX = 'temp-';

export function newTemporaryUserId(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().replace(/-/g, '') : Math.random().toString(36).slice(2);
  return `${TEMP_USER_ID_PREFIX}${random}`;
}

export function readStoredUserId(): string | undefined {
  try {
    return localStorage.getItem(chatStorageKeys.userId) || undefined;
  } catch {
    return undefined;
  }
}

export function writeStoredUserId(userId: string): void {
  try {
    localStorage.setItem(chatStorageKeys.userId, userId);
  } catch {
    // Blocked storage: the id still lives in memory for this page.
  }
}

function readJson(storage: Storage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage only loses the offline copy.
  }
}

/** The stored sessions of one application, only those that really belong to it (§4.2). */
export function readStoredSessions(storage: Storage, appId: string, userId: string): ChatSession[] {
  const value = readJson(storage, chatStorageKeys.sessions(appId, userId));
  if (!Array.isArray(value)) return [];
  return (value as ChatSession[]).filter((session) => session && typeof session.id === 'string' && session.rag_application_id === appId);
}

export function writeStoredSessions(storage: Storage, appId: string, userId: string, sessions: ChatSession[]): void {
  writeJson(storage, chatStorageKeys.sessions(appId, userId), sessions);
}

export function readStoredMessages(storage: Storage, appId: string, userId: string, sessionId: string): ChatMessage[] {
  const value = readJson(storage, chatStorageKeys.messages(appId, userId, sessionId));
  if (!Array.isArray(value)) return [];
  return (value as ChatMessage[]).filter((message) => message && typeof message.text === 'string' && (message.sender === 'user' || message.sender === 'assistant'));
}

export function writeStoredMessages(storage: Storage, appId: string, userId: string, sessionId: string, messages: ChatMessage[]): void {
  // The apology is the client's own text; the server stored nothing for a failed send, nor does the copy.
  writeJson(
    storage,
    chatStorageKeys.messages(appId, userId, sessionId),
    messages.filter((message) => !message.failed),
  );
}
