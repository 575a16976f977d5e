import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { Group } from '../../api/entities';
import { SelectableRow, SelectionHeaderCell } from '../../components/list-page/SelectableRow';
import type { RowSelection } from '../../components/list-page/useListPage';

export const ADMIN_GROUP_LOCKED = 'The Administrators group cannot be edited or deleted';

/** Spec 03 Groups list: selectable rows; the Actions panel acts on the selected group. */
export function GroupsTable({ groups, selection }: { groups: Group[]; selection: RowSelection<Group> }) {
  return (
    <TableContainer>
      <Table aria-label="Groups" size="medium">
        <TableHead>
          <TableRow>
            <SelectionHeaderCell />
            <TableCell>Name</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Description</TableCell>
            <TableCell align="right">Members</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <SelectableRow key={group.id} label={group.name} selected={selection.isSelected(group)} onToggle={() => selection.toggle(group)} testId="group-row">
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="rowTitle">
                    {group.name}
                  </Typography>
                  {group.is_admin_group && <Chip size="small" icon={<LockOutlinedIcon />} label="Fixed" variant="outlined" />}
                </Stack>
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, color: 'text.secondary', maxWidth: 420 }}>
                <Typography variant="body2" noWrap title={group.description}>
                  {group.description || '—'}
                </Typography>
              </TableCell>
              <TableCell align="right">{group.member_count}</TableCell>
            </SelectableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
