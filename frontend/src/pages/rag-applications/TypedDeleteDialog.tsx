import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';

/** Spec 03 §5: the word to type, compared case-insensitively. */
export const DELETE_WORD = 'delete';

export function isDeleteConfirmed(value: string): boolean {
  return value.trim().toLowerCase() === DELETE_WORD;
}

interface TypedDeleteDialogProps {
  open: boolean;
  /** "Delete {resource type}" (spec 03 modals), e.g. "RAG Application". */
  resourceType: string;
  message: ReactNode;
  busy?: boolean;
  /** A failure to show above the field, e.g. an ErrorAlert. */
  error?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A delete that must be confirmed by typing "delete" (spec 03 §5); the Delete button waits for it. */
export function TypedDeleteDialog({ open, resourceType, message, busy, error, onConfirm, onCancel }: TypedDeleteDialogProps) {
  const titleId = useId();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);
  const confirmed = isDeleteConfirmed(typed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !busy) onConfirm();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Delete {resourceType}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {error}
            <DialogContentText component="div">{message}</DialogContentText>
            <TextField
              label={`Type ${DELETE_WORD} to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoFocus
              fullWidth
              size="small"
              disabled={busy}
              autoComplete="off"
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onCancel} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={!confirmed || busy}>
            {busy ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
