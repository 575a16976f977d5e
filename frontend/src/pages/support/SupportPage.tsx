import { Box, CircularProgress, FormControlLabel, Paper, Switch, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useSession } from '../../auth/SessionProvider';
import { PageHeader } from '../../components/PageHeader';
import { NewRequestForm } from './NewRequestForm';
import { TicketDetailDialog } from './TicketDetailDialog';
import { TicketList } from './TicketList';
import { useTickets } from './useSupport';

/** Spec 03 Support page: New Request and My Tickets (the caller's own, §19.3). */
export function SupportPage() {
  const session = useSession();
  const [tab, setTab] = useState(0);
  const [page, setPage] = useState(1);
  const [includeResolved, setIncludeResolved] = useState(false);
  const [openId, setOpenId] = useState<string>();
  const tickets = useTickets(session.user && tab === 1 ? { page, includeResolved } : null);

  if (session.status === 'loading') {
    return (
      <Box sx={{ p: 6, textAlign: 'center' }}>
        <CircularProgress aria-label="Loading support" />
      </Box>
    );
  }
  if (!session.user) return <Typography sx={{ p: 4 }}>Please log in to access support.</Typography>;

  return (
    <Box>
      <PageHeader title="Support" />
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
          <Tab label="New Request" data-testid="support-tab-new" />
          <Tab label="My Tickets" data-testid="support-tab-tickets" />
        </Tabs>
        <Box sx={{ p: tab === 0 ? 2 : 0 }}>
          {tab === 0 ? (
            <NewRequestForm />
          ) : (
            <TicketList
              answer={tickets}
              page={page}
              onPageChange={setPage}
              onOpen={(ticket) => setOpenId(ticket.id)}
              surface="plain"
              toolbar={
                <FormControlLabel
                  control={
                    <Switch
                      checked={includeResolved}
                      onChange={(event) => {
                        setIncludeResolved(event.target.checked);
                        setPage(1);
                      }}
                      data-testid="support-include-resolved"
                    />
                  }
                  label="Show resolved and closed tickets"
                />
              }
            />
          )}
        </Box>
      </Paper>
      <TicketDetailDialog ticketId={openId} onClose={() => setOpenId(undefined)} />
    </Box>
  );
}
