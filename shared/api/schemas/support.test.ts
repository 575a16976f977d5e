import { describe, expect, it } from 'vitest';
import { attachmentRequestSchema, createTicketRequestSchema, updateTicketRequestSchema } from './support';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('support request schemas (§19)', () => {
  it('takes a listed type, any .csv, and no type as plain bytes; refuses the rest', () => {
    expect(attachmentRequestSchema.parse({ filename: 'a.pdf', mimeType: 'application/pdf', size: 1 }).mimeType).toBe('application/pdf');
    expect(attachmentRequestSchema.parse({ filename: 'a.CSV', mimeType: 'text/x-comma', size: 1 }).mimeType).toBe('text/x-comma');
    expect(attachmentRequestSchema.parse({ filename: 'a.bin', mimeType: '', size: 1 }).mimeType).toBe('application/octet-stream');
    expect(messages(attachmentRequestSchema.safeParse({ filename: 'a.exe', mimeType: 'application/x-msdownload', size: 1 }))).toEqual(['Attachment type not supported']);
    expect(messages(attachmentRequestSchema.safeParse({ filename: 'a.csv', mimeType: 'text/csv\r\nX-Evil: 1', size: 1 }))).toEqual(['Attachment type not supported']);
    expect(messages(attachmentRequestSchema.safeParse({ filename: 'a.csv', mimeType: 'text/csv', size: 1.5 }))).toEqual(['Size must be a non-negative integer']);
  });

  it('joins the ticket texts in field order and caps attachments at five', () => {
    expect(messages(createTicketRequestSchema.safeParse({ subject: ' ', description: '' }))).toEqual(['Subject is required', 'Description is required']);
    expect(messages(createTicketRequestSchema.safeParse({ subject: 's', description: 'd', attachmentIds: ['1', '2', '3', '4', '5', '6'] }))).toEqual(['At most 5 attachments are allowed']);
  });

  it('needs a status or a response in an update', () => {
    expect(messages(updateTicketRequestSchema.safeParse({}))).toEqual(['Response is required']);
    expect(messages(updateTicketRequestSchema.safeParse({ response: '   ' }))).toEqual(['Response is required']);
    expect(messages(updateTicketRequestSchema.safeParse({ status: 'done' }))).toEqual(['Status must be one of new, open, pending, resolved, closed']);
    expect(updateTicketRequestSchema.parse({ status: 'closed' })).toEqual({ status: 'closed' });
  });
});
