import type { ChatMessage, ChatSession } from '../../../shared/api/schemas/chat';
import type { ChatMessageRecord, ChatSessionRecord } from './chat-records';

/** §2 ChatSession. `created` repeats `created_at`, which doc 1's client reads. */
export function toChatSession(record: ChatSessionRecord): ChatSession {
  return {
    id: record.id,
    name: record.name,
    organization_id: record.organization_id,
    user_id: record.user_id,
    rag_application_id: record.rag_application_id,
    created: record.created_at,
    created_at: record.created_at,
    updated_at: record.updated_at,
    metadata: { ...record.client_metadata, isNewSession: record.is_new_session, channel: record.channel },
  };
}

/** §2 ChatMessage: `sources` and `generator` on assistant messages only. */
export function toChatMessage(record: ChatMessageRecord): ChatMessage {
  return {
    id: record.id,
    sessionId: record.session_id,
    text: record.text,
    sender: record.sender,
    timestamp: record.timestamp,
    ...(record.sender === 'assistant' ? { sources: record.sources ?? [], generator: record.generator ?? { kind: 'extractive', model: 'unknown' } } : {}),
  };
}
