import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { MAX_ATTACHMENT_BYTES, SUPPORT_MESSAGES, type AttachmentRequest } from '../../../shared/api/schemas/support';
import type { DatabasePort } from '../../contracts/ports/database';
import type { MailPort } from '../../contracts/ports/mail';
import type { ObjectsPort } from '../../contracts/ports/objects';
import { logger } from '../../observability/logger';
import { removeUnusedAttachment } from './attachment-removal';
import { SupportRuleError } from './support-rule-error';
import { newTicketMessage, ticketResponseMessage } from './support-mail';
import { attachmentObjectKey, newSupportId, type AttachmentRecord, type TicketAttachmentRecord, type TicketRecord, type TicketResponseRecord } from './ticket-record';
import { matchesTicketFilter, nextTicketState, type StaffUpdate, type TicketFilter } from './ticket-rules';
import { TicketStore, TicketWriteConflict } from './ticket-store';

/** Who is asking, as the support rules need it; the identity fields of a body are never used (§19.2). */
export interface SupportRequester {
  userId: string;
  organizationId: string;
  organizationName: string;
  email: string;
  fullName: string;
  role: string;
  isSystemAdmin: boolean;
}

export interface SupportDeskDependencies {
  database: DatabasePort;
  objects: ObjectsPort;
  mail: MailPort;
  supportMailbox: string;
  /** The web client's origin for links in mails; none when it is not configured. */
  webOrigin?: string;
}

/** §19.1: the PUT must happen within this. */
export const ATTACHMENT_UPLOAD_SECONDS = 900;
/** §19.4: download links in a ticket's detail. */
export const ATTACHMENT_DOWNLOAD_SECONDS = 300;

const notFound = () => new SupportRuleError('not_found', SUPPORT_MESSAGES.ticketNotFound);

/** Support tickets (contract §19): attachments, creation, reads by creator or system admin, staff updates. */
export class SupportDesk {
  private readonly store: TicketStore;

  constructor(private readonly deps: SupportDeskDependencies) {
    this.store = new TicketStore(deps.database);
  }

  async registerAttachment(requester: SupportRequester, request: AttachmentRequest, now = new Date().toISOString()) {
    if (request.size > MAX_ATTACHMENT_BYTES) throw new SupportRuleError('too_large', SUPPORT_MESSAGES.attachmentTooLarge);
    const id = newSupportId('att');
    const attachment: AttachmentRecord = {
      id,
      organization_id: requester.organizationId,
      user_id: requester.userId,
      filename: request.filename,
      mime_type: request.mimeType,
      size: request.size,
      object_key: attachmentObjectKey(requester.organizationId, id),
      created_at: now,
    };
    await this.store.putAttachment(attachment);
    // The declared size is signed into the URL, so storage refuses a body of any other length.
    const uploadUrl = await this.deps.objects.presignPut(attachment.object_key, { contentType: request.mimeType, expiresInSeconds: ATTACHMENT_UPLOAD_SECONDS, contentLength: request.size });
    return { attachmentId: id, uploadUrl, method: 'PUT' as const, headers: { 'Content-Type': request.mimeType }, expiresIn: ATTACHMENT_UPLOAD_SECONDS };
  }

  /**
   * Checks everything §19.2 refuses before anything is written: each attachment must be the
   * caller's, unused and uploaded, and its stored object at most 10 MB whatever was declared
   * (a larger one is deleted). Answers the ticket to save.
   */
  async prepareTicket(requester: SupportRequester, input: { subject: string; description: string; attachmentIds?: string[] }, now = new Date().toISOString()): Promise<TicketRecord> {
    const ids = [...new Set(input.attachmentIds ?? [])];
    const found = await this.store.getAttachments(requester.organizationId, ids);
    const attachments: TicketAttachmentRecord[] = [];
    for (const id of ids) {
      const attachment = found.get(id);
      if (!attachment || attachment.user_id !== requester.userId || attachment.ticket_id) throw new SupportRuleError('invalid', SUPPORT_MESSAGES.invalidAttachmentId(id));
      const storedSize = await this.storedSize(attachment.object_key);
      if (storedSize === undefined) throw new SupportRuleError('invalid', SUPPORT_MESSAGES.attachmentNotUploaded(attachment.filename));
      if (storedSize > MAX_ATTACHMENT_BYTES) {
        await removeUnusedAttachment(this.store, this.deps.objects, attachment);
        throw new SupportRuleError('too_large', SUPPORT_MESSAGES.attachmentTooLarge);
      }
      attachments.push({ id, filename: attachment.filename, mime_type: attachment.mime_type, size: storedSize, object_key: attachment.object_key });
    }
    return {
      id: newSupportId('tkt'),
      organization_id: requester.organizationId,
      subject: input.subject,
      description: input.description,
      status: 'new',
      user_id: requester.userId,
      user_email: requester.email,
      user_full_name: requester.fullName,
      user_role: requester.role,
      attachments,
      created_at: now,
      updated_at: now,
    };
  }

