import type { MailMessage } from '../../contracts/ports/mail';
import type { TicketRecord } from './ticket-record';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string);

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join('\n');

/** §19.2 "the support mailbox is notified". Everything in it is user input, so the HTML escapes it. */
export function newTicketMessage(input: { to: string; ticket: TicketRecord; organizationName: string; link?: string }): MailMessage {
  const { ticket } = input;
  const lines = [
    `${ticket.user_full_name} <${ticket.user_email}> (${ticket.user_role}, ${input.organizationName}) opened ticket ${ticket.id}.`,
    `Subject: ${ticket.subject}`,
    ticket.description,
    ticket.attachments.length > 0 ? `Attachments: ${ticket.attachments.map((attachment) => attachment.filename).join(', ')}` : 'No attachments.',
    ...(input.link ? [`Answer it in the Support Inbox: ${input.link}`] : []),
  ];
  return { to: input.to, subject: `[Support] ${ticket.subject}`, text: lines.join('\n\n'), html: paragraphs(lines), ...(input.link ? { link: input.link } : {}) };
}

/** §19.5 "emails the creator" with the response itself, so the creator need not sign in to read it. */
export function ticketResponseMessage(input: { ticket: TicketRecord; response: string; link?: string }): MailMessage {
  const { ticket } = input;
  const lines = [
    `Hello ${ticket.user_full_name},`,
    `Support answered your request "${ticket.subject}" (status: ${ticket.status}):`,
    input.response,
    ...(input.link ? [`See the ticket: ${input.link}`] : []),
  ];
  return { to: ticket.user_email, subject: `Re: ${ticket.subject}`, text: lines.join('\n\n'), html: paragraphs(lines), ...(input.link ? { link: input.link } : {}) };
}
