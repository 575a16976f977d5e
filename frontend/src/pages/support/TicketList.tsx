import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Ticket, TicketPage } from '../../../../shared/api/schemas/support';
import { ListPanel } from '../../components/list-page/ListPanel';
import { formatDate } from '../../components/format';
import { TicketStatusChip } from './TicketStatusChip';

interface TicketListProps {
  answer: { data?: TicketPage; error?: unknown; isLoading: boolean; isValidating: boolean };
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (ticket: Ticket) => void;
  /** The filters above the list (the resolved switch; the inbox's status and organization). */
  toolbar: ReactNode;
  /** The inbox shows who asked and from which organization. */
  organizationName?: (id: string) => string;
  surface?: 'outlined' | 'plain';
}

/**
 * A page of tickets (My Tickets and the Support Inbox) on the shared list pattern. A ticket has one
 * action, reading it, so a click on its row opens it rather than selecting it for an Actions panel.
 */
export function TicketList({ answer, page, onPageChange, onOpen, toolbar, organizationName, surface }: TicketListProps) {
  const tickets = answer.data?.tickets ?? [];
  const staff = Boolean(organizationName);
  return (
    <ListPanel
      toolbar={toolbar}
      loadingLabel="Loading tickets"
      answer={answer}
      errorTitle="Failed to load tickets"
      count={tickets.length}
      empty="No tickets found."
      emptyTestId="tickets-empty"
      pagination={answer.data}
      page={page}
      onPageChange={onPageChange}
      surface={surface}
    >
      <TableContainer>
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
              <TableRow key={ticket.id} hover onClick={() => onOpen(ticket)} className="selectable" data-testid="ticket-row">
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
      </TableContainer>
    </ListPanel>
  );
}
