import { Chip } from '@mui/material';

/** Users (active, inactive) and organizations (active, inactive, suspended) share one status look. */
export function StatusChip({ status }: { status: string }) {
  const color = status === 'active' ? 'success' : status === 'suspended' ? 'error' : 'default';
  return <Chip size="small" label={status.charAt(0).toUpperCase() + status.slice(1)} color={color} variant={status === 'active' ? 'filled' : 'outlined'} />;
}

/** The badge of a user who has not accepted the invitation yet (contract §2 `invitation_pending`). */
export function PendingInvitationChip() {
  return <Chip size="small" label="Invitation pending" color="warning" variant="outlined" data-testid="invitation-pending" />;
}
