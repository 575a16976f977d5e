import { Chip, Tooltip } from '@mui/material';
import { statusColor, statusLabel } from './knowledge-base-rules';
import type { KnowledgeBase } from './types';

/** Spec 02 list: the status badge; a failed one carries the indexer's reason (contract §2 `error`). */
export function KnowledgeBaseStatusChip({ kb }: { kb: Pick<KnowledgeBase, 'status' | 'error'> }) {
  const label = statusLabel(kb.status);
  const chip = (
    <Chip
      size="small"
      label={label}
      color={statusColor(kb.status)}
      variant={kb.status === 'ready' ? 'filled' : 'outlined'}
      data-testid="kb-status"
      {...(kb.status === 'failed' && kb.error ? { 'aria-description': kb.error, tabIndex: 0 } : {})}
    />
  );
  return kb.status === 'failed' && kb.error ? (
    <Tooltip title={kb.error} describeChild>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}
