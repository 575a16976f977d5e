import { Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { SelectableRow, SelectionHeaderCell } from '../../components/list-page/SelectableRow';
import type { RowSelection } from '../../components/list-page/useListPage';
import { KnowledgeBaseStatusChip } from './KnowledgeBaseStatusChip';
import { dateLine, summaryLine } from './knowledge-base-rules';
import { SourceTypeIcon } from './SourceTypeIcon';
import type { KnowledgeBase } from './types';

/** Spec 02 list rows: a click selects a row (again: clears it); the Actions panel acts on it. */
export function KnowledgeBasesTable({ knowledgeBases, selection }: { knowledgeBases: KnowledgeBase[]; selection: RowSelection<KnowledgeBase> }) {
  return (
    <TableContainer>
      <Table aria-label="Knowledge bases">
        <TableHead>
          <TableRow>
            <SelectionHeaderCell />
            <TableCell>Knowledge base</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Created by</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {knowledgeBases.map((kb) => (
            <SelectableRow key={kb.id} label={kb.name} selected={selection.isSelected(kb)} onToggle={() => selection.toggle(kb)} testId="kb-row">
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                  <Box sx={{ pt: 0.25 }}>
                    <SourceTypeIcon sourceType={kb.source_type} />
                  </Box>
                  <Box sx={{ minWidth: 0 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography variant="rowTitle">
                        {kb.name}
                      </Typography>
                      <KnowledgeBaseStatusChip kb={kb} />
                    </Stack>
                    <Typography variant="caption" color="text.secondary" component="p" data-testid="kb-summary">
                      {summaryLine(kb)}
                    </Typography>
                    {kb.description && (
                      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 560 }} noWrap title={kb.description}>
                        {kb.description}
                      </Typography>
                    )}
                  </Box>
                </Stack>
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                <Typography variant="body2">{kb.created_by_name || '—'}</Typography>
                <Typography variant="caption" color="text.secondary" data-testid="kb-date">
                  {dateLine(kb)}
                </Typography>
              </TableCell>
            </SelectableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
