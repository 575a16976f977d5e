import type { Ticket, TicketResponse } from '../../../shared/api/schemas/support';
import type { TicketRecord, TicketResponseRecord } from '../../domain/support/ticket-record';

/** The Ticket of §2 as lists show it: no attachments, no responses. */
export function toTicketSummary(ticket: TicketRecord): Ticket {
  return {
    id: ticket.id,
    subject: ticket.subject,
    description: ticket.description,
    status: ticket.status,
    createdAt: ticket.created_at,
    updatedAt: ticket.updated_at,
    ...(ticket.last_response_at ? { lastResponseAt: ticket.last_response_at } : {}),
    userEmail: ticket.user_email,
    userFullName: ticket.user_full_name,
    organizationId: ticket.organization_id,
    userRole: ticket.user_role,
    attachmentCount: ticket.attachments.length,
  };
}

const toResponse = (response: TicketResponseRecord): TicketResponse => ({ id: response.id, author: response.author, message: response.message, createdAt: response.created_at });

/** §19.4: with attachments (each with its 300 s download URL) and responses. */
export function toTicketDetail(detail: { ticket: TicketRecord; responses: TicketResponseRecord[]; urls: string[] }): Ticket {
  return {
    ...toTicketSummary(detail.ticket),
    attachments: detail.ticket.attachments.map((attachment, index) => ({
      id: attachment.id,
      filename: attachment.filename,
      size: attachment.size,
      mimeType: attachment.mime_type,
      url: detail.urls[index],
    })),
    responses: detail.responses.map(toResponse),
  };
}
