import { CHAT_LIMITS } from '../../../shared/rules/chat';

/** Exact texts of contract §17. */
export const CHAT_MESSAGES = {
  sessionNotFound: 'Session not found',
  noKnowledgeBaseAccess: 'You do not have access to any knowledge base of this application',
  userIdRequired: 'X-User-ID header is required',
  userIdInvalid: 'X-User-ID header is invalid',
  sessionNameTooLong: 'Name must be at most 255 characters',
  metadataInvalid: 'Metadata must be an object of at most 4 KB',
  messageEmpty: 'Message cannot be empty',
  messageTooLong: `Message must be at most ${CHAT_LIMITS.messageMaxCharacters} characters`,
  senderMustBeUser: 'sender must be user',
  sessionIdMismatch: 'sessionId does not match the path',
  historyInvalid: `history must be an array of at most ${CHAT_LIMITS.historyMaxMessages} messages`,
  sessionFull: 'This chat has reached its message limit. Please start a new chat.',
  conversationLimit: 'Monthly conversation limit reached for your plan',
  generationFailed: 'Failed to generate a response',
  generationTimeout: 'The assistant took too long to respond',
} as const;
