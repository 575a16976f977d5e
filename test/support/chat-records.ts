import type { ChatSessionRecord } from '../../functions/domain/chat/chat-records';

/** A stored chat session as unit tests need one: a new web session of `usr_1` in `app_1`, with `overrides` over it. */
export function chatSessionRecord(overrides: Partial<ChatSessionRecord> = {}): ChatSessionRecord {
  return {
    id: 'ses_1',
    organization_id: 'org_1',
    rag_application_id: 'app_1',
    channel: 'web',
    user_id: 'usr_1',
    name: 'New chat',
    client_metadata: {},
    is_new_session: true,
    message_count: 0,
    created_at: '2025-03-01T09:00:00.000Z',
    updated_at: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}
