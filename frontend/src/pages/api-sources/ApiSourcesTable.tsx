import { Chip, Stack, Table, TableBody, TableCell, TableContainer, Typography } from '@mui/material';
import { SelectableRow } from '../../components/list-page/SelectableRow';
import type { RowSelection } from '../../components/list-page/useListPage';
import { dateLine } from '../../components/data-source-list/source-row';
import { UsageBadge } from '../../components/data-source-list/UsageBadge';
import { listRow, methodColor } from './api-source-rules';
import type { ApiSource } from './types';

/**
 * Spec 02 APIs rows: name with its In Use / Not Used badge, the method badge with the endpoint and
 * '· {n} requests/min', the description and the created or updated date. A click selects a row
 * (again: clears it); the Actions panel acts on it.
 */
export function ApiSourcesTable({ sources, selection }: { sources: ApiSource[]; selection: RowSelection<ApiSource> }) {
  return (
    <TableContainer>
      <Table aria-label="API sources">
        <TableBody>
          {sources.map((source) => {
            const row = listRow(source);
            return (
              <SelectableRow key={source.id} label={source.name} selected={selection.isSelected(source)} onToggle={() => selection.toggle(source)} testId="api-row">
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography variant="rowTitle">{source.name}</Typography>
                    <UsageBadge usedBy={source.used_by_kbs ?? []} testId="api-usage" />
                  </Stack>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', my: 0.25 }}>
                    <Chip size="small" label={row.method} color={methodColor(row.method)} sx={{ fontFamily: 'monospace', fontWeight: 600 }} data-testid="api-method" />
                    <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="api-endpoint">
                      {row.endpoint}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" data-testid="api-rate">
                      {row.rate}
                    </Typography>
                  </Stack>
                  {source.description && (
                    <Typography variant="body2" color="text.secondary" noWrap title={source.description} sx={{ maxWidth: 560 }}>
                      {source.description}
                    </Typography>
                  )}
                  <Typography variant="caption" color="text.secondary" component="p" data-testid="api-date">
                    {dateLine(source)}
                  </Typography>
                </TableCell>
              </SelectableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
