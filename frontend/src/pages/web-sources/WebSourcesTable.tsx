import { Link, Stack, Table, TableBody, TableCell, TableContainer, Typography } from '@mui/material';
import type { WebSource } from '../../../../shared/api/schemas/web-sources';
import { SelectableRow } from '../../components/list-page/SelectableRow';
import type { RowSelection } from '../../components/list-page/useListPage';
import { dateLine } from '../../components/data-source-list/source-row';
import { UsageBadge } from '../../components/data-source-list/UsageBadge';
import { crawlsLine, depthLine } from './web-source-rules';
import { CrawlStatusChip } from './WebSourceBadges';

/**
 * Spec 02 Websites rows: name with its In Use / Not Used badge, description, a link to the URL,
 * 'Crawls {frequency}', 'Depth: {n}' and the created or updated date. A click selects a row (again:
 * clears it); the Actions panel acts on it.
 */
export function WebSourcesTable({ sources, selection }: { sources: WebSource[]; selection: RowSelection<WebSource> }) {
  return (
    <TableContainer>
      <Table aria-label="Websites">
        <TableBody>
          {sources.map((source) => (
            <SelectableRow key={source.id} label={source.name} selected={selection.isSelected(source)} onToggle={() => selection.toggle(source)} testId="web-row" data={{ 'data-status': source.status }}>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="rowTitle">{source.name}</Typography>
                  <UsageBadge usedBy={source.used_by_kbs} testId="web-usage" />
                  <CrawlStatusChip source={source} />
                </Stack>
                {source.description && (
                  <Typography variant="body2" color="text.secondary" noWrap title={source.description} sx={{ maxWidth: 560 }}>
                    {source.description}
                  </Typography>
                )}
                <Link
                  href={source.configuration.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="body2"
                  onClick={(event) => event.stopPropagation()}
                  sx={{ overflowWrap: 'anywhere' }}
                  data-testid="web-url"
                >
                  {source.configuration.url}
                </Link>
                <Typography variant="caption" color="text.secondary" component="p" data-testid="web-summary">
                  {crawlsLine(source.configuration.crawl_frequency)} · {depthLine(source.configuration.crawl_depth)} · {dateLine(source)}
                </Typography>
              </TableCell>
            </SelectableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
