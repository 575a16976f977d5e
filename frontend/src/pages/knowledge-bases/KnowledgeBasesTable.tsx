import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import { Box, Button, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { canDeployStatus, isLockedStatus } from '../../../../shared/rules/knowledge-base-form';
import { TooltipAction } from '../../components/TooltipAction';
import { KnowledgeBaseStatusChip } from './KnowledgeBaseStatusChip';
import { dateLine, KB_MESSAGES, LOCKED_HINT, summaryLine } from './knowledge-base-rules';
import { SourceTypeIcon } from './SourceTypeIcon';
import type { KnowledgeBase } from './types';
import { STICKY_ACTIONS_SX } from '../../components/table-layout';

interface KnowledgeBasesTableProps {
  knowledgeBases: KnowledgeBase[];
  /** Contract §15: writes, deploy and group access are admin-only. */
  canManage: boolean;
  onEdit: (kb: KnowledgeBase) => void;
  onClone: (kb: KnowledgeBase) => void;
  onDeploy: (kb: KnowledgeBase) => void;
  onAccess: (kb: KnowledgeBase) => void;
  onDelete: (kb: KnowledgeBase) => void;
}

function deployHint(status: string): string {
  if (status === 'processing') return 'Being processed';
  if (status === 'ready') return 'Already deployed';
  return 'Deploy';
}

/**
 * Spec 02 list rows. The spec's Actions panel acts on a selected row; here every row carries its own
 * actions (the issue asks for per-row actions), so "disabled until a row is selected" has no equivalent.
 */
export function KnowledgeBasesTable({ knowledgeBases, canManage, onEdit, onClone, onDeploy, onAccess, onDelete }: KnowledgeBasesTableProps) {
  const adminOnly = canManage ? undefined : KB_MESSAGES.adminOnly;
  return (
    <TableContainer>
      <Table aria-label="Knowledge bases">
        <TableHead>
          <TableRow>
            <TableCell>Knowledge base</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Created by</TableCell>
            <TableCell align="right" sx={STICKY_ACTIONS_SX}>
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {knowledgeBases.map((kb) => {
            const locked = isLockedStatus(kb.status);
            const processing = kb.status === 'processing';
            return (
              <TableRow key={kb.id} hover data-testid="kb-row">
                <TableCell>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                    <Box sx={{ pt: 0.25 }}>
                      <SourceTypeIcon sourceType={kb.source_type} />
                    </Box>
                    <Box sx={{ minWidth: 0 }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
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
                <TableCell align="right" sx={STICKY_ACTIONS_SX}>
                  <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
                    <TooltipAction title={adminOnly ?? (locked ? LOCKED_HINT : 'Edit')}>
                      <IconButton size="small" aria-label={`Edit ${kb.name}`} disabled={!canManage} onClick={() => onEdit(kb)}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </TooltipAction>
                    <TooltipAction title={adminOnly ?? 'Group access'}>
                      <IconButton size="small" aria-label={`Group access for ${kb.name}`} disabled={!canManage} onClick={() => onAccess(kb)}>
                        <GroupOutlinedIcon fontSize="small" />
                      </IconButton>
                    </TooltipAction>
                    <TooltipAction title={adminOnly ?? deployHint(kb.status)}>
                      {/* Worded, not an icon alone: an undeployed draft answers no chat, so this is the row's next step. */}
                      <Button
                        size="small"
                        variant="outlined"
                        startIcon={<RocketLaunchOutlinedIcon fontSize="small" />}
                        aria-label={`Deploy ${kb.name}`}
                        disabled={!canManage || !canDeployStatus(kb.status)}
                        onClick={() => onDeploy(kb)}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        Deploy
                      </Button>
                    </TooltipAction>
                    <TooltipAction title={adminOnly ?? 'Clone'}>
                      <IconButton size="small" aria-label={`Clone ${kb.name}`} disabled={!canManage} onClick={() => onClone(kb)}>
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </TooltipAction>
                    <TooltipAction title={adminOnly ?? (processing ? KB_MESSAGES.deleteWhileProcessing : 'Delete')}>
                      <IconButton size="small" aria-label={`Delete ${kb.name}`} disabled={!canManage || processing} onClick={() => onDelete(kb)} color="error">
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </TooltipAction>
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
