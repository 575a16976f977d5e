import { Alert, Box, LinearProgress, Link, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import type { WebSource } from '../../../../shared/api/schemas/web-sources';
import { CRAWL_TEXTS, failedListNote, formatDateTime, isCrawling, SKIP_LABELS, skippedTotal, STOPPED_BY_TEXT } from './web-source-rules';
import { CrawlStatusChip } from './WebSourceBadges';

/** One labelled figure of the report. */
function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <Box component="div" data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * What the last crawl did (an addition to contract §13, docs/web-sources.md): the status, pages held,
 * last and next crawl, and the report's figures: indexed, unchanged, skipped by reason, failed pages
 * with their reasons, and what stopped it early. The edit page re-reads it while the crawl runs.
 */
export function CrawlReportPanel({ source }: { source: WebSource }) {
  const report = source.crawl_report;
  const running = isCrawling(source.status);
  const figureGrid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 2, m: 0 } as const;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="crawl-report-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="crawl-report">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" id="crawl-report-title">
          {CRAWL_TEXTS.heading}
        </Typography>
        <CrawlStatusChip source={source} />
      </Stack>
      {running && <LinearProgress sx={{ mb: 2 }} aria-label="Crawling" />}
      {running && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="crawl-running">
          {source.status === 'pending' ? CRAWL_TEXTS.waiting : CRAWL_TEXTS.running}
        </Typography>
      )}
      {source.last_error && (
        <Alert severity={source.status === 'failed' ? 'error' : 'warning'} sx={{ mb: 2 }} data-testid="crawl-last-error">
          {source.last_error}
        </Alert>
      )}
      <Box component="dl" sx={figureGrid}>
        <Figure label="Pages" value={source.page_count} testId="crawl-page-count" />
        <Figure label="Last crawled" value={formatDateTime(source.last_crawled_at)} testId="crawl-last" />
        <Figure label="Next crawl" value={formatDateTime(source.next_crawl_at)} testId="crawl-next" />
      </Box>
      {report ? (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {report.finished_at ? `Started ${formatDateTime(report.started_at)}, finished ${formatDateTime(report.finished_at)}` : `Started ${formatDateTime(report.started_at)}, still running`}
          </Typography>
          <Box component="dl" sx={figureGrid} data-testid="crawl-figures">
            <Figure label="Indexed" value={report.indexed} testId="crawl-indexed" />
            <Figure label="Unchanged" value={report.unchanged} testId="crawl-unchanged" />
            <Figure label="Skipped" value={skippedTotal(report)} testId="crawl-skipped" />
            <Figure label="Failed" value={report.failed_count} testId="crawl-failed" />
          </Box>
          <Box component="dl" sx={{ ...figureGrid, mt: 2 }} aria-label="Skipped pages by reason" data-testid="crawl-skips">
            {(Object.keys(SKIP_LABELS) as Array<keyof typeof SKIP_LABELS>).map((reason) => (
              <Figure key={reason} label={SKIP_LABELS[reason]} value={report.skipped[reason]} testId={`crawl-skip-${reason}`} />
            ))}
          </Box>
          {report.stopped_by && (
            <Alert severity="info" sx={{ mt: 2 }} data-testid="crawl-stopped-by">
              {STOPPED_BY_TEXT[report.stopped_by]}
            </Alert>
          )}
          {report.failed.length > 0 && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="subtitle2" component="h3">
                {CRAWL_TEXTS.failedPages}
              </Typography>
              <List dense aria-label={CRAWL_TEXTS.failedPages} data-testid="crawl-failed-list">
                {report.failed.map((failure) => (
                  <ListItem key={failure.url} disableGutters>
                    <ListItemText
                      primary={
                        <Link href={failure.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                          {failure.url}
                        </Link>
                      }
                      secondary={failure.reason}
                    />
                  </ListItem>
                ))}
              </List>
              {failedListNote(report) && (
                <Typography variant="caption" color="text.secondary" data-testid="crawl-failed-note">
                  {failedListNote(report)}
                </Typography>
              )}
            </Box>
          )}
        </Box>
      ) : (
        !running && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="crawl-no-report">
            {CRAWL_TEXTS.noReport}
          </Typography>
        )
      )}
    </Paper>
  );
}
