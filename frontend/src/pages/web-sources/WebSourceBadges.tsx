import { Chip, Tooltip } from '@mui/material';
import type { WebSource } from '../../../../shared/api/schemas/web-sources';
import { statusColor, statusLabel, usageTooltip, WEB_TEXTS } from './web-source-rules';

/** The tooltip's lines: the heading, then one knowledge base a line. */
function UsageLines({ usedBy }: { usedBy: WebSource['used_by_kbs'] }) {
  return (
    <span data-testid="web-usage-tooltip">
      {usageTooltip(usedBy)
        .split('\n')
        .map((line, index) => (
          <span key={index} style={{ display: 'block', fontWeight: index === 0 && usedBy.length > 0 ? 600 : undefined }}>
            {line}
          </span>
        ))}
    </span>
  );
}

/** Spec 02 list row: 'In Use' or 'Not Used'; the tooltip lists the knowledge bases under 'Used in Knowledge Bases:'. */
export function UsageBadge({ usedBy }: { usedBy: WebSource['used_by_kbs'] }) {
  const inUse = usedBy.length > 0;
  return (
    <Tooltip title={<UsageLines usedBy={usedBy} />} describeChild>
      <Chip size="small" label={inUse ? WEB_TEXTS.inUse : WEB_TEXTS.notUsed} color={inUse ? 'success' : 'default'} variant="outlined" data-testid="web-usage" />
    </Tooltip>
  );
}

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
