import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Avatar, Box, Chip, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { User } from '../../api/entities';
import { TooltipAction } from '../../components/TooltipAction';
import { formatDate, roleLabel } from '../../components/format';
import { PendingInvitationChip, StatusChip } from '../../components/StatusChip';
import { HIDE_ON_PHONE_SX, STICKY_ACTIONS_SX } from '../../components/table-layout';

const MAX_GROUP_CHIPS = 3;

interface UsersTableProps {
  users: User[];
  currentUserId: string | undefined;
  onEdit: (user: User) => void;
  onResetPassword: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({ users, currentUserId, onEdit, onResetPassword, onDelete }: UsersTableProps) {
  return (
    <TableContainer>
      <Table aria-label="Users">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell sx={HIDE_ON_PHONE_SX}>Role</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>Groups</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Last login</TableCell>
            <TableCell align="right" sx={STICKY_ACTIONS_SX}>
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => {
            const self = user.id === currentUserId;
            const systemAdmin = user.role === 'system_admin';
            const groups = (user.groups ?? []).map((group) => group.name);
            const name = user.full_name || user.email;
            return (
              <TableRow key={user.id} hover data-testid="user-row">
                <TableCell>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                    <Avatar sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.light' }}>{name.charAt(0).toUpperCase()}</Avatar>
                    <Box sx={{ minWidth: 0 }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                          {name}
                        </Typography>
                        {self && <Chip size="small" label="You" variant="outlined" />}
                        {user.invitation_pending && <PendingInvitationChip />}
                      </Stack>
                      <Typography variant="caption" color="text.secondary" noWrap component="div">
                        {user.email}
                      </Typography>
                    </Box>
                  </Stack>
                </TableCell>
                <TableCell sx={HIDE_ON_PHONE_SX}>{roleLabel(user.role)}</TableCell>
                <TableCell>
                  <StatusChip status={user.status} />
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {groups.length === 0 && (
                      <Typography variant="body2" color="text.secondary">
                        —
                      </Typography>
                    )}
                    {groups.slice(0, MAX_GROUP_CHIPS).map((group) => (
                      <Chip key={group} size="small" label={group} />
                    ))}
                    {groups.length > MAX_GROUP_CHIPS && <Chip size="small" label={`+${groups.length - MAX_GROUP_CHIPS}`} title={groups.slice(MAX_GROUP_CHIPS).join(', ')} />}
                  </Box>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, color: 'text.secondary' }}>{formatDate(user.last_login)}</TableCell>
                <TableCell align="right" sx={STICKY_ACTIONS_SX}>
                  <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
                    <TooltipAction title={systemAdmin ? 'System administrators cannot be edited here' : 'Edit'}>
                      <IconButton size="small" aria-label={`Edit ${name}`} disabled={systemAdmin} onClick={() => onEdit(user)}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </TooltipAction>
                    <TooltipAction title={systemAdmin ? 'System administrators cannot be reset here' : 'Reset password'}>
                      <IconButton size="small" aria-label={`Reset password of ${name}`} disabled={systemAdmin} onClick={() => onResetPassword(user)}>
                        <LockResetIcon fontSize="small" />
                      </IconButton>
                    </TooltipAction>
                    <TooltipAction title={self ? 'You cannot delete your own account here' : systemAdmin ? 'System administrators cannot be deleted here' : 'Delete'}>
                      <IconButton size="small" aria-label={`Delete ${name}`} disabled={self || systemAdmin} onClick={() => onDelete(user)} color="error">
                        <DeleteOutlinedIcon fontSize="small" />
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
