import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { DESCRIPTION_MAX, FOLDER_NAME_MAX, descriptionError, folderNameError, renameError } from '../../features/files/file-rules';

export type NameDialogMode =
  | { kind: 'create-folder' }
  | { kind: 'rename-folder'; id: string; name: string }
  | { kind: 'rename-file'; id: string; name: string };

const TITLES: Record<NameDialogMode['kind'], string> = {
  'create-folder': 'Create Folder',
  'rename-folder': 'Rename Folder',
  'rename-file': 'Rename Data Source',
};

const FAILURES: Record<NameDialogMode['kind'], string> = {
  'create-folder': 'Failed to create folder',
  'rename-folder': 'Failed to rename folder',
  'rename-file': 'Failed to rename data source',
};

interface NameDialogProps {
  mode: NameDialogMode | undefined;
  onClose: () => void;
  onSubmit: (mode: NameDialogMode, name: string, description: string) => Promise<void>;
}

/** Spec 02 dialogs Create Folder (name, description), Rename Folder and Rename Data Source. */
export function NameDialog({ mode, onClose, onSubmit }: NameDialogProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    if (!mode) return;
    setName(mode.kind === 'create-folder' ? '' : mode.name);
    setDescription('');
    setTouched(false);
    setError(undefined);
  }, [mode]);

  const creating = mode?.kind === 'create-folder';
  const nameProblem = mode ? (creating ? folderNameError(name) : renameError(name, mode.kind === 'rename-file' ? 'file' : 'folder')) : undefined;
  const descriptionProblem = creating ? descriptionError(description) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!mode || nameProblem || descriptionProblem) return;
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(mode, name.trim(), description.trim());
    } catch (submitError) {
      setError(submitError);
    } finally {
      setBusy(false);
    }
  };

  const title = mode ? TITLES[mode.kind] : '';
  return (
    <Dialog open={Boolean(mode)} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="name-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="name-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error !== undefined && mode && <ErrorAlert title={FAILURES[mode.kind]} error={error} onClose={() => setError(undefined)} />}
            <TextField
              label={creating ? 'Folder name' : 'Name'}
              value={name}
              onChange={(event) => setName(event.target.value)}
              onBlur={() => setTouched(true)}
              required
              autoFocus
              fullWidth
              disabled={busy}
              error={touched && Boolean(nameProblem)}
              helperText={touched ? nameProblem : undefined}
              slotProps={{ htmlInput: { maxLength: FOLDER_NAME_MAX, 'data-testid': 'name-input' } }}
            />
            {creating && (
              <TextField
                label="Description"
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                fullWidth
                multiline
                minRows={3}
                disabled={busy}
                error={Boolean(descriptionProblem)}
                helperText={descriptionProblem ?? `${description.length}/${DESCRIPTION_MAX}`}
                slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX, 'data-testid': 'description-input' } }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : creating ? 'Create Folder' : 'Rename'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
