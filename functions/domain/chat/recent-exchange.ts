import type { DatabasePort } from '../../contracts/ports/database';
import { SessionRepository, type SessionOwner } from './session-repository';

/** §16.10: how far back an exchange may be forwarded to the organization's channels. */
export const NOTIFY_WINDOW_MS = 15 * 60 * 1000;

/**
 * Whether the owner really had this exchange (a question and the reply right after it) in one of
 * their own sessions of the application within the last 15 minutes, compared after trimming, so a
 * caller cannot post arbitrary text into Slack. Reads only sessions updated in the window, and in
 * each only the messages of the window.
 */
export async function hadRecentExchange(database: DatabasePort, owner: SessionOwner, exchange: { query: string; response: string }, now = Date.now()): Promise<boolean> {
  const since = new Date(now - NOTIFY_WINDOW_MS).toISOString();
  const sessions = new SessionRepository(database);
  const recent = (await sessions.listOwned(owner)).items.filter((session) => session.updated_at >= since);
  const query = exchange.query.trim();
  const response = exchange.response.trim();
  for (const session of recent) {
    const messages = await sessions.messages(owner.organizationId, session.id, since);
    for (let index = 1; index < messages.length; index++) {
      const question = messages[index - 1];
      const reply = messages[index];
      if (question?.sender === 'user' && reply?.sender === 'assistant' && question.text.trim() === query && reply.text.trim() === response) return true;
    }
  }
  return false;
}
