import { Chip, Tooltip } from '@mui/material';
import { SOURCE_ROW_TEXTS, usageTooltip } from './source-row';

interface UsageBadgeProps {
  usedBy: ReadonlyArray<{ name: string }>;
  /** The badge's test id; its tooltip's is this with '-tooltip'. */
  testId: string;
}

/** Spec 02 list row: 'In Use' or 'Not Used'; the tooltip lists the knowledge bases under 'Used in Knowledge Bases:'. */
export function UsageBadge({ usedBy, testId }: UsageBadgeProps) {
  const inUse = usedBy.length > 0;
  const lines = (
    <span data-testid={`${testId}-tooltip`}>
      {usageTooltip(usedBy)
        .split('\n')
        .map((line, index) => (
          <span key={index} style={{ display: 'block', fontWeight: index === 0 && inUse ? 600 : undefined }}>
            {line}
          </span>
        ))}
    </span>
  );
  return (
    <Tooltip title={lines} describeChild>
      <Chip size="small" label={inUse ? SOURCE_ROW_TEXTS.inUse : SOURCE_ROW_TEXTS.notUsed} color={inUse ? 'success' : 'default'} variant="outlined" data-testid={testId} />
    </Tooltip>
  );
}
