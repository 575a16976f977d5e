import type { DatabasePort } from '../../contracts/ports/database';
import { onTableWrites } from '../table/write-watch';
import { chatKeys, type ChatMessageRecord, type ChatSessionRecord } from './chat-records';

/** Messages held across all sessions before the least recently used sessions are let go. */
const MAX_MESSAGES_HELD = 20_000;

export interface WarmSession {
  session: ChatSessionRecord;
  /** The whole session, oldest first, as of `session.message_count`. */
  messages: ChatMessageRecord[];
}

/**
 * The sessions this process last created or answered, with their messages: the next send of a
 * conversation then needs neither the session's read nor its messages' query, only the rate
 * limit and the exchange's transaction.
 *
 * Never trusted blindly: the exchange is written on condition that the session still holds the
 * message count held here, so a session another process (another Lambda instance) answered,
 * renamed or deleted meanwhile fails that condition, and the send reads it again from the table
 * (send-message.ts). Within this process any write to a session's item (rename, delete, purge,
 * the exchange itself) forgets it at once (write-watch.ts); a send then stores what it wrote.
 */
export class WarmSessions {
  private readonly entries = new Map<string, WarmSession>();
  private held = 0;

  get(sessionSortKey: string): WarmSession | undefined {
    const entry = this.entries.get(sessionSortKey);
    if (!entry) return undefined;
    // Most recently used last, so that eviction takes the oldest first.
    this.entries.delete(sessionSortKey);
    this.entries.set(sessionSortKey, entry);
    return entry;
  }

  remember(entry: WarmSession): void {
    const key = sessionSortKey(entry.session);
    this.forget(key);
    this.entries.set(key, { session: entry.session, messages: [...entry.messages] });
    this.held += entry.messages.length + 1;
    for (const [oldest, held] of this.entries) {
      if (this.held <= MAX_MESSAGES_HELD) break;
      this.entries.delete(oldest);
      this.held -= held.messages.length + 1;
    }
  }

  forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.messages.length + 1;
  }
}

export function sessionSortKey(session: Pick<ChatSessionRecord, 'organization_id' | 'rag_application_id' | 'channel' | 'user_id' | 'id'>): string {
  return chatKeys.session(session.organization_id, session.rag_application_id, session.channel, session.user_id, session.id).SK;
}

const byClient = new WeakMap<object, WarmSessions | null>();

/** The warm sessions of `database`'s client; none for a client whose writes cannot be watched (a test double). */
export function warmSessionsOf(database: DatabasePort): WarmSessions | undefined {
  let sessions = byClient.get(database.client);
  if (sessions === undefined) {
    const created = new WarmSessions();
    sessions = onTableWrites(database, (sortKeys) => {
      for (const key of sortKeys) if (key.startsWith(chatKeys.everySession)) created.forget(key);
    })
      ? created
      : null;
    byClient.set(database.client, sessions);
  }
  return sessions ?? undefined;
}
