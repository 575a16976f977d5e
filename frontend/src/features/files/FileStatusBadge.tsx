import { Chip, Tooltip } from '@mui/material';
import type { DataSourceItem } from './types';

/**
 * Spec 02 row badges: 'Processing' while pending, 'Failed' with the reason (contract §9
 * `metadata.error`) in a tooltip. Active files carry no badge: that is the normal state.
 */
export function FileStatusBadge({ item }: { item: Pick<DataSourceItem, 'status' | 'item_type' | 'metadata'> }) {
  if (item.item_type !== 'file') return null;
  if (item.status === 'pending') {
    return <Chip size="small" label="Processing" color="info" variant="outlined" data-testid="status-processing" />;
  }
  if (item.status === 'failed') {
    const reason = item.metadata?.error || 'Processing failed';
    return (
      <Tooltip title={reason} describeChild>
        <Chip size="small" label="Failed" color="error" variant="outlined" data-testid="status-failed" aria-description={reason} tabIndex={0} />
      </Tooltip>
    );
  }
  return null;
}
