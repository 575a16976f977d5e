import type { RateLimit } from '../rate-limits/rate-limits';

/**
 * §1.8: a bearer user sends at most 30 chat messages a minute. A Slack asker is held to the same,
 * keyed by the §2 Slack user id (`slack:{teamId}:{userId}`, so never a bearer user's key). API keys
 * have their own limit per token.
 */
export const CHAT_SEND_LIMIT: RateLimit = { scope: 'chat-send', limit: 30, windowSeconds: 60 };
