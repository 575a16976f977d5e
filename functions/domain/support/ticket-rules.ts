import { SETTLED_TICKET_STATUSES, type TicketStatus } from '../../../shared/api/schemas/support';
import type { TicketRecord } from './ticket-record';

export interface StaffUpdate {
  status?: TicketStatus;
  response?: string;
}

/**
 * §19.5: a response stamps `lastResponseAt` and moves a `new` ticket to `open`, unless the same
 * update names a status, which then wins.
 */
export function nextTicketState(ticket: TicketRecord, update: StaffUpdate, now: string): TicketRecord {
  const answered = update.response !== undefined;
  const status = update.status ?? (answered && ticket.status === 'new' ? 'open' : ticket.status);
  return { ...ticket, status, updated_at: now, ...(answered ? { last_response_at: now } : {}) };
}

export interface TicketFilter {
  includeResolved: boolean;
  status?: TicketStatus;
  organizationId?: string;
  userId?: string;
}

/**
 * §19.3: `resolved` and `closed` stay hidden unless asked for. A status filter naming one of them
 * is such a request, so the system admin's "resolved" filter is never empty by default.
 */
export function matchesTicketFilter(ticket: TicketRecord, filter: TicketFilter): boolean {
  if (filter.userId && ticket.user_id !== filter.userId) return false;
  if (filter.organizationId && ticket.organization_id !== filter.organizationId) return false;
  if (filter.status) return ticket.status === filter.status;
  return filter.includeResolved || !SETTLED_TICKET_STATUSES.includes(ticket.status);
}
