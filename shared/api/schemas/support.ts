import { z } from 'zod';

/** Contract §19's texts, shared by the routes, the web client and the tests. */
export const SUPPORT_MESSAGES = {
  ticketNotFound: 'Ticket not found',
  filenameRequired: 'Filename is required',
  filenameTooLong: 'Filename must be at most 255 characters',
  typeNotSupported: 'Attachment type not supported',
  sizeInvalid: 'Size must be a non-negative integer',
  attachmentTooLarge: 'Attachment exceeds 10MB limit',
  subjectRequired: 'Subject is required',
  descriptionRequired: 'Description is required',
  subjectTooLong: 'Subject must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 10000 characters',
  invalidAttachmentId: (id: string) => `Invalid attachment ID: ${id}`,
  attachmentNotUploaded: (filename: string) => `Attachment ${filename} was not uploaded`,
  tooManyAttachments: 'At most 5 attachments are allowed',
  statusInvalid: 'Status must be one of new, open, pending, resolved, closed',
  responseRequired: 'Response is required',
  responseTooLong: 'Response must be at most 10000 characters',
  created: 'Your support request has been submitted successfully.',
} as const;

/** §19 "Attachments". */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_TICKET = 5;
export const ATTACHMENT_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/jpg',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
] as const;

/** A file ending `.csv` passes whatever type the browser guessed: browsers disagree on CSV's type. */
export function isSupportedAttachment(filename: string, mimeType: string): boolean {
  return filename.trim().toLowerCase().endsWith('.csv') || (ATTACHMENT_MIME_TYPES as readonly string[]).includes(mimeType.trim().toLowerCase());
}

export const TICKET_STATUSES = ['new', 'open', 'pending', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Hidden from lists unless `includeResolved=true` (§19.3). */
export const SETTLED_TICKET_STATUSES: readonly TicketStatus[] = ['resolved', 'closed'];

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** §19.1. The declared size's 10 MB limit is a 413, so the route checks it, not the schema. */
export const attachmentRequestSchema = z
  .object({
    filename: requiredText(255, SUPPORT_MESSAGES.filenameRequired, SUPPORT_MESSAGES.filenameTooLong),
    // Echoed as the upload's Content-Type, so only printable ASCII; none at all is plain bytes.
    mimeType: z
      .string({ error: SUPPORT_MESSAGES.typeNotSupported })
      .trim()
      .max(255, SUPPORT_MESSAGES.typeNotSupported)
      .regex(/^[\x20-\x7e]*$/, SUPPORT_MESSAGES.typeNotSupported)
      .transform((value) => value || 'application/octet-stream'),
    size: z.number({ error: SUPPORT_MESSAGES.sizeInvalid }).int(SUPPORT_MESSAGES.sizeInvalid).min(0, SUPPORT_MESSAGES.sizeInvalid),
  })
  .superRefine((body, context) => {
    if (!isSupportedAttachment(body.filename, body.mimeType)) context.addIssue({ code: 'custom', path: ['mimeType'], message: SUPPORT_MESSAGES.typeNotSupported });
  });
export type AttachmentRequest = z.infer<typeof attachmentRequestSchema>;

/** §19.2. The identity fields are accepted and ignored: the server takes them from the caller. */
export const createTicketRequestSchema = z.object({
  subject: requiredText(200, SUPPORT_MESSAGES.subjectRequired, SUPPORT_MESSAGES.subjectTooLong),
  description: requiredText(10000, SUPPORT_MESSAGES.descriptionRequired, SUPPORT_MESSAGES.descriptionTooLong),
  attachmentIds: z
    .array(z.string({ error: SUPPORT_MESSAGES.invalidAttachmentId('') }).max(64), { error: SUPPORT_MESSAGES.invalidAttachmentId('') })
    .max(MAX_ATTACHMENTS_PER_TICKET, SUPPORT_MESSAGES.tooManyAttachments)
    .optional(),
  userEmail: z.unknown().optional(),
  userFullName: z.unknown().optional(),
  organizationId: z.unknown().optional(),
  userRole: z.unknown().optional(),
});
export type CreateTicketRequest = z.infer<typeof createTicketRequestSchema>;

/** §19.5: at least one of the two; an empty body is "Response is required". */
export const updateTicketRequestSchema = z
  .object({
    status: z.enum(TICKET_STATUSES, { error: SUPPORT_MESSAGES.statusInvalid }).optional(),
    response: z.string({ error: SUPPORT_MESSAGES.responseRequired }).trim().min(1, SUPPORT_MESSAGES.responseRequired).max(10000, SUPPORT_MESSAGES.responseTooLong).optional(),
  })
  .superRefine((body, context) => {
    if (body.status === undefined && body.response === undefined) context.addIssue({ code: 'custom', path: ['response'], message: SUPPORT_MESSAGES.responseRequired });
  });
export type UpdateTicketRequest = z.infer<typeof updateTicketRequestSchema>;

export interface TicketAttachment {
  id: string;
  filename: string;
  size: number;
  mimeType: string;
  url?: string;
}

export interface TicketResponse {
  id: string;
  author: 'support' | 'user';
  message: string;
  createdAt: string;
}

/** The Ticket of §2; `attachments` and `responses` only in the detail. */
export interface Ticket {
  id: string;
  subject: string;
  description: string;
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
  lastResponseAt?: string;
  userEmail: string;
  userFullName: string;
  organizationId: string;
  userRole: string;
  attachmentCount: number;
  attachments?: TicketAttachment[];
  responses?: TicketResponse[];
}

export interface TicketPage {
  tickets: Ticket[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  truncated?: boolean;
}
