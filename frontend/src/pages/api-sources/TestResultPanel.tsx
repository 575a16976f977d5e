import { Alert, AlertTitle, Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { outcomeLines } from './api-source-rules';
import type { TestOutcome } from './direct-test';
import { previewValue } from './response-paths';
import { ResponseTree } from './ResponseTree';

interface TestResultPanelProps {
  outcome: TestOutcome;
  /** Where the answer came from: 'browser' (Test API) or 'server' (contract §14.7). */
  origin: 'browser' | 'server';
  /** The server-side test, offered when the browser could not make the call. */
  serverTest?: { label: string; note?: string; busy: boolean; run: () => void };
  onClose: () => void;
}

/** A test's outcome: spec 02 §4's message with Status and Content-Type, the first mapped records, the response tree. */
export function TestResultPanel({ outcome, origin, serverTest, onClose }: TestResultPanelProps) {
  const records = outcome.records ?? [];
  const columns = [...new Set(records.flatMap((record) => Object.keys(record)))].slice(0, 12);
  const severity = outcome.blocked ? 'info' : outcome.success ? (outcome.message.includes('parsing failed') ? 'warning' : 'success') : 'error';
  return (
    <Stack spacing={1.5} role="region" aria-label="Test results" data-testid="api-test-panel">
      <Alert severity={severity} onClose={onClose} data-testid="api-test-outcome" data-origin={origin} data-blocked={outcome.blocked}>
        <AlertTitle>{outcome.blocked ? 'The browser could not make this call' : origin === 'server' ? 'Tested from the server' : 'Tested from your browser'}</AlertTitle>
        {[outcome.message, ...outcomeLines(outcome)].map((line) => (
          <span key={line} style={{ display: 'block' }}>
            {line}
          </span>
        ))}
        {outcome.blocked && serverTest && (
          <Box sx={{ mt: 1.5 }}>
            <Button variant="contained" size="small" disabled={serverTest.busy} onClick={serverTest.run}>
              {serverTest.busy ? 'Testing...' : serverTest.label}
            </Button>
            {serverTest.note && (
              <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
                {serverTest.note}
              </Typography>
            )}
          </Box>
        )}
      </Alert>
      {outcome.recordCount !== undefined && (
        <Box>
          <Typography variant="subtitle2" data-testid="api-test-record-count">
            {outcome.recordCount} {outcome.recordCount === 1 ? 'record' : 'records'}
            {records.length > 0 && records.length < outcome.recordCount ? ` (first ${records.length} shown)` : ''}
          </Typography>
          {records.length > 0 && columns.length > 0 && (
            <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, mt: 0.5 }}>
              <Table size="small" aria-label="Mapped records">
                <TableHead>
                  <TableRow>
                    {columns.map((column) => (
                      <TableCell key={column} sx={{ fontFamily: 'monospace' }}>
                        {column}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {records.map((record, index) => (
                    <TableRow key={index}>
                      {columns.map((column) => (
                        <TableCell key={column}>{record[column] === undefined || record[column] === null ? '—' : previewValue(record[column])}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Box>
      )}
      {outcome.data !== undefined && (
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            Response <Typography component="span" variant="caption" color="text.secondary">— click a field name to copy its path</Typography>
          </Typography>
          <ResponseTree data={outcome.data} />
        </Box>
      )}
    </Stack>
  );
}
