/**
 * Chat rules both sides share (contract §17, spec 01 §4.2, §4.3): limits, the product's language
 * models, and how a session gets its name from its first message.
 */

export const DEFAULT_SESSION_NAME = 'New chat';

export const CHAT_LIMITS = {
  /** Characters of one message, after trimming (§17.4). */
  messageMaxCharacters: 4000,
  /** `history` the client may send; validated and otherwise ignored, the stored messages are the context. */
  historyMaxMessages: 50,
  /** Stored messages per session: 200 exchanges keep a whole-session answer under the 6 MB limit. */
  sessionMaxMessages: 400,
  /** Stored messages handed to the model as context. */
  contextMessages: 10,
  /** Passages retrieved per question. */
  passages: 5,
  /** Session names are cut to this many characters at a word boundary. */
  sessionNameCharacters: 50,
  /** Serialized size of a session's client metadata. */
  metadataMaxBytes: 4 * 1024,
  sessionsPageDefault: 10,
  sessionsPageMax: 50,
} as const;

/** The product's model ids and their display names (spec 03 §3, contract §2 Application). */
export const LLM_MODELS = ['gpt-3.5-turbo', 'gpt-4', 'claude-3-opus', 'claude-3-sonnet', 'mistral-7b'] as const;
export type LlmModel = (typeof LLM_MODELS)[number];

export const LLM_MODEL_LABELS: Record<LlmModel, string> = {
  'gpt-3.5-turbo': 'GPT-3.5 Turbo',
  'gpt-4': 'GPT-4',
  'claude-3-opus': 'Claude 3 Opus',
  'claude-3-sonnet': 'Claude 3 Sonnet',
  'mistral-7b': 'Mistral 7B',
};

export const DEFAULT_LLM_MODEL: LlmModel = 'gpt-3.5-turbo';

export function isLlmModel(value: unknown): value is LlmModel {
  return typeof value === 'string' && (LLM_MODELS as readonly string[]).includes(value);
}

/**
 * The name of a session after its first message (§17.4): the trimmed text when it fits in 50
 * characters; otherwise its first 50 characters cut back to the last space, or all 50 when they
 * hold no space. Runs of whitespace count as one space, so a name never carries line breaks.
 */
export function sessionNameFromMessage(text: string, limit: number = CHAT_LIMITS.sessionNameCharacters): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length === 0) return DEFAULT_SESSION_NAME;
  // Code points, not UTF-16 units, so an emoji is never split in half.
  const characters = Array.from(flat);
  if (characters.length <= limit) return flat;
  const head = characters.slice(0, limit).join('');
  const lastSpace = head.lastIndexOf(' ');
  return (lastSpace > 0 ? head.slice(0, lastSpace) : head).trimEnd();
}

/** `X-User-ID` of API-key callers (§17): 1–128 of these characters. */
export const EXTERNAL_USER_ID_PATTERN = /^[A-Za-z0-9._:@-]{1,128}$/;

/** Where a session's messages come from (§17 "Identity"): the web client, an API key's caller, a Slack thread. */
export const CHAT_CHANNELS = ['web', 'api', 'slack'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
