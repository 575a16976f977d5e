import { DEFAULT_SESSION_NAME } from '../../../shared/rules/chat';
import type { DatabasePort } from '../../contracts/ports/database';
import { nowIso } from '../../contracts/keys/table-keys';
import { newSessionId, type ChatSessionRecord } from './chat-records';
import { SessionRepository, type SessionOwner } from './session-repository';
import { warmSessionsOf } from './warm-sessions';

/** §17.2: a new session is always new (`isNewSession: true`), whatever metadata the client sent. */
export async function startSession(database: DatabasePort, owner: SessionOwner, input: { name?: string; metadata?: Record<string, unknown> }): Promise<ChatSessionRecord> {
  const now = nowIso();
  const { isNewSession: _new, channel: _channel, ...clientMetadata } = input.metadata ?? {};
  const session: ChatSessionRecord = {
    id: newSessionId(),
    organization_id: owner.organizationId,
    rag_application_id: owner.applicationId,
    channel: owner.channel,
    user_id: owner.userId,
    name: input.name || DEFAULT_SESSION_NAME,
    client_metadata: clientMetadata,
    is_new_session: true,
    message_count: 0,
    created_at: now,
    updated_at: now,
  };
  await new SessionRepository(database).create(session);
  warmSessionsOf(database)?.remember({ session, messages: [] });
  return session;
}
