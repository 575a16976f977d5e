import PersonAddIcon from '@mui/icons-material/PersonAddOutlined';
import { Box, Button, Chip, LinearProgress, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { User } from '../../api/entities';
import { useSession } from '../../auth/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListPager } from '../../components/ListPager';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { useNotifier } from '../../components/useNotifier';
import { SEARCH_DEBOUNCE_MS } from '../../config/ui-constants';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDialog } from './UserFormDialog';
import { UsersTable } from './UsersTable';
import { useUserActions, useUserList } from './useUsers';

/** Spec 03 Users page (/directory/users, admin). */
export function UsersPage() {
  const session = useSession();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const list = useUserList(page, query);
  const actions = useUserActions();
  const { notify, snackbar } = useNotifier();

  const [form, setForm] = useState<{ user?: User } | undefined>();
  const [resetting, setResetting] = useState<User | undefined>();
  const [deleting, setDeleting] = useState<User | undefined>();
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>();

  const users = list.data?.data ?? [];
  const pending = users.filter((user) => user.invitation_pending).length;
  const emptyPastEnd = Boolean(list.data) && users.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPastEnd) setPage((current) => Math.max(1, current - 1));
  }, [emptyPastEnd]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(undefined);
    try {
      await actions.remove(deleting.id);
      notify('User deleted successfully');
    } catch (error) {
      setDeleteError(error);
    } finally {
      setDeleteBusy(false);
      setDeleting(undefined);
    }
  };

  return (
    <Box>
      <PageHeader
        title="Users"
        subtitle="Invite people to your organization and manage their roles and groups."
        action={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setForm({})}>
            New User
          </Button>
        }
      />
      {deleteError !== undefined && <ErrorAlert title="Failed to delete user" error={deleteError} onClose={() => setDeleteError(undefined)} sx={{ mb: 2 }} />}
      <Paper variant="outlined">
        <Box sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <SearchField
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            label="Search users"
            placeholder="Search by name or email"
            testId="users-search"
          />
          {pending > 0 && <Chip color="warning" variant="outlined" label={`${pending} pending invitation${pending === 1 ? '' : 's'} on this page`} />}
        </Box>
        {list.isValidating && <LinearProgress sx={{ height: 2 }} aria-label="Loading users" />}
        {list.error ? (
          <ErrorAlert title="Failed to fetch users" error={list.error} sx={{ m: 2 }} />
        ) : list.isLoading && !list.data ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            Loading...
          </Typography>
        ) : users.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="users-empty">
            {query.trim() ? 'No users match your search' : 'No users found'}
          </Typography>
        ) : (
          <UsersTable users={users} currentUserId={session.user?.id} onEdit={(user) => setForm({ user })} onResetPassword={setResetting} onDelete={setDeleting} />
        )}
        <ListPager pagination={list.data?.pagination} page={page} onPageChange={setPage} noun="users" />
      </Paper>

      <UserFormDialog
        open={Boolean(form)}
        user={form?.user}
        onClose={() => setForm(undefined)}
        onSaved={(message) => {
          setForm(undefined);
          notify(message);
        }}
      />
      {resetting && <ResetPasswordDialog key={resetting.id} user={resetting} onClose={() => setResetting(undefined)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete user"
        message={`Are you sure you want to delete ${deleting?.full_name || deleting?.email || 'this user'}? They lose access at once; what they created stays.`}
        confirmLabel="Delete"
        destructive
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(undefined)}
      />
      {snackbar}
    </Box>
  );
}
