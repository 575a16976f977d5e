import { Chip, type ChipProps } from '@mui/material';
import type { TicketStatus } from '../../../../shared/api/schemas/support';

/** Spec 03 §4: new blue, open info, pending warning, resolved success, closed grey. */
const COLORS: Record<TicketStatus, ChipProps['color']> = { new: 'primary', open: 'info', pending: 'warning', resolved: 'success', closed: 'default' };

export function TicketStatusChip({ status }: { status: TicketStatus }) {
  return <Chip size="small" label={status} color={COLORS[status]} data-testid={`ticket-status-${status}`} sx={{ textTransform: 'capitalize' }} />;
}
