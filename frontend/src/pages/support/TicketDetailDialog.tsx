import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { TICKET_STATUSES, type TicketStatus } from '../../../../shared/api/schemas/support';
import { errorMessage } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDate } from '../../components/format';
import { TicketStatusChip } from './TicketStatusChip';
import { useSupportActions, useTicket } from './useSupport';

interface TicketDetailDialogProps {
  ticketId: string | undefined;
  onClose: () => void;
  /** The system admin answers and moves the ticket; everyone else reads. */
  staff?: boolean;
}

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** §19.4's detail: the request, its attachments (links valid for 300 s, so fetched on opening) and the responses. */
export function TicketDetailDialog({ ticketId, onClose, staff = false }: TicketDetailDialogProps) {
  const answer = useTicket(ticketId);
  const { update } = useSupportActions();
  const [response, setResponse] = useState('');
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const ticket = answer.data?.ticket;

  const close = () => {
    setResponse('');
    setStatus('');
    setFailure(undefined);
    onClose();
  };

  const save = async () => {
    if (!ticketId) return;
    setSaving(true);
    setFailure(undefined);
    try {
      await update(ticketId, { ...(status ? { status } : {}), ...(response.trim() ? { response: response.trim() } : {}) });
      await answer.mutate();
      setResponse('');
      setStatus('');
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to update ticket'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={Boolean(ticketId)} onClose={close} fullWidth maxWidth="md" data-testid="ticket-detail">
      <DialogTitle>{ticket?.subject ?? 'Ticket'}</DialogTitle>
      <DialogContent dividers>
        {answer.error !== undefined && <ErrorAlert title="Failed to load tickets" error={answer.error} />}
        {!ticket && answer.error === undefined && <CircularProgress size={24} />}
        {ticket && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <TicketStatusChip status={ticket.status} />
              <Typography variant="body2" color="text.secondary">
                Opened {formatDate(ticket.createdAt)} by {ticket.userFullName} ({ticket.userEmail})
              </Typography>
            </Stack>
            <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="ticket-description">
              {ticket.description}
            </Typography>
            {(ticket.attachments ?? []).length > 0 && (
              <Box>
                <Typography variant="subtitle2">Attachments</Typography>
                {(ticket.attachments ?? []).map((attachment) => (
                  <Typography key={attachment.id} variant="body2">
                    <Link href={attachment.url} target="_blank" rel="noopener noreferrer">
                      {attachment.filename}
                    </Link>{' '}
                    ({sizeLabel(attachment.size)})
                  </Typography>
                ))}
              </Box>
            )}
            <Divider />
            <Typography variant="subtitle2">Responses</Typography>
            {(ticket.responses ?? []).length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No responses yet.
              </Typography>
            ) : (
              (ticket.responses ?? []).map((item) => (
                <Box key={item.id} sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="ticket-response">
                  <Typography variant="caption" color="text.secondary">
                    {item.author === 'support' ? 'Support' : ticket.userFullName} · {formatDate(item.createdAt)}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.message}</Typography>
                </Box>
              ))
            )}
            {staff && (
              <Stack spacing={2} data-testid="ticket-staff-controls">
                <Divider />
                {failure && <Alert severity="error">{failure}</Alert>}
                <TextField
                  label="Response"
                  value={response}
                  onChange={(event) => setResponse(event.target.value)}
                  multiline
                  minRows={3}
                  disabled={saving}
                  slotProps={{ htmlInput: { maxLength: 10000, 'data-testid': 'ticket-response-input' } }}
                />
                <TextField select label="Status" value={status} onChange={(event) => setStatus(event.target.value as TicketStatus | '')} disabled={saving} sx={{ maxWidth: 240 }} data-testid="ticket-status-select">
                  <MenuItem value="">Unchanged</MenuItem>
                  {TICKET_STATUSES.map((value) => (
                    <MenuItem key={value} value={value} sx={{ textTransform: 'capitalize' }}>
                      {value}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {staff && (
          <Button variant="contained" onClick={save} disabled={saving || (!status && !response.trim())} data-testid="ticket-save">
            {response.trim() ? 'Send response' : 'Update status'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
