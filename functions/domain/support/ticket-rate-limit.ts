import type { RateLimit } from '../rate-limits/rate-limits';

/** §1.8: ticket creation, 10 an hour per user. */
export const TICKET_CREATION_LIMIT: RateLimit = { scope: 'ticket-create', limit: 10, windowSeconds: 3600 };
