import { z } from 'zod';
import { CHAT_CHANNELS, CHAT_LIMITS } from '../../rules/chat';
import { isoDate } from './common';

/**
 * The ChatSession entity (contract §2). `created` repeats `created_at` (doc 1's client reads it).
 * `metadata` is what the client sent (§17.2) with the server's `isNewSession` and `channel` over it.
 */
export const chatSessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  organization_id: z.string(),
  /** The product user id, the `X-User-ID` value, or `slack:{teamId}:{userId}`. */
  user_id: z.string(),
  rag_application_id: z.string(),
  created: isoDate,
  created_at: isoDate,
  updated_at: isoDate,
  metadata: z.looseObject({ isNewSession: z.boolean(), channel: z.enum(CHAT_CHANNELS) }),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

/** Nesting the client's metadata may use; DynamoDB refuses a document nested over 32 levels. */
const METADATA_MAX_DEPTH = 8;
/**
 * Numbers the table keeps exactly: the SDK refuses to write a number past the safe-integer range
 * (it would lose precision), and DynamoDB one under 1e-130 in magnitude.
 */
const SMALLEST_STORABLE_MAGNITUDE = 1e-130;

function isStorableNumber(value: number): boolean {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value) || magnitude > Number.MAX_SAFE_INTEGER) return false;
  return magnitude === 0 || magnitude >= SMALLEST_STORABLE_MAGNITUDE;
}

/** Whether a JSON value can be kept as one DynamoDB map as it is: numbers in range, bounded nesting and keys. */
function isStorableValue(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return isStorableNumber(value);
  if (depth >= METADATA_MAX_DEPTH || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.every((entry) => isStorableValue(entry, depth + 1));
  return Object.entries(value).every(([key, entry]) => key.length > 0 && key.length <= 255 && isStorableValue(entry, depth + 1));
}

/**
 * A chat session's client metadata (§17.2): an object of at most 4 KB serialized, whose values the
 * table can store unchanged, so a number like 1e308 or a deeply nested value is refused here and
 * not by the database.
 */
export function clientMetadataSchema(message: string) {
  return z.custom<Record<string, unknown>>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      new TextEncoder().encode(JSON.stringify(value)).length <= CHAT_LIMITS.metadataMaxBytes &&
      isStorableValue(value, 0),
    { message },
  );
}

/** The Citation entity (contract §2): one retrieved passage an assistant reply cites. */
export const citationSchema = z.object({
  /** The file item, web source or API source the passage came from. */
  documentId: z.string(),
  /** File name, page title or API source name. */
  name: z.string(),
  knowledgeBaseId: z.string(),
  /** At most 300 characters of the passage. */
  snippet: z.string(),
  /** 0..1, 4 decimals. */
  score: z.number(),
  sourceType: z.enum(['file', 'web', 'api']),
  /** The page URL for `web`. */
  url: z.string().nullable(),
});
export type Citation = z.infer<typeof citationSchema>;

/** Which answerer wrote a reply; the UI labels `extractive` and never presents it as an LLM answer (§2). */
export const generatorSchema = z.object({ kind: z.enum(['llm', 'extractive']), model: z.string() });
export type Generator = z.infer<typeof generatorSchema>;

export const CHAT_SENDERS = ['user', 'assistant'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

/** The ChatMessage entity (contract §2): `sources` and `generator` on assistant messages, and only there. */
export const chatMessageSchema = z
  .object({
    id: z.string(),
    sessionId: z.string(),
    text: z.string(),
    sender: z.enum(CHAT_SENDERS),
    timestamp: isoDate,
    /** `[]` when nothing relevant was found. */
    sources: z.array(citationSchema).optional(),
    generator: generatorSchema.optional(),
  })
  .check((context) => {
    const message = context.value;
    const assistant = message.sender === 'assistant';
    for (const field of ['sources', 'generator'] as const) {
      if ((message[field] !== undefined) !== assistant) {
        context.issues.push({
          code: 'custom',
          path: [field],
          message: assistant ? `An assistant message carries ${field}` : `A user message carries no ${field}`,
          input: message[field],
        });
      }
    }
  });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** §17.1. */
export const chatSessionPageSchema = z.object({
  sessions: z.array(chatSessionSchema),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int(), hasMore: z.boolean() }),
  truncated: z.literal(true).optional(),
});
export type ChatSessionPage = z.infer<typeof chatSessionPageSchema>;

/** §17.2. */
export const createChatSessionResponseSchema = z.object({ session: chatSessionSchema });

/** §17.3. */
export const chatMessagesSchema = z.object({ messages: z.array(chatMessageSchema) });

/** §17.4: the whole session, oldest first, and the session as the send left it. */
export const sendChatMessageResponseSchema = z.object({ messages: z.array(chatMessageSchema), session: chatSessionSchema });
export type SendChatMessageResponse = z.infer<typeof sendChatMessageResponseSchema>;

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

const M = CHAT_MESSAGES;
const objectOrEmpty = (value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {});
const absent = (value: unknown) => value === undefined || value === null;

/** §17.2: both optional; a null reads as absent. */
export const createChatSessionRequestSchema = z.object({
  name: z.preprocess((value) => value ?? undefined, z.string({ error: M.sessionNameTooLong }).trim().max(255, M.sessionNameTooLong).optional()),
  metadata: z
    .record(z.string(), z.unknown(), { error: M.metadataInvalid })
    .nullish()
    .refine((value) => absent(value) || clientMetadataSchema(M.metadataInvalid).safeParse(value).success, M.metadataInvalid)
    .transform((value) => value ?? undefined),
});

/**
 * §17.4, in the contract's order. `timestamp` is the client's and ignored (the server stamps
 * messages); `history` is validated and otherwise ignored, because the stored messages are the
 * context. `message.sessionId`, when sent, must be the path's session: that needs the path, so the
 * route checks it with namesAnotherSession once the body is valid (one schema for every send:
 * building a zod object per request cost a fifth of a millisecond of a chat send's CPU).
 */
export const sendChatMessageRequestSchema = z.object({
  message: z.preprocess(
    objectOrEmpty,
    z.object({
      text: z.preprocess(
        (value) => (typeof value === 'string' ? value.trim() : ''),
        z
          .string()
          .min(1, M.messageEmpty)
          .refine((text) => Array.from(text).length <= CHAT_LIMITS.messageMaxCharacters, M.messageTooLong),
      ),
      sender: z.literal('user', { error: M.senderMustBeUser }),
      sessionId: z.unknown().optional(),
    }),
  ),
  history: z.array(z.unknown(), { error: M.historyInvalid }).max(CHAT_LIMITS.historyMaxMessages, M.historyInvalid).nullish(),
});

/** §17.4: a sent `message.sessionId` that is not the path's session (CHAT_MESSAGES.sessionIdMismatch). */
export function namesAnotherSession(sessionId: unknown, pathSessionId: string): boolean {
  return !absent(sessionId) && sessionId !== pathSessionId;
}
