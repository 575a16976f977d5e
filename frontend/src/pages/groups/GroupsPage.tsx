import AddIcon from '@mui/icons-material/Add';
import { Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { Group } from '../../api/entities';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListPager } from '../../components/ListPager';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { useNotifier } from '../../components/useNotifier';
import { SEARCH_DEBOUNCE_MS } from '../../config/ui-constants';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { GroupFormDialog } from './GroupFormDialog';
import { GroupMembersDialog } from './GroupMembersDialog';
import { GroupsTable } from './GroupsTable';
import { useGroupActions, useGroupList, type GroupInput } from './useGroups';

/** Spec 03 Groups page (/directory/groups, admin). */
export function GroupsPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const list = useGroupList(page, query);
  const actions = useGroupActions();
  const { notify, snackbar } = useNotifier();

  const [form, setForm] = useState<{ group?: Group } | undefined>();
  const [members, setMembers] = useState<Group | undefined>();
  const [deleting, setDeleting] = useState<Group | undefined>();
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>();

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  const save = async (input: GroupInput) => {
    if (form?.group) {
      await actions.update(form.group.id, input);
      notify('Group updated successfully');
    } else {
      await actions.create(input);
      notify('Group created successfully');
    }
    setForm(undefined);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(undefined);
    try {
      await actions.remove(deleting.id);
      notify('Group deleted successfully');
      setDeleting(undefined);
    } catch (error) {
      setDeleteError(error);
      setDeleting(undefined);
    } finally {
      setDeleteBusy(false);
    }
  };

  const groups = list.data?.data ?? [];
  const emptyPastEnd = Boolean(list.data) && groups.length === 0 && page > 1;
  // After deleting the last row of the last page, show the page before instead of an empty one.
  useEffect(() => {
    if (emptyPastEnd) setPage((current) => Math.max(1, current - 1));
  }, [emptyPastEnd]);

  return (
    <Box>
      <PageHeader
        title="Groups"
        subtitle="Groups grant access to knowledge bases and applications."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({})}>
            New Group
          </Button>
        }
      />
      {deleteError !== undefined && <ErrorAlert title="Failed to delete group" error={deleteError} onClose={() => setDeleteError(undefined)} sx={{ mb: 2 }} />}
      <Paper variant="outlined">
        <Box sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <SearchField value={search} onChange={changeSearch} label="Search groups" placeholder="Search by name or description" testId="groups-search" />
        </Box>
        {list.isValidating && <LinearProgress sx={{ height: 2 }} aria-label="Loading groups" />}
        {list.error ? (
          <ErrorAlert title="Failed to fetch groups" error={list.error} sx={{ m: 2 }} />
        ) : list.isLoading && !list.data ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            Loading...
          </Typography>
        ) : groups.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="groups-empty">
            {query.trim() ? 'No groups match your search' : 'No groups found'}
          </Typography>
        ) : (
          <GroupsTable groups={groups} onMembers={setMembers} onEdit={(group) => setForm({ group })} onDelete={setDeleting} />
        )}
        <ListPager pagination={list.data?.pagination} page={page} onPageChange={setPage} noun="groups" />
      </Paper>

      <GroupFormDialog open={Boolean(form)} group={form?.group} onClose={() => setForm(undefined)} onSubmit={save} />
      {members && <GroupMembersDialog key={members.id} group={members} onClose={() => setMembers(undefined)} onNotify={notify} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete group"
        message={`Are you sure you want to delete the group "${deleting?.name ?? ''}"? Its members lose the access it grants.`}
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
