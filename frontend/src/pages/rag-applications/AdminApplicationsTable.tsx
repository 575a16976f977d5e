import { Radio, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { LLM_MODEL_LABELS } from '../../../../shared/rules/chat';
import { ApplicationDescription } from './ApplicationDescription';
import { ApplicationStatusChip } from './ApplicationStatusChip';
import type { RagApplication } from './types';

interface AdminApplicationsTableProps {
  applications: RagApplication[];
  selectedId: string | undefined;
  onSelect: (application: RagApplication) => void;
  compact: boolean;
}

/** The admin list of spec 03: one row per application; the Admin Actions panel acts on the selected row. */
export function AdminApplicationsTable({ applications, selectedId, onSelect, compact }: AdminApplicationsTableProps) {
  return (
    <TableContainer>
      <Table aria-label="RAG applications">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>Name</TableCell>
            {!compact && <TableCell>Model</TableCell>}
            {!compact && <TableCell>Knowledge bases</TableCell>}
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {applications.map((application) => {
            const selected = application.id === selectedId;
            return (
              <TableRow key={application.id} hover selected={selected} onClick={() => onSelect(application)} sx={{ cursor: 'pointer' }} data-testid="application-row">
                <TableCell padding="checkbox">
                  <Radio
                    checked={selected}
                    onChange={() => onSelect(application)}
                    onClick={(event) => event.stopPropagation()}
                    slotProps={{ input: { 'aria-label': `Select ${application.name}` } }}
                    name="selected-application"
                    value={application.id}
                  />
                </TableCell>
                <TableCell sx={{ maxWidth: 480 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
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
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
