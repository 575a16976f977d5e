import { CHAT_LIMITS, DEFAULT_SESSION_NAME, sessionNameFromMessage } from '../../../../shared/rules/chat';
import { CHAT_UI } from './chat-constants';
import type { ChatMessage, ChatSession } from './types';

/**
 * Pure rules of the chat session (spec 01 §3, §4.2, §4.3). The naming rule itself is the server's
 * (shared/rules/chat.ts), so a session named locally reads exactly as the server will name it.
 */

const time = (value: string | undefined) => {
  const parsed = value ? Date.parse(value) : NaN;
  return Number.isNaN(parsed) ? 0 : parsed;
};

/** Spec 01 §3: the client maps a new session's `created` to both `created_at` and `updated_at`. */
export function normalizeSession(session: ChatSession): ChatSession {
  const created = session.created_at ?? session.created ?? new Date().toISOString();
  return {
    ...session,
    name: session.name || DEFAULT_SESSION_NAME,
    created_at: created,
    updated_at: session.updated_at ?? created,
    metadata: { ...session.metadata, isNewSession: session.metadata?.isNewSession ?? false },
  };
}

/** Only the sessions of this application (§4.2), newest updated first (the history list's order). */
export function sessionsOfApplication(sessions: ChatSession[], appId: string): ChatSession[] {
  return sessions.filter((session) => session.rag_application_id === appId).sort((a, b) => time(b.updated_at) - time(a.updated_at));
}

/** §4.2: on opening, the most recently created session is selected. */
export function mostRecentlyCreated(sessions: ChatSession[]): ChatSession | undefined {
  return [...sessions].sort((a, b) => time(b.created_at ?? b.created) - time(a.created_at ?? a.created))[0];
}

/**
 * §4.2: after the first successful send a session is no longer new, and takes its name and
 * firstMessage from that message. The server does the same (contract §17.4); its session, when
 * it sends one, wins over this local copy.
 */
export function afterFirstMessage(session: ChatSession, text: string, serverSession?: ChatSession): ChatSession {
  const base = serverSession ? { ...session, ...normalizeSession(serverSession) } : session;
  if (!session.metadata.isNewSession) return { ...base, firstMessage: base.firstMessage ?? session.firstMessage };
  return {
    ...base,
    name: serverSession?.name && serverSession.name !== DEFAULT_SESSION_NAME ? serverSession.name : sessionNameFromMessage(text),
    firstMessage: text.trim(),
    metadata: { ...base.metadata, isNewSession: false },
    updated_at: serverSession?.updated_at ?? new Date().toISOString(),
  };
}

/** Puts a changed or new session into the list, keeping the list's order rule. */
export function upsertSession(sessions: ChatSession[], session: ChatSession): ChatSession[] {
  const rest = sessions.filter((entry) => entry.id !== session.id);
  return sessionsOfApplication([session, ...rest], session.rag_application_id);
}

/** Why a send is refused before it reaches the server (§4.3, §5), or undefined when it may go. */
export function sendBlocked(text: string, appId: string | undefined, session: ChatSession | undefined, sessions: ChatSession[]): string | undefined {
  if (text.trim() === '') return 'empty';
  if (!appId) return 'no-application';
  if (!session) return 'no-session';
  if (session.rag_application_id !== appId || !sessions.some((entry) => entry.id === session.id)) return 'foreign-session';
  return undefined;
}

/** The `history` of a send (§17.4): the prior messages without the client's apologies, at most 50. */
export function historyOf(messages: ChatMessage[]): Array<Pick<ChatMessage, 'text' | 'sender' | 'timestamp' | 'sessionId'>> {
  return messages
    .filter((message) => !message.failed)
    .slice(-CHAT_LIMITS.historyMaxMessages)
    .map(({ text, sender, timestamp, sessionId }) => ({ text, sender, timestamp, sessionId }));
}

/** The history list shows at most 50 characters of a name. */
export function sidebarName(name: string): string {
  const characters = Array.from(name || DEFAULT_SESSION_NAME);
  return characters.length <= CHAT_UI.sidebarNameCharacters ? characters.join('') : characters.slice(0, CHAT_UI.sidebarNameCharacters).join('');
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The date beside a session in the history list (spec 01 §2.7): today a time; yesterday 'Yesterday'
 * and a time; within the last 7 days the weekday; this year month and day; otherwise month, day, year.
 * Calendar days in the browser's time zone; `locale` is for tests.
 */
export function sessionDateLabel(value: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const clock = date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS);
  if (days <= 0) return clock;
  if (days === 1) return `Yesterday ${clock}`;
  if (days < 7) return date.toLocaleDateString(locale, { weekday: 'long' });
  if (date.getFullYear() === now.getFullYear()) return date.toLocaleDateString(locale, { month: 'short', day: 'numeric' });
  return date.toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric' });
}
