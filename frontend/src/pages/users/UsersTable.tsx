import { Avatar, Box, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { User } from '../../api/entities';
import { SelectableRow, SelectionHeaderCell } from '../../components/list-page/SelectableRow';
import type { RowSelection } from '../../components/list-page/useListPage';
import { formatDate, roleLabel } from '../../components/format';
import { PendingInvitationChip, StatusChip } from '../../components/StatusChip';
import { HIDE_ON_PHONE_SX } from '../../components/table-layout';

const MAX_GROUP_CHIPS = 3;

interface UsersTableProps {
  users: User[];
  currentUserId: string | undefined;
  selection: RowSelection<User>;
}

/** Spec 03 Users list: selectable rows; the Actions panel acts on the selected user. */
export function UsersTable({ users, currentUserId, selection }: UsersTableProps) {
  return (
    <TableContainer>
      <Table aria-label="Users">
        <TableHead>
          <TableRow>
            <SelectionHeaderCell />
            <TableCell>Name</TableCell>
            <TableCell sx={HIDE_ON_PHONE_SX}>Role</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>Groups</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Last login</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => {
            const self = user.id === currentUserId;
            const groups = (user.groups ?? []).map((group) => group.name);
            const name = user.full_name || user.email;
            return (
              <SelectableRow key={user.id} label={name} selected={selection.isSelected(user)} onToggle={() => selection.toggle(user)} testId="user-row">
                <TableCell>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                    <Avatar sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.light' }}>{name.charAt(0).toUpperCase()}</Avatar>
                    <Box sx={{ minWidth: 0 }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Typography variant="rowTitle" noWrap>
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
              </SelectableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
