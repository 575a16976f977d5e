import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import type { Group, User } from '../../api/entities';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SearchField } from '../../components/SearchField';
import { SEARCH_DEBOUNCE_MS } from '../../config/ui-constants';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { MemberList } from './MemberList';
import { useGroupMembership, type MembershipAction } from './useGroups';

interface GroupMembersDialogProps {
  /** Mounted per group (keyed by its id), so search and pending state start fresh for each. */
  group: Group;
  onClose: () => void;
  onNotify: (message: string) => void;
}

const LOAD_ERROR = 'Failed to load users. Please try again.';

/** Spec 03 Groups page: members and available users side by side, each change confirmed first. */
export function GroupMembersDialog({ group, onClose, onNotify }: GroupMembersDialogProps) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const membership = useGroupMembership(group, query);
  const [pending, setPending] = useState<{ user: User; action: MembershipAction } | undefined>();

  const confirm = async () => {
    if (!pending) return;
    const { user, action } = pending;
    setPending(undefined);
    const ok = await membership.change(user, action);
    if (ok) onNotify(action === 'add' ? 'User added to group successfully' : 'User removed from group successfully');
  };

  const readOnly = Boolean(group.is_admin_group);
  const busy = membership.processing.size > 0;
  const pendingName = pending ? pending.user.full_name || pending.user.email : '';

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="group-members-title">
        <DialogTitle id="group-members-title">Members of {group.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {readOnly && (
              <Alert severity="info">
                Membership of the Administrators group follows the admin role. Change a user's role on the Users page to add or remove an administrator.
              </Alert>
            )}
            {membership.error && (
              <Alert severity="error" onClose={membership.clearError} data-testid="membership-error">
                {membership.error}
              </Alert>
            )}
            <SearchField value={search} onChange={setSearch} label="Search users" placeholder="Search by name or email" testId="member-search" />
            {(membership.members.error || membership.available.error) && (
              <Alert severity="error">{membership.available.error && query.trim() ? 'Failed to search users' : LOAD_ERROR}</Alert>
            )}
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <MemberList
                title="Members"
                users={membership.members.data?.data}
                total={membership.members.data?.pagination.total}
                loading={membership.members.isLoading}
                emptyText={query.trim() ? 'No members match the search' : 'This group has no members yet'}
                actionLabel={readOnly ? undefined : 'Remove'}
                onAction={(user) => setPending({ user, action: 'remove' })}
                processing={membership.processing}
                disabled={busy}
                testId="group-members"
              />
              {!readOnly && (
                <MemberList
                  title="Available users"
                  users={membership.available.data?.data}
                  total={membership.available.data?.pagination.total}
                  loading={membership.available.isLoading}
                  emptyText={query.trim() ? 'No users match the search' : 'Every user is already a member'}
                  actionLabel="Add"
                  onAction={(user) => setPending({ user, action: 'add' })}
                  processing={membership.processing}
                  disabled={busy}
                  testId="group-available"
                />
              )}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} variant="outlined">
            Done
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={Boolean(pending)}
        title={pending?.action === 'add' ? 'Add member' : 'Remove member'}
        message={pending?.action === 'add' ? `Add ${pendingName} to ${group.name}?` : `Remove ${pendingName} from ${group.name}?`}
        confirmLabel="Confirm"
        destructive={pending?.action === 'remove'}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(undefined)}
      />
    </>
  );
}
