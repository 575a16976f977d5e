import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { LLM_MODEL_LABELS } from '../../../../shared/rules/chat';
import { SelectableRow, SelectionHeaderCell } from '../../components/list-page/SelectableRow';
import type { RowSelection } from '../../components/list-page/useListPage';
import { ApplicationDescription } from './ApplicationDescription';
import { ApplicationStatusChip } from './ApplicationStatusChip';
import type { RagApplication } from './types';

interface AdminApplicationsTableProps {
  applications: RagApplication[];
  selection: RowSelection<RagApplication>;
  compact: boolean;
}

/** The admin list of spec 03: one row per application; the Admin Actions panel acts on the selected row. */
export function AdminApplicationsTable({ applications, selection, compact }: AdminApplicationsTableProps) {
  return (
    <TableContainer>
      <Table aria-label="RAG applications">
        <TableHead>
          <TableRow>
            <SelectionHeaderCell />
            <TableCell>Name</TableCell>
            {!compact && <TableCell>Model</TableCell>}
            {!compact && <TableCell>Knowledge bases</TableCell>}
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {applications.map((application) => (
            <SelectableRow key={application.id} label={application.name} selected={selection.isSelected(application)} onToggle={() => selection.toggle(application)} testId="application-row">
              <TableCell sx={{ maxWidth: 480 }}>
                <Typography variant="rowTitle" sx={{ overflowWrap: 'anywhere' }}>
                  {application.name}
                </Typography>
                <ApplicationDescription name={application.name} description={application.description} />
              </TableCell>
              {!compact && <TableCell>{LLM_MODEL_LABELS[application.llm_model] ?? application.llm_model}</TableCell>}
              {!compact && (
                <TableCell>
                  <Typography variant="body2" color="text.secondary">
                    {application.knowledge_bases.map((kb) => kb.name).join(', ') || '—'}
                  </Typography>
                </TableCell>
              )}
              <TableCell>
                <ApplicationStatusChip status={application.status} />
              </TableCell>
            </SelectableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
