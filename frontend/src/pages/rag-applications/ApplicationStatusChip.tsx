import { Chip } from '@mui/material';
import type { ApplicationStatus } from './types';

const LOOK: Record<ApplicationStatus, { label: string; color: 'success' | 'warning' | 'default' }> = {
  ready: { label: 'Ready', color: 'success' },
  not_ready: { label: 'Not ready', color: 'warning' },
  disabled: { label: 'Disabled', color: 'default' },
};

/** Contract §2 Application `status`: disabled, or enabled with (ready) or without (not ready) a completed index. */
export function ApplicationStatusChip({ status }: { status: ApplicationStatus }) {
  const look = LOOK[status] ?? LOOK.not_ready;
  return <Chip size="small" label={look.label} color={look.color} variant={status === 'ready' ? 'filled' : 'outlined'} data-testid="application-status" />;
}
