import { randomFillSync } from 'node:crypto';
import { ulid } from 'ulid';
import type { TicketStatus } from '../../../shared/api/schemas/support';

/** An attachment as stored: registered by §19.1, bound to a ticket by §19.2. */
export interface AttachmentRecord {
  id: string;
  organization_id: string;
  user_id: string;
  filename: string;
  mime_type: string;
  /** Declared at registration; the stored object's size once a ticket uses it. */
  size: number;
  object_key: string;
  created_at: string;
  ticket_id?: string;
}

export type TicketAttachmentRecord = Pick<AttachmentRecord, 'id' | 'filename' | 'mime_type' | 'size' | 'object_key'>;

export interface TicketRecord {
  id: string;
  organization_id: string;
  subject: string;
  description: string;
  status: TicketStatus;
  user_id: string;
  user_email: string;
  user_full_name: string;
  user_role: string;
  /** At most five, so they travel inside the ticket: a detail read needs no second Query for them. */
  attachments: TicketAttachmentRecord[];
  created_at: string;
  updated_at: string;
  last_response_at?: string;
}

export interface TicketResponseRecord {
  id: string;
  ticket_id: string;
  organization_id: string;
  author: 'support' | 'user';
  author_user_id: string;
  message: string;
  created_at: string;
}

/** The GSI1 partition of every organization's tickets: the system admin's list, in creation order (§1.5). */
export const ALL_TICKETS_PARTITION = 'TICKETS';
/** Sparse GSI1 partition of attachments no ticket uses yet: what the cleanup deletes after 24 h. */
export const PENDING_ATTACHMENTS_PARTITION = 'SUPPORT_ATTACHMENTS_PENDING';

const orgPk = (organizationId: string) => `ORG#${organizationId}`;

export const ticketKeys = {
  ticket: (organizationId: string, ticketId: string) => ({ PK: orgPk(organizationId), SK: `TICKET#${ticketId}` }),
  ticketPrefix: 'TICKET#',
  /** A system admin reads a ticket by id alone, so the id must lead to its organization. */
  lookup: (ticketId: string) => ({ PK: `TICKETID#${ticketId}`, SK: 'TICKETID' }),
  allTickets: (createdAt: string, ticketId: string) => ({ GSI1PK: ALL_TICKETS_PARTITION, GSI1SK: `${createdAt}#${ticketId}` }),
  // `TICKETREPLY#` and `SUPPORTATT#` do not begin with `TICKET#`, so ticket lists never read them.
  response: (organizationId: string, ticketId: string, responseId: string) => ({ PK: orgPk(organizationId), SK: `TICKETREPLY#${ticketId}#${responseId}` }),
  responsePrefix: (ticketId: string) => `TICKETREPLY#${ticketId}#`,
  attachment: (organizationId: string, attachmentId: string) => ({ PK: orgPk(organizationId), SK: `SUPPORTATT#${attachmentId}` }),
  pendingAttachment: (createdAt: string, organizationId: string, attachmentId: string) => ({
    GSI1PK: PENDING_ATTACHMENTS_PARTITION,
    GSI1SK: `${createdAt}#${organizationId}#${attachmentId}`,
  }),
} as const;

/**
 * Outside `org/`: the bucket's notifications on `org/` feed the ingest queue, and an attachment
 * is never a knowledge source. The name is left out of the key so no user text shapes it.
 */
export const attachmentObjectKey = (organizationId: string, attachmentId: string) => `support/${organizationId}/${attachmentId}`;

const pool = new Uint8Array(256);
let taken = pool.length;
function pooledRandom(): number {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  return pool[taken++]! / 256;
}

/** Time-ordered, so the organization's `TICKET#` items come back in creation order. */
export function newSupportId(kind: 'tkt' | 'att' | 'rsp'): string {
  return `${kind}_${ulid(undefined, pooledRandom).toLowerCase()}`;
}