  /** Saves a prepared ticket and notifies the support mailbox. */
  async openTicket(requester: SupportRequester, ticket: TicketRecord): Promise<TicketRecord> {
    try {
      await this.store.createTicket(ticket);
    } catch (error) {
      // Another ticket took one of the attachments between the checks and the write.
      if (error instanceof TicketWriteConflict) throw new SupportRuleError('invalid', SUPPORT_MESSAGES.invalidAttachmentId(ticket.attachments.map((attachment) => attachment.id).join(', ')));
      throw error;
    }
    await this.sendQuietly(newTicketMessage({ to: this.deps.supportMailbox, ticket, organizationName: requester.organizationName, link: this.link('/support/inbox') }));
    return ticket;
  }

  /** §1.3: the creator or a system admin; anyone else's ticket does not exist for them. */
  async readableTicket(requester: SupportRequester, ticketId: string): Promise<TicketRecord> {
    // Ids are at most 64 characters (§1.6): a longer one names nothing and must not reach a key.
    if (ticketId.length > 64) throw notFound();
    const ticket = requester.isSystemAdmin ? await this.store.findTicket(ticketId) : await this.store.getTicket(requester.organizationId, ticketId);
    if (!ticket || (!requester.isSystemAdmin && ticket.user_id !== requester.userId)) throw notFound();
    return ticket;
  }

  async ticketDetail(requester: SupportRequester, ticketId: string) {
    const ticket = await this.readableTicket(requester, ticketId);
    const [responses, urls] = await Promise.all([
      this.store.listResponses(ticket),
      Promise.all(ticket.attachments.map((attachment) => this.deps.objects.presignGet(attachment.object_key, { expiresInSeconds: ATTACHMENT_DOWNLOAD_SECONDS, downloadName: attachment.filename }))),
    ]);
    return { ticket, responses, urls };
  }

  /** §19.3: the caller's own tickets, or every organization's for a system admin; newest first. */
  async listTickets(requester: SupportRequester, filter: Omit<TicketFilter, 'userId'>) {
    if (requester.isSystemAdmin) {
      const { items, truncated } = await this.store.listAllTickets();
      return { items: items.filter((ticket) => matchesTicketFilter(ticket, filter)), truncated };
    }
    const { items, truncated } = await this.store.listOrganizationTickets(requester.organizationId);
    return { items: items.filter((ticket) => matchesTicketFilter(ticket, { ...filter, organizationId: undefined, userId: requester.userId })), truncated };
  }

  /** §19.5: a status and/or a response; the creator is mailed the response. */
  async updateTicket(requester: SupportRequester, ticketId: string, update: StaffUpdate, now = new Date().toISOString()) {
    for (let attempt = 0; ; attempt += 1) {
      const before = await this.readableTicket(requester, ticketId);
      const after = nextTicketState(before, update, now);
      const response: TicketResponseRecord | undefined =
        update.response === undefined
          ? undefined
          : { id: newSupportId('rsp'), ticket_id: before.id, organization_id: before.organization_id, author: 'support', author_user_id: requester.userId, message: update.response, created_at: now };
      try {
        await this.store.saveUpdate(before, after, response);
      } catch (error) {
        // Another update landed between the read and the write: apply this one on top of it.
        if (error instanceof TicketWriteConflict && attempt < 3) continue;
        throw error;
      }
      if (response) await this.sendQuietly(ticketResponseMessage({ ticket: after, response: response.message, link: this.link('/support') }));
      return this.ticketDetail(requester, ticketId);
    }
  }

  private async storedSize(key: string): Promise<number | undefined> {
    try {
      const head = await this.deps.objects.client.send(new HeadObjectCommand({ Bucket: this.deps.objects.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (failure.name === 'NotFound' || failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404) return undefined;
      throw error;
    }
  }

  private link(path: string): string | undefined {
    return this.deps.webOrigin ? `${this.deps.webOrigin}${path}` : undefined;
  }

  /** The ticket is stored whatever the mail does: a mail outage must not make the user submit twice. */
  private async sendQuietly(message: Parameters<MailPort['send']>[0]): Promise<void> {
    try {
      await this.deps.mail.send(message);
    } catch (error) {
      logger.error('Support mail failed', { error: (error as Error).message, subject: message.subject });
    }
  }
}
