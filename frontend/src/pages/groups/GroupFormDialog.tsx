import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import type { Group } from '../../api/entities';
import { ErrorAlert } from '../../components/ErrorAlert';
import type { GroupInput } from './useGroups';

const NAME_MAX = 255;
const DESCRIPTION_MAX = 1000;

interface GroupFormDialogProps {
  open: boolean;
  /** The group being edited; absent when creating. */
  group?: Group;
  onClose: () => void;
  onSubmit: (input: GroupInput) => Promise<void>;
}

/** Spec 03 §5 group form: name required (submit disabled while empty), description optional. */
export function GroupFormDialog({ open, group, onClose, onSubmit }: GroupFormDialogProps) {
  const editing = Boolean(group);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    if (!open) return;
    setName(group?.name ?? '');
    setDescription(group?.description ?? '');
    setError(undefined);
  }, [open, group]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit({ name: name.trim(), description: description.trim() });
    } catch (submitError) {
      setError(submitError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="group-form-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="group-form-title">{editing ? 'Edit Group' : 'New Group'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error !== undefined && <ErrorAlert title={editing ? 'Failed to update group' : 'Failed to create group'} error={error} onClose={() => setError(undefined)} />}
            <TextField
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              fullWidth
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'group-name' } }}
            />
            <TextField
              label="Description"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              fullWidth
              multiline
              minRows={3}
              disabled={busy}
              helperText={`${description.length}/${DESCRIPTION_MAX}`}
              slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX, 'data-testid': 'group-description' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !name.trim()}>
            {busy ? 'Saving...' : editing ? 'Save Changes' : 'Create Group'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
