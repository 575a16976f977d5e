import { LLM_MODELS } from './chat';

/**
 * RAG application create/update rules (contract §16, spec 03 §3, §5) that the form and the API both
 * apply. The server adds what only it can check (knowledge bases that exist and are ready, plan and
 * organization switches, token uniqueness); the client runs these pure checks before it sends.
 */

/** Contract §16.4: knowledge bases one application may use. */
export const MAX_APPLICATION_KNOWLEDGE_BASES = 20;

/** Contract §1.6: a sent value that begins with this keeps the stored secret. */
export const SECRET_MASK = '********';

export const INTEGRATION_LIMITS = {
  rateLimitDefault: 100,
  rateLimitMin: 1,
  rateLimitMax: 10_000,
  allowedOriginsMax: 20,
  slackChannelsMax: 20,
} as const;

/** Spec 03 §5: API tokens are `rag_` followed by random letters and digits. */
export const API_TOKEN_PREFIX = 'rag_';
/** Contract §16: `rag_` + 32–64 letters or digits; the server generates 40. */
export const API_TOKEN_PATTERN = /^rag_[A-Za-z0-9]{32,64}$/;
export const GENERATED_API_TOKEN_LENGTH = 40;

/** Contract §16.4–§16.5 texts, exact. */
export const APPLICATION_FORM_MESSAGES = {
  llmModelRequired: 'LLM model is required',
  llmModelInvalid: `LLM model must be one of ${LLM_MODELS.join(', ')}`,
  indexIdsRequired: 'Please select at least one knowledge-base',
  indexIdsTooMany: `At most ${MAX_APPLICATION_KNOWLEDGE_BASES} knowledge bases can be selected`,
  apiTokenFormat: 'API token must start with rag_ followed by 32 to 64 letters or digits',
  rateLimitRange: `Rate limit must be between ${INTEGRATION_LIMITS.rateLimitMin} and ${INTEGRATION_LIMITS.rateLimitMax}`,
  allowedOriginsTooMany: `At most ${INTEGRATION_LIMITS.allowedOriginsMax} allowed origins are allowed`,
  invalidOrigin: (value: string) => `Invalid origin: ${value}`,
  slackBotTokenRequired: 'Slack bot token is required',
  slackBotTokenFormat: 'Slack bot token must start with xoxb-',
  slackSigningSecretRequired: 'Slack signing secret is required',
  invalidSlackChannel: (value: string) => `Invalid Slack channel: ${value}`,
  slackChannelsTooMany: `At most ${INTEGRATION_LIMITS.slackChannelsMax} Slack channels are allowed`,
} as const;

/** `scheme://host[:port]` with nothing after it, or `*` (§16). */
export function isOrigin(value: string): boolean {
  if (value === '*') return true;
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s@]+$/i.test(value)) return false;
  try {
    return new URL(value).host !== '';
  } catch {
    return false;
  }
}

/** The form a browser's `Origin` header takes: lowercase, default port dropped. */
export function normalizeOrigin(value: string): string {
  if (value === '*') return value;
  try {
    const url = new URL(value);
    return url.origin !== 'null' ? url.origin : value.toLowerCase();
  } catch {
    return value.toLowerCase();
  }
}

/** A channel id (C…, G…, D…) or `#name` as Slack spells names. */
export function isSlackChannel(value: string): boolean {
  return /^[CGD][A-Z0-9]{6,}$/.test(value) || /^#[a-z0-9][a-z0-9._-]{0,79}$/.test(value);
}

export function splitChannels(channels: string): string[] {
  return channels
    .split(',')
    .map((channel) => channel.trim())
    .filter(Boolean);
}

/** Whether a value is the masked form of a stored secret, which the server keeps as it is. */
export function isMaskedSecret(value: string): boolean {
  return value.trim().startsWith(SECRET_MASK);
}
