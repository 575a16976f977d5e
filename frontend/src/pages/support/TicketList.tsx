import { Box, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { Ticket, TicketPage } from '../../../../shared/api/schemas/support';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListPager } from '../../components/ListPager';
import { formatDate } from '../../components/format';
import { TicketStatusChip } from './TicketStatusChip';

interface TicketListProps {
  answer: { data?: TicketPage; error?: unknown; isLoading: boolean; isValidating: boolean };
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (ticket: Ticket) => void;
  /** The inbox shows who asked and from which organization. */
  organizationName?: (id: string) => string;
}

/** A page of tickets (My Tickets and the Support Inbox); a click opens the ticket. */
export function TicketList({ answer, page, onPageChange, onOpen, organizationName }: TicketListProps) {
  const tickets = answer.data?.tickets ?? [];
  const staff = Boolean(organizationName);
  return (
    <Box>
      {answer.isValidating && <LinearProgress sx={{ height: 2 }} aria-label="Loading tickets" />}
      {answer.error !== undefined && <ErrorAlert title="Failed to load tickets" error={answer.error} sx={{ my: 2 }} />}
      {!answer.isLoading && answer.error === undefined && tickets.length === 0 ? (
        <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary" data-testid="tickets-empty">
          No tickets found.
        </Typography>
      ) : (
        <Table size="small" data-testid="tickets-table">
          <TableHead>
            <TableRow>
              <TableCell>Subject</TableCell>
              {staff && <TableCell>From</TableCell>}
              <TableCell>Status</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Last response</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tickets.map((ticket) => (
              <TableRow key={ticket.id} hover onClick={() => onOpen(ticket)} sx={{ cursor: 'pointer' }} data-testid="ticket-row">
                <TableCell>{ticket.subject}</TableCell>
                {staff && (
                  <TableCell>
                    {ticket.userFullName} ({ticket.userEmail})
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {organizationName?.(ticket.organizationId)}
                    </Typography>
                  </TableCell>
                )}
                <TableCell>
                  <TicketStatusChip status={ticket.status} />
                </TableCell>
                <TableCell>{formatDate(ticket.createdAt)}</TableCell>
                <TableCell>{ticket.lastResponseAt ? formatDate(ticket.lastResponseAt) : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ListPager pagination={answer.data} page={page} onPageChange={onPageChange} noun="tickets" />
    </Box>
  );
}
