import { Chip } from '@mui/material';
import type { WebSource } from '../../../../shared/api/schemas/web-sources';
import { statusColor, statusLabel } from './web-source-rules';

/** The crawl status (contract §13.8: pending, crawling, ready, failed); a failure's reason is its description. */
export function CrawlStatusChip({ source }: { source: Pick<WebSource, 'status' | 'last_error'> }) {
  return (
    <Chip
      size="small"
      label={statusLabel(source.status)}
      color={statusColor(source.status)}
      variant={source.status === 'ready' ? 'outlined' : 'filled'}
      aria-description={source.last_error ?? undefined}
      data-testid="web-status"
    />
  );
}
