import { Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { Organization } from '../../api/entities';
import { formatDate } from '../../components/format';
import { StatusChip } from '../../components/StatusChip';
import { HIDE_ON_PHONE_SX, STICKY_ACTIONS_SX } from '../../components/table-layout';

/** Spec 03: columns Name, Domain, Status, Users, Created, Actions, with a Manage button per row. */
export function OrganizationsTable({ organizations, onManage }: { organizations: Organization[]; onManage: (organization: Organization) => void }) {
  return (
    <TableContainer>
      <Table aria-label="Organizations">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell sx={HIDE_ON_PHONE_SX}>Domain</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right" sx={HIDE_ON_PHONE_SX}>Users</TableCell>
            <TableCell sx={HIDE_ON_PHONE_SX}>Created</TableCell>
            <TableCell align="right" sx={STICKY_ACTIONS_SX}>
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {organizations.map((organization) => (
            <TableRow key={organization.id} hover data-testid="organization-row">
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="rowTitle">
                    {organization.name}
                  </Typography>
                  {organization.is_system_org && <Chip size="small" label="System" variant="outlined" />}
                  {organization.type === 'consumer' && <Chip size="small" label="Consumer" variant="outlined" color="info" />}
                </Stack>
              </TableCell>
              <TableCell sx={HIDE_ON_PHONE_SX}>{organization.domain}</TableCell>
              <TableCell>
                <StatusChip status={organization.status} />
              </TableCell>
              <TableCell align="right" sx={HIDE_ON_PHONE_SX}>
                {organization.user_count ?? '—'}
              </TableCell>
              <TableCell sx={HIDE_ON_PHONE_SX}>{formatDate(organization.createdAt)}</TableCell>
              <TableCell align="right" sx={STICKY_ACTIONS_SX}>
                <Button size="small" variant="outlined" onClick={() => onManage(organization)} aria-label={`Manage ${organization.name}`}>
                  Manage
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
