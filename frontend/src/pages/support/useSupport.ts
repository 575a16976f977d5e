import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { Ticket, TicketPage, TicketStatus } from '../../../../shared/api/schemas/support';
import { useApiFetch } from '../../api/ApiProvider';
import { withQuery } from '../../api/query';

/** Contract §19 as the Support page and the Support Inbox use it. */
export const TICKETS_PATH = '/api/support/tickets';
/** Spec 03 §9: ten tickets a page. */
export const TICKET_PAGE_SIZE = 10;

const isTicketKey = (key: unknown) => typeof key === 'string' && key.startsWith(TICKETS_PATH);

export interface TicketListQuery {
  page: number;
  includeResolved: boolean;
  status?: TicketStatus | '';
  organizationId?: string;
}

export function useTickets(query: TicketListQuery | null) {
  const key = query
    ? withQuery(TICKETS_PATH, { page: query.page, limit: TICKET_PAGE_SIZE, includeResolved: query.includeResolved, status: query.status, organizationId: query.organizationId })
    : null;
  return useSWR<TicketPage>(key);
}

export function useTicket(id: string | undefined) {
  return useSWR<{ ticket: Ticket }>(id ? `${TICKETS_PATH}/${encodeURIComponent(id)}` : null);
}

interface AttachmentSlot {
  attachmentId: string;
  uploadUrl: string;
  headers: Record<string, string>;
}

/** §19.1 then §19.2: each file is registered and PUT to its presigned URL before the ticket names it. */
export function useSupportActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => mutate(isTicketKey), [mutate]);

  const submit = useCallback(
    async (input: { subject: string; description: string; files: File[] }) => {
      const attachmentIds: string[] = [];
      for (const file of input.files) {
        const slot = await apiFetch<AttachmentSlot>('/api/support/attachments', {
          method: 'POST',
          body: { filename: file.name, mimeType: file.type || 'application/octet-stream', size: file.size },
        });
        const put = await fetch(slot.uploadUrl, { method: 'PUT', headers: slot.headers, body: file });
        if (!put.ok) throw new Error(`Upload of ${file.name} failed`);
        attachmentIds.push(slot.attachmentId);
      }
      // §1.7: a retried submit after a lost answer must not open the ticket twice.
      const answer = await apiFetch<{ ticket: Ticket; message: string }>(TICKETS_PATH, {
        method: 'POST',
        body: { subject: input.subject, description: input.description, attachmentIds },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
      await reload();
      return answer;
    },
    [apiFetch, reload],
  );

  const update = useCallback(
    async (id: string, body: { status?: TicketStatus; response?: string }) => {
      const answer = await apiFetch<{ ticket: Ticket }>(`${TICKETS_PATH}/${encodeURIComponent(id)}`, { method: 'PATCH', body });
      await reload();
      return answer.ticket;
    },
    [apiFetch, reload],
  );

  return { submit, update };
}
