import type { Citation, Generator } from '../../../shared/api/schemas/chat';
import type { ChatChannel } from '../../../shared/rules/chat';
import { keys, newId } from '../../contracts/keys/table-keys';

export type { Citation, Generator };

export interface ChatSessionRecord {
  id: string;
  organization_id: string;
  rag_application_id: string;
  channel: ChatChannel;
  /** The product user id, the `X-User-ID` value, or `slack:{teamId}:{userId}` (§2 ChatSession). */
  user_id: string;
  name: string;
  /** What the client sent as metadata; `isNewSession` and `channel` are the server's and added when read. */
  client_metadata: Record<string, unknown>;
  is_new_session: boolean;
  message_count: number;
  created_at: string;
  updated_at: string;
}

export interface ChatMessageRecord {
  id: string;
  session_id: string;
  sender: 'user' | 'assistant';
  text: string;
  timestamp: string;
  sources?: Citation[];
  generator?: Generator;
}

export const newSessionId = () => newId('ses');
export const newMessageId = () => newId('msg');

/**
 * A session belongs to (application, channel, user): its key says all three, so a session is only
 * ever read with its owner's key and another user's (or another channel's) id is simply not found.
 * None of the parts contains '#' (ids, `X-User-ID`'s alphabet, Slack ids).
 */
export const ownerKey = (channel: ChatChannel, userId: string) => `${channel}:${userId}`;

export const chatKeys = {
  session: (organizationId: string, applicationId: string, channel: ChatChannel, userId: string, sessionId: string) => ({
    PK: keys.organization(organizationId).PK,
    SK: `SESSION#${applicationId}#${ownerKey(channel, userId)}#${sessionId}`,
  }),
  sessionsOf: (applicationId: string, channel: ChatChannel, userId: string) => `SESSION#${applicationId}#${ownerKey(channel, userId)}#`,
  sessionsOfApplication: (applicationId: string) => `SESSION#${applicationId}#`,
  everySession: 'SESSION#',
  /** Messages have a partition per session: one Query reads a session's messages in order. */
  messagePartition: (organizationId: string, sessionId: string) => `${keys.organization(organizationId).PK}#SESSION#${sessionId}`,
  message: (organizationId: string, sessionId: string, timestamp: string, messageId: string) => ({
    PK: chatKeys.messagePartition(organizationId, sessionId),
    SK: `MSG#${timestamp}#${messageId}`,
  }),
} as const;
