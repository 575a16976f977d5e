import { Box, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { TICKET_STATUSES, type TicketStatus } from '../../../../shared/api/schemas/support';
import { PageHeader } from '../../components/PageHeader';
import { TicketDetailDialog } from './TicketDetailDialog';
import { TicketList } from './TicketList';
import { useTickets } from './useSupport';

interface OrganizationOption {
  id: string;
  name: string;
}

/**
 * The system admin's Support Inbox: every organization's tickets (§19.3), filtered by status and
 * organization, answered and moved through their statuses (§19.5). The spec draws no screen for it
 * (docs/contract-decisions.md).
 */
export function SupportInboxPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [organizationId, setOrganizationId] = useState('');
  const [includeResolved, setIncludeResolved] = useState(false);
  const [openId, setOpenId] = useState<string>();
  const tickets = useTickets({ page, includeResolved, status, organizationId });
  const organizations = useSWR<{ data: OrganizationOption[] }>('/api/organizations?all=true');
  const names = useMemo(() => new Map((organizations.data?.data ?? []).map((organization) => [organization.id, organization.name])), [organizations.data]);

  const filter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <Box>
      <PageHeader title="Support Inbox" subtitle="Tickets from every organization" />
      <TicketList
        answer={tickets}
        page={page}
        onPageChange={setPage}
        onOpen={(ticket) => setOpenId(ticket.id)}
        organizationName={(id) => names.get(id) ?? id}
        toolbar={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField select size="small" label="Status" value={status} onChange={(event) => filter(setStatus)(event.target.value as TicketStatus | '')} sx={{ minWidth: 160 }} data-testid="inbox-status">
              <MenuItem value="">Any</MenuItem>
              {TICKET_STATUSES.map((value) => (
                <MenuItem key={value} value={value} sx={{ textTransform: 'capitalize' }}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" label="Organization" value={organizationId} onChange={(event) => filter(setOrganizationId)(event.target.value)} sx={{ minWidth: 220 }} data-testid="inbox-organization">
              <MenuItem value="">All organizations</MenuItem>
              {(organizations.data?.data ?? []).map((organization) => (
                <MenuItem key={organization.id} value={organization.id}>
                  {organization.name}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={<Switch checked={includeResolved} onChange={(event) => filter(setIncludeResolved)(event.target.checked)} disabled={Boolean(status)} />}
              label="Show resolved and closed tickets"
            />
          </Stack>
        }
      />
      <TicketDetailDialog ticketId={openId} onClose={() => setOpenId(undefined)} staff />
    </Box>
  );
}
