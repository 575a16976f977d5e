import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import type { Group } from '../../api/entities';
import { ActionsPanel } from '../../components/list-page/ActionsPanel';
import { DeleteConfirmation, DeleteErrorAlert, useDeleteConfirmation } from '../../components/list-page/DeleteConfirmation';
import { ListPanel } from '../../components/list-page/ListPanel';
import { useListPage, useListRows } from '../../components/list-page/useListPage';
import { PageHeader } from '../../components/PageHeader';
import { useNotifier } from '../../components/useNotifier';
import { GroupFormDialog } from './GroupFormDialog';
import { GroupMembersDialog } from './GroupMembersDialog';
import { ADMIN_GROUP_LOCKED, GroupsTable } from './GroupsTable';
import { useGroupActions, useGroupList, type GroupInput } from './useGroups';

/** Spec 03 Groups page (/directory/groups, admin). */
export function GroupsPage() {
  const list = useListPage();
  const answer = useGroupList(list.page, list.query);
  const actions = useGroupActions();
  const { notify, snackbar } = useNotifier();
  const groups = answer.data?.data ?? [];
  const selection = useListRows(list, Boolean(answer.data), groups);

  const [form, setForm] = useState<{ group?: Group } | undefined>();
  const [members, setMembers] = useState<Group | undefined>();
  const deletion = useDeleteConfirmation<Group>({ remove: (group) => actions.remove(group.id), onDeleted: () => notify('Group deleted successfully') });

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

  const selected = selection.selected;
  const locked = selected?.is_admin_group ? ADMIN_GROUP_LOCKED : undefined;

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
      <DeleteErrorAlert state={deletion} title="Failed to delete group" />
      <ListPanel
        list={list}
        search={{ label: 'Search groups', placeholder: 'Search by name or description', testId: 'groups-search' }}
        loadingLabel="Loading groups"
        answer={answer}
        errorTitle="Failed to fetch groups"
        count={groups.length}
        empty={list.query.trim() ? 'No groups match your search' : 'No groups found'}
        emptyTestId="groups-empty"
        pagination={answer.data?.pagination}
        actions={
          <ActionsPanel
            selection={selected?.name}
            noun="group"
            actions={[
              { label: 'Members', icon: <GroupOutlinedIcon />, hint: 'Manage members', onClick: () => selected && setMembers(selected) },
              { label: 'Edit', icon: <EditOutlinedIcon />, hint: locked, disabled: Boolean(locked), onClick: () => selected && setForm({ group: selected }) },
              { label: 'Delete', icon: <DeleteOutlineIcon />, color: 'error', hint: locked, disabled: Boolean(locked), onClick: () => selected && deletion.ask(selected) },
            ]}
          />
        }
      >
        <GroupsTable groups={groups} selection={selection} />
      </ListPanel>

      <GroupFormDialog open={Boolean(form)} group={form?.group} onClose={() => setForm(undefined)} onSubmit={save} />
      {members && <GroupMembersDialog key={members.id} group={members} onClose={() => setMembers(undefined)} onNotify={notify} />}
      <DeleteConfirmation
        state={deletion}
        title="Delete group"
        message={(group) => `Are you sure you want to delete the group "${group.name}"? Its members lose the access it grants.`}
      />
      {snackbar}
    </Box>
  );
}
