import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  FormControlLabel,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SearchField } from '../../components/SearchField';
import { availableGroups, groupIdsToSave, selectedRows, type SelectionRow } from './group-selection';
import type { GroupRef, RagApplication } from './types';
import { useApplicationGroups, useKnowledgeBaseGrants } from './useRagApplications';

/** Spec 03 §9: group lists scroll past this height. */
const GROUP_LIST_HEIGHT = 200;

interface GroupAccessDialogProps {
  /** Mounted per application (keyed by its id), so the choice starts from the server's state. */
  application: Pick<RagApplication, 'id' | 'name' | 'knowledge_bases'>;
  onClose: () => void;
  onSaved: (message: string) => void;
}

function GroupRow({ row, onToggle }: { row: SelectionRow | { group: GroupRef; checked: false; fixed: false; badge?: undefined }; onToggle: (group: GroupRef) => void }) {
  const { group, checked, fixed, badge } = row;
  return (
    <ListItem dense divider data-testid="group-option" sx={{ opacity: badge === 'Removed' ? 0.7 : 1 }}>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Checkbox
          edge="start"
          checked={checked}
          disabled={fixed}
          onChange={() => onToggle(group)}
          slotProps={{ input: { 'aria-label': group.name } }}
        />
      </ListItemIcon>
      <ListItemText primary={group.name} slotProps={{ primary: { noWrap: true } }} />
      <Stack direction="row" spacing={0.5}>
        {fixed && <Chip size="small" icon={<LockOutlinedIcon />} label="Always included" variant="outlined" />}
        {badge === 'New' && <Chip size="small" label="New" color="success" data-testid="badge-new" />}
        {badge === 'Removed' && <Chip size="small" label="Removed" color="error" variant="outlined" data-testid="badge-removed" />}
      </Stack>
    </ListItem>
  );
}

