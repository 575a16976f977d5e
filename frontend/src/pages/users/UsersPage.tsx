import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import PersonAddIcon from '@mui/icons-material/PersonAddOutlined';
import { Box, Button, Chip } from '@mui/material';
import { useState } from 'react';
import type { User } from '../../api/entities';
import { useSession } from '../../auth/SessionProvider';
import { ActionsPanel } from '../../components/list-page/ActionsPanel';
import { DeleteConfirmation, DeleteErrorAlert, useDeleteConfirmation } from '../../components/list-page/DeleteConfirmation';
import { ListPanel } from '../../components/list-page/ListPanel';
import { useListPage, useListRows } from '../../components/list-page/useListPage';
import { PageHeader } from '../../components/PageHeader';
import { useNotifier } from '../../components/useNotifier';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDialog } from './UserFormDialog';
import { UsersTable } from './UsersTable';
import { useUserActions, useUserList } from './useUsers';

/** Why an action is refused for the selected user, if it is. */
function refusal(user: User | undefined, currentUserId: string | undefined) {
  const systemAdmin = user?.role === 'system_admin';
  const self = user !== undefined && user.id === currentUserId;
  return {
    edit: systemAdmin ? 'System administrators cannot be edited here' : undefined,
    reset: systemAdmin ? 'System administrators cannot be reset here' : undefined,
    delete: self ? 'You cannot delete your own account here' : systemAdmin ? 'System administrators cannot be deleted here' : undefined,
  };
}

/** Spec 03 Users page (/directory/users, admin). */
export function UsersPage() {
  const session = useSession();
  const list = useListPage();
  const answer = useUserList(list.page, list.query);
  const actions = useUserActions();
  const { notify, snackbar } = useNotifier();
  const users = answer.data?.data ?? [];
  const selection = useListRows(list, Boolean(answer.data), users);
  const pending = users.filter((user) => user.invitation_pending).length;

  const [form, setForm] = useState<{ user?: User } | undefined>();
  const [resetting, setResetting] = useState<User | undefined>();
  const deletion = useDeleteConfirmation<User>({ remove: (user) => actions.remove(user.id), onDeleted: () => notify('User deleted successfully') });

  const selected = selection.selected;
  const refused = refusal(selected, session.user?.id);

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
      <DeleteErrorAlert state={deletion} title="Failed to delete user" />
      <ListPanel
        list={list}
        search={{ label: 'Search users', placeholder: 'Search by name or email', testId: 'users-search' }}
        toolbar={pending > 0 && <Chip color="warning" variant="outlined" label={`${pending} pending invitation${pending === 1 ? '' : 's'} on this page`} />}
        loadingLabel="Loading users"
        answer={answer}
        errorTitle="Failed to fetch users"
        count={users.length}
        empty={list.query.trim() ? 'No users match your search' : 'No users found'}
        emptyTestId="users-empty"
        pagination={answer.data?.pagination}
        actions={
          <ActionsPanel
            selection={selected ? selected.full_name || selected.email : undefined}
            noun="user"
            actions={[
              { label: 'Edit', icon: <EditOutlinedIcon />, hint: refused.edit, disabled: Boolean(refused.edit), onClick: () => selected && setForm({ user: selected }) },
              { label: 'Reset password', icon: <LockResetIcon />, hint: refused.reset, disabled: Boolean(refused.reset), onClick: () => selected && setResetting(selected) },
              { label: 'Delete', icon: <DeleteOutlinedIcon />, color: 'error', hint: refused.delete, disabled: Boolean(refused.delete), onClick: () => selected && deletion.ask(selected) },
            ]}
          />
        }
      >
        <UsersTable users={users} currentUserId={session.user?.id} selection={selection} />
      </ListPanel>

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
      <DeleteConfirmation
        state={deletion}
        title="Delete user"
        message={(user) => `Are you sure you want to delete ${user.full_name || user.email || 'this user'}? They lose access at once; what they created stays.`}
      />
      {snackbar}
    </Box>
  );
}
