import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SearchField } from '../../components/SearchField';
import { apiSourceRow, KB_MESSAGES, loadedSourceProblems, PICKER_TITLES, pickerConfirmLabel } from './knowledge-base-rules';
import { useApiSourceOptions, useWebSourceOptions } from './useSourceLookup';
import type { SourceSummary } from './types';

type TableSourceType = 'websites' | 'apis';

interface PickerRow {
  id: string;
  name: string;
  cells: string[];
  /** What the search matches. */
  searchText: string[];
  summary: SourceSummary;
}

const COLUMNS: Record<TableSourceType, string[]> = {
  websites: ['Name', 'URL', 'Crawl Frequency', 'Crawl Depth'],
  apis: ['Name', 'Method', 'URL', 'Headers'],
};

const NOUN: Record<TableSourceType, string> = { websites: 'websites', apis: 'API endpoints' };

interface SourceTablePickerDialogProps {
  type: TableSourceType;
  initial: readonly SourceSummary[];
  onClose: () => void;
  onConfirm: (sources: SourceSummary[]) => void;
}

/**
 * Spec 02 website and API pickers: what exists (contract §13.1, §14.1 with `all=true`), searchable,
 * with checkboxes. While those families answer 501 (not in this release yet) the picker says so and
 * stays empty instead of failing.
 */
export function SourceTablePickerDialog({ type, initial, onClose, onConfirm }: SourceTablePickerDialogProps) {
  const websites = useWebSourceOptions(type === 'websites');
  const apis = useApiSourceOptions(type === 'apis');
  const answer = type === 'websites' ? websites : apis;
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlyMap<string, SourceSummary>>(() => new Map(initial.map((item) => [item.id, item])));

  const raw = type === 'websites' ? (websites.data?.webSources ?? []) : (apis.data?.apiSources ?? []);
  const rows: PickerRow[] =
    type === 'websites'
      ? (websites.data?.webSources ?? []).map((source) => {
          const config = source.configuration ?? {};
          return {
            id: source.id,
            name: source.name,
            cells: [source.name, config.url ?? '', config.crawl_frequency ?? '', config.crawl_depth === undefined ? '' : String(config.crawl_depth)],
            // Spec 02: the website search matches name, URL and description.
            searchText: [source.name, config.url ?? '', source.description ?? ''],
            summary: { id: source.id, name: source.name, detail: config.url },
          };
        })
      : (apis.data?.apiSources ?? []).map((source) => {
          const row = apiSourceRow(source);
          return {
            id: source.id,
            name: source.name,
            cells: [source.name, row.method, row.url, row.headers],
            searchText: [source.name, row.method, row.url, source.description ?? ''],
            summary: { id: source.id, name: source.name, detail: `${row.method} ${row.url}`.trim() },
          };
        });
  const problems = loadedSourceProblems(type, raw);
  const needle = search.trim().toLowerCase();
  const shown = needle ? rows.filter((row) => row.searchText.some((text) => text.toLowerCase().includes(needle))) : rows;
  const notAvailable = answer.error instanceof ApiError && answer.error.status === 501;

  const toggle = (row: PickerRow, on: boolean) =>
    setSelected((before) => {
      const next = new Map(before);
      if (on) next.set(row.id, row.summary);
      else next.delete(row.id);
      return next;
    });
  const chosen = [...selected.values()];
  const title = PICKER_TITLES[type];

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="kb-source-picker-title">
      <DialogTitle id="kb-source-picker-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          <SearchField value={search} onChange={setSearch} label={`Search ${NOUN[type]}`} placeholder={`Search ${NOUN[type]}...`} />
          {notAvailable ? (
            <Alert severity="info" data-testid="kb-picker-unavailable">
              {type === 'websites' ? 'Websites' : 'API endpoints'} cannot be listed yet: {(answer.error as Error).message}. Nothing can be selected here until they are.
            </Alert>
          ) : answer.error ? (
            <ErrorAlert title={type === 'websites' ? KB_MESSAGES.fetchWebsitesFailed : KB_MESSAGES.fetchApisFailed} error={answer.error} />
          ) : null}
          {problems.length > 0 && (
            <Alert severity="warning" data-testid="kb-picker-validation">
              {KB_MESSAGES.validationErrors}
              {problems.join(', ')}
            </Alert>
          )}
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {answer.isLoading && <LinearProgress sx={{ height: 2 }} aria-label={`Loading ${NOUN[type]}`} />}
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  {COLUMNS[type].map((column) => (
                    <TableCell key={column}>{column}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => (
                  <TableRow key={row.id} hover>
                    <TableCell padding="checkbox">
                      <Checkbox size="small" checked={selected.has(row.id)} onChange={(event) => toggle(row, event.target.checked)} slotProps={{ input: { 'aria-label': `Select ${row.name}` } }} />
                    </TableCell>
                    {row.cells.map((cell, index) => (
                      <TableCell key={COLUMNS[type][index]} sx={index === 0 ? { fontWeight: 600 } : { wordBreak: 'break-all' }}>
                        {cell || '—'}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
                {!answer.isLoading && shown.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS[type].length + 1}>
                      <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }} data-testid="kb-picker-empty">
                        {needle ? `No ${NOUN[type]} match your search` : `No ${NOUN[type]} available.`}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" disabled={chosen.length === 0} onClick={() => onConfirm(chosen)}>
          {pickerConfirmLabel(type, chosen.length)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