/** Spec 03 "Assign Groups to {application name}": which groups may use the application (contract §16.8–§16.9). */
export function GroupAccessDialog({ application, onClose, onSaved }: GroupAccessDialogProps) {
  const titleId = useId();
  const { all, assigned, save } = useApplicationGroups(application.id);
  const [search, setSearch] = useState('');
  // undefined until the user first changes something: until then the server's assignment is the choice.
  const [chosenEdit, setChosenEdit] = useState<Set<string> | undefined>();
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<unknown>();
  const [grantError, setGrantError] = useState<unknown>();
  const [alsoGrant, setAlsoGrant] = useState(false);
  const knowledgeBases = application.knowledge_bases ?? [];
  const knowledgeBaseIds = useMemo(() => knowledgeBases.map((kb) => kb.id), [knowledgeBases]);
  const { grants, grant } = useKnowledgeBaseGrants(knowledgeBaseIds);

  const groups = useMemo(() => all.data?.data ?? [], [all.data]);
  const initial = useMemo(() => new Set((assigned.data?.groups ?? []).map((group) => group.id)), [assigned.data]);
  const chosen = chosenEdit ?? initial;
  // Groups the application has but the list did not return (e.g. past the `all` cap) still show.
  const known = useMemo(() => {
    const ids = new Set(groups.map((group) => group.id));
    return [...groups, ...(assigned.data?.groups ?? []).filter((group) => !ids.has(group.id))];
  }, [groups, assigned.data]);
  const selected = selectedRows(known, initial, chosen);
  const available = availableGroups(known, initial, chosen, search);
  const loading = (!all.data && !all.error) || (!assigned.data && !assigned.error);
  // Admin groups are left out: admins reach every knowledge base by their role.
  const chosenGroups = known.filter((group) => !group.is_admin_group && chosen.has(group.id));
  const lacking = grants.data
    ? knowledgeBases
        .map((kb) => ({ kb, missing: chosenGroups.filter((group) => !(grants.data?.[kb.id] ?? []).includes(group.id)) }))
        .filter((entry) => entry.missing.length > 0)
    : [];

  const toggle = (group: GroupRef) => {
    if (group.is_admin_group) return;
    const next = new Set(chosen);
    if (next.has(group.id)) next.delete(group.id);
    else next.add(group.id);
    setChosenEdit(next);
  };

  const submit = async () => {
    setBusy(true);
    setSaveError(undefined);
    setGrantError(undefined);
    try {
      await save(groupIdsToSave(known, chosen));
    } catch (error) {
      setSaveError(error);
      setBusy(false);
      return;
    }
    if (alsoGrant && lacking.length > 0) {
      const failures = await Promise.allSettled(lacking.map(({ kb, missing }) => grant(kb.id, missing.map((group) => group.id))));
      const failed = failures.flatMap((result, index) => (result.status === 'rejected' ? [{ name: lacking[index]?.kb.name ?? '', reason: result.reason as unknown }] : []));
      if (failed.length > 0) {
        // The application's groups are saved; only the knowledge bases named here were not granted.
        void grants.mutate();
        setGrantError(new Error(`Application groups were saved. Not granted: ${failed.map((f) => f.name).join(', ')}.\n${failed.map((f) => (f.reason instanceof Error ? f.reason.message : String(f.reason))).join('\n')}`));
        setBusy(false);
        return;
      }
      // Reopened, the dialog would otherwise warn from the cached grants about what was just granted.
      await grants.mutate();
    }
    setBusy(false);
    onSaved('Groups updated successfully');
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Assign Groups to {application.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {saveError !== undefined && <ErrorAlert title="Failed to update group assignments" error={saveError} onClose={() => setSaveError(undefined)} />}
          {grantError !== undefined && <ErrorAlert title="Failed to update group access" error={grantError} onClose={() => setGrantError(undefined)} />}
          {/* Spec 03 §8: a failed group list shows the message over an empty list. */}
          {all.error !== undefined && <Alert severity="error">Failed to load groups</Alert>}
          {assigned.error !== undefined && <Alert severity="error">Failed to load group assignments</Alert>}
          {loading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress size={28} aria-label="Loading groups" />
            </Box>
          ) : (
            <>
              <Paper variant="outlined" component="section" aria-label="Selected groups">
                <Typography variant="subtitle2" component="h3" sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
                  Selected groups
                </Typography>
                <List dense disablePadding sx={{ maxHeight: GROUP_LIST_HEIGHT, overflowY: 'auto' }} data-testid="selected-groups">
                  {selected.map((row) => (
                    <GroupRow key={row.group.id} row={row} onToggle={toggle} />
                  ))}
                </List>
              </Paper>
              <SearchField value={search} onChange={setSearch} label="Search groups" placeholder="Search available groups" testId="group-search" />
              <Paper variant="outlined" component="section" aria-label="Available groups">
                <Typography variant="subtitle2" component="h3" sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
                  Available groups
                </Typography>
                <List dense disablePadding sx={{ maxHeight: GROUP_LIST_HEIGHT, overflowY: 'auto' }} data-testid="available-groups">
                  {available.length === 0 ? (
                    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
                      {search.trim() ? 'No groups match the search' : 'No other groups'}
                    </Typography>
                  ) : (
                    available.map((group) => <GroupRow key={group.id} row={{ group, checked: false, fixed: false }} onToggle={toggle} />)
                  )}
                </List>
              </Paper>
              {lacking.length > 0 && (
                <Alert severity="warning" data-testid="knowledge-base-gaps">
                  <Typography variant="body2" sx={{ mb: 0.5 }}>
                    Access to the application does not include its knowledge bases. The chosen groups would still lack:
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {lacking.map(({ kb, missing }) => (
                      <li key={kb.id} data-testid="knowledge-base-gap">
                        <strong>{kb.name}</strong>: {missing.map((group) => group.name).join(', ')}
                      </li>
                    ))}
                  </Box>
                  <FormControlLabel
                    control={<Checkbox size="small" checked={alsoGrant} onChange={(event) => setAlsoGrant(event.target.checked)} disabled={busy} />}
                    label="Also grant these knowledge bases"
                  />
                </Alert>
              )}
              {grants.error !== undefined && knowledgeBases.length > 0 && (
                <Alert severity="info">The knowledge bases' groups could not be read, so the access they would still lack is not shown.</Alert>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || loading || all.error !== undefined || assigned.error !== undefined}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
