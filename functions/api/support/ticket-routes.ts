import { idParamsSchema } from '../../../shared/api/schemas/common';
import {
  attachmentRequestSchema,
  createTicketRequestSchema,
  SUPPORT_MESSAGES,
  TICKET_STATUSES,
  updateTicketRequestSchema,
  type TicketStatus,
} from '../../../shared/api/schemas/support';
import { consumeRateLimit } from '../../domain/rate-limits/rate-limit-store';
import { TICKET_CREATION_LIMIT } from '../../domain/support/ticket-rate-limit';
import { implement, requireCaller } from '../../http/api-types';
import { rateLimited } from '../../http/authentication';
import { badRequest } from '../../contracts/contract-error';
import { applyListQuery, booleanParameter, parseListQuery, type ListDefinition } from '../../contracts/list-paging';
import { getPorts } from '../../contracts/ports/ports';
import type { TicketRecord } from '../../domain/support/ticket-record';
import { requesterOf, supportDesk, withSupportRules } from './support-context';
import { toTicketDetail, toTicketSummary } from './ticket-view';

const idParams = idParamsSchema;

/** §19.1. */
export const registerAttachment = implement({
  body: attachmentRequestSchema,
  async handle(request) {
    const requester = requesterOf(requireCaller(request));
    const answer = await withSupportRules(() => supportDesk().registerAttachment(requester, request.body));
    return { status: 201, body: answer };
  },
});

/** §19.2: everything is checked before the hourly allowance is spent, so a refused request costs nothing. */
export const createTicket = implement({
  body: createTicketRequestSchema,
  async handle(request) {
    const requester = requesterOf(requireCaller(request));
    const desk = supportDesk();
    const prepared = await withSupportRules(() => desk.prepareTicket(requester, request.body));
    const decision = await consumeRateLimit(getPorts().database, TICKET_CREATION_LIMIT, requester.userId);
    if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
    const ticket = await withSupportRules(() => desk.openTicket(requester, prepared));
    return { status: 201, body: { ticket: toTicketSummary(ticket), message: SUPPORT_MESSAGES.created } };
  },
});

const ticketList: ListDefinition<TicketRecord> = {
  sortFields: { createdAt: (ticket) => ticket.created_at, updatedAt: (ticket) => ticket.updated_at, status: (ticket) => ticket.status, subject: (ticket) => ticket.subject },
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'desc',
  searchText: (ticket) => [ticket.subject, ticket.description, ticket.user_email, ticket.user_full_name],
  id: (ticket) => ticket.id,
  maxLimit: 50,
};

function statusFilter(value: string | undefined): TicketStatus | undefined {
  if (value === undefined || value === '') return undefined;
  if (!(TICKET_STATUSES as readonly string[]).includes(value)) throw badRequest(SUPPORT_MESSAGES.statusInvalid);
  return value as TicketStatus;
}

/**
 * §19.3. `status` is this server's addition for the Support Inbox (docs/contract-decisions.md);
 * `organizationId` counts only for a system admin, whose list is every organization's.
 */
export const listTickets = implement({
  async handle(request) {
    const requester = requesterOf(requireCaller(request));
    const listQuery = parseListQuery(request.query, ticketList);
    const includeResolved = booleanParameter(request.query, 'includeResolved') ?? false;
    const status = statusFilter(request.query.status);
    const organizationId = requester.isSystemAdmin ? request.query.organizationId?.trim() || undefined : undefined;
    const { items, truncated } = await supportDesk().listTickets(requester, { includeResolved, status, organizationId });
    const page = applyListQuery(items, listQuery, ticketList);
    return {
      status: 200,
      body: { tickets: page.items.map(toTicketSummary), page: page.page, limit: page.limit, total: page.total, totalPages: page.totalPages, ...(truncated ? { truncated: true } : {}) },
    };
  },
});

/** §19.4. */
export const getTicket = implement({
  params: idParams,
  async handle(request) {
    const requester = requesterOf(requireCaller(request));
    const detail = await withSupportRules(() => supportDesk().ticketDetail(requester, request.params.id));
    return { status: 200, body: { ticket: toTicketDetail(detail) } };
  },
});

/** §19.5 (system_admin, from the route table). */
export const updateTicket = implement({
  params: idParams,
  body: updateTicketRequestSchema,
  async handle(request) {
    const requester = requesterOf(requireCaller(request));
    const detail = await withSupportRules(() => supportDesk().updateTicket(requester, request.params.id, request.body));
    return { status: 200, body: { ticket: toTicketDetail(detail) } };
  },
});
