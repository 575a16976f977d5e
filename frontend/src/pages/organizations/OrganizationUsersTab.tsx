import LockResetIcon from '@mui/icons-material/LockReset';
import { Box, Button, LinearProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import type { Organization, User } from '../../api/entities';
import { ErrorAlert } from '../../components/ErrorAlert';
import { roleLabel } from '../../components/format';
import { ListPager } from '../../components/list-page/ListPager';
import { SearchField } from '../../components/SearchField';
import { PendingInvitationChip, StatusChip } from '../../components/StatusChip';
import { SEARCH_DEBOUNCE_MS } from '../../config/ui-constants';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { ResetPasswordDialog } from '../users/ResetPasswordDialog';
import { SettingsSection } from './settings/SettingsSection';
import { SystemInviteForm } from './SystemInviteForm';
import { useOrganizationUsers } from './useOrganizations';

/** The Manage Organization modal's Users tab: the organization's users, a system invite, password resets. */
export function OrganizationUsersTab({ organization }: { organization: Organization }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const users = useOrganizationUsers(organization.id, page, query);
  const [resetting, setResetting] = useState<User | undefined>();
  const rows = users.data?.data ?? [];

  return (
    <Stack spacing={2}>
      <SettingsSection title="Invite a user" description={`The invitation is emailed; the user joins ${organization.name} on accepting it.`}>
        <SystemInviteForm organization={organization} />
      </SettingsSection>
      <SettingsSection title="Users" testId="organization-users">
        <Box sx={{ mb: 1.5 }}>
          <SearchField
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            label="Search organization users"
            placeholder="Search by name or email"
          />
        </Box>
        {users.isValidating && <LinearProgress sx={{ height: 2 }} aria-label="Loading organization users" />}
        {users.error ? (
          <ErrorAlert title="Failed to load organization data" error={users.error} />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {users.isLoading ? 'Loading...' : 'No users found'}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Organization users">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((user) => {
                  const name = user.full_name || user.email;
                  return (
                    <TableRow key={user.id} data-testid="organization-user-row">
                      <TableCell>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {name}
                          </Typography>
                          {user.invitation_pending && <PendingInvitationChip />}
                        </Stack>
                        <Typography variant="caption" color="text.secondary">
                          {user.email}
                        </Typography>
                      </TableCell>
                      <TableCell>{roleLabel(user.role)}</TableCell>
                      <TableCell>
                        <StatusChip status={user.status} />
                      </TableCell>
                      <TableCell align="right">
                        <Button size="small" startIcon={<LockResetIcon fontSize="small" />} onClick={() => setResetting(user)} aria-label={`Reset password of ${name}`}>
                          Reset password
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <ListPager pagination={users.data?.pagination} page={page} onPageChange={setPage} />
      </SettingsSection>
      {resetting && <ResetPasswordDialog key={resetting.id} user={resetting} onClose={() => setResetting(undefined)} />}
    </Stack>
  );
}
