import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, Chip, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { Group } from '../../api/entities';
import { TooltipAction } from '../../components/TooltipAction';
import { STICKY_ACTIONS_SX } from '../../components/table-layout';

export const ADMIN_GROUP_LOCKED = 'The Administrators group cannot be edited or deleted';

interface GroupsTableProps {
  groups: Group[];
  onMembers: (group: Group) => void;
  onEdit: (group: Group) => void;
  onDelete: (group: Group) => void;
}

export function GroupsTable({ groups, onMembers, onEdit, onDelete }: GroupsTableProps) {
  return (
    <TableContainer>
      <Table aria-label="Groups" size="medium">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Description</TableCell>
            <TableCell align="right">Members</TableCell>
            <TableCell align="right" sx={STICKY_ACTIONS_SX}>
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => {
            const locked = group.is_admin_group;
            const lockedTitle = locked ? ADMIN_GROUP_LOCKED : undefined;
            return (
              <TableRow key={group.id} hover data-testid="group-row">
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {group.name}
                    </Typography>
                    {locked && <Chip size="small" icon={<LockOutlinedIcon />} label="Fixed" variant="outlined" />}
                  </Stack>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, color: 'text.secondary', maxWidth: 420 }}>
                  <Typography variant="body2" noWrap title={group.description}>
                    {group.description || '—'}
                  </Typography>
                </TableCell>
                <TableCell align="right">{group.member_count}</TableCell>
                <TableCell align="right" sx={STICKY_ACTIONS_SX}>
                  <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
                    <TooltipAction title="Manage members">
                      <IconButton size="small" aria-label={`Members of ${group.name}`} onClick={() => onMembers(group)}>
                        <GroupOutlinedIcon fontSize="small" />
                      </IconButton>
                    </TooltipAction>
                    <TooltipAction title={lockedTitle ?? 'Edit'}>
                      <IconButton size="small" aria-label={`Edit ${group.name}`} disabled={locked} onClick={() => onEdit(group)}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </TooltipAction>
                    <TooltipAction title={lockedTitle ?? 'Delete'}>
                      <IconButton size="small" aria-label={`Delete ${group.name}`} disabled={locked} onClick={() => onDelete(group)} color="error">
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
