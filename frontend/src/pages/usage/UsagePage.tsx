import { Box, Card, CardContent, LinearProgress, Skeleton, Typography } from '@mui/material';
import useSWR from 'swr';
import { formatCount, usageBarPercent, usageColour, type UsageColour } from '../../../../shared/rules/billing/usage-display';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';

interface Usage {
  period: { start: string; end: string };
  usage: { kb_count: number; data_sources_count: number; indexed_pages_count: number; conversations_used: number; storage_gb: number };
  limits: { max_knowledge_bases: number | null; data_sources_limit: number | null; indexed_pages_limit: number | null; conversations_limit: number | null; storage_limit_gb: number | null };
  subscription: { plan: { id: string; name: string } } | null;
}

/** Spec 03 §9: usage refreshes hourly. */
const REFRESH_MS = 60 * 60 * 1000;
const BAR_COLOUR: Record<UsageColour, 'error' | 'warning' | 'primary'> = { red: 'error', yellow: 'warning', blue: 'primary' };

function UsageBar({ label, used, limit, unit = '' }: { label: string; used: number; limit: number | null; unit?: string }) {
  const percent = usageBarPercent(used, limit);
  const colour = usageColour(percent);
  const shown = (value: number) => `${unit === ' GB' ? value : formatCount(value)}${unit}`;
  return (
    <Box sx={{ mb: 2.5 }} data-testid={`usage-${label}`} data-colour={colour}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography>{label}</Typography>
        <Typography color="text.secondary">{limit === null ? `${shown(used)} (no limit)` : `${shown(used)} of ${shown(limit)}`}</Typography>
      </Box>
      <LinearProgress variant="determinate" value={percent} color={BAR_COLOUR[colour]} sx={{ height: 8, borderRadius: 4 }} aria-label={`${label} ${Math.round(percent)}%`} />
    </Box>
  );
}

/** Resource Usage (spec 03 §2; contract §21.1). */
export function UsagePage() {
  const { data, error, isLoading } = useSWR<{ data: Usage }>('/api/usage/current', { refreshInterval: REFRESH_MS });
  const usage = data?.data;
  return (
    <Box>
      <PageHeader title="Resource Usage" subtitle={usage ? `${usage.subscription?.plan.name ?? 'Free Trial'} · ${formatDate(usage.period.start)} – ${formatDate(usage.period.end)}` : undefined} />
      {error && <ErrorAlert title="Failed to load usage data" error={error} sx={{ mb: 2 }} />}
      <Card variant="outlined">
        <CardContent>
          {isLoading && <Skeleton height={160} />}
          {!isLoading && !usage && !error && <Typography color="text.secondary">No usage data available</Typography>}
          {usage && (
            <>
              <UsageBar label="Conversations" used={usage.usage.conversations_used} limit={usage.limits.conversations_limit} />
              <UsageBar label="Storage" used={usage.usage.storage_gb} limit={usage.limits.storage_limit_gb} unit=" GB" />
              <UsageBar label="Knowledge bases" used={usage.usage.kb_count} limit={usage.limits.max_knowledge_bases} />
              <UsageBar label="Data sources" used={usage.usage.data_sources_count} limit={usage.limits.data_sources_limit} />
              <UsageBar label="Indexed pages" used={usage.usage.indexed_pages_count} limit={usage.limits.indexed_pages_limit} />
            </>
          )}
          <Typography variant="body2" color="text.secondary">
            Usage data is updated every hour.
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
