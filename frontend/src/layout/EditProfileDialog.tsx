import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../../shared/navigation/app-routes';
import { useApiFetch } from '../api/ApiProvider';
import { ApiError } from '../api/client';
import { toProductUser, type ProductUser } from '../auth/product-user';

/** Spec 01 §9: a success message closes the modal after 2 s. */
export const MODAL_SUCCESS_CLOSE_MS = 2000;

interface EditProfileDialogProps {
  open: boolean;
  user: ProductUser;
  onClose: () => void;
  onUpdated: (user: ProductUser) => void;
}

/** Spec 01 §2.5 (contract §5.2): Full Name is editable, Email is shown but cannot change. */
export function EditProfileDialog({ open, user, onClose, onUpdated }: EditProfileDialogProps) {
  const apiFetch = useApiFetch();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState(user.fullName);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [success, setSuccess] = useState<string | undefined>();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Reset on opening only: a successful update changes the user under the open dialog, and resetting
  // then would hide the success message the dialog must show until it closes.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      setFullName(user.fullName);
      setError(undefined);
      setSuccess(undefined);
    }
    wasOpen.current = open;
  }, [open, user.fullName]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = fullName.trim();
    if (!name) {
      setError('Full name is required');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await apiFetch<{ user?: unknown; message?: unknown }>('/api/profile', {
        method: 'PUT',
        body: { fullName: name },
      });
      // Spec 01 §7: the answer's user.fullName (and email) is written to the stored user; without a
      // user in the answer the stored copy still gets the new name.
      onUpdated(answer?.user ? toProductUser(answer.user) : { ...user, fullName: name, raw: { ...user.raw, fullName: name, full_name: name } });
      setSuccess(typeof answer?.message === 'string' && answer.message ? answer.message : 'Profile updated successfully');
      closeTimer.current = setTimeout(onClose, MODAL_SUCCESS_CLOSE_MS);
    } catch (updateError) {
      // Spec 01 §8: a 401 or 403 in the profile flow means the session is no longer good.
      if (updateError instanceof ApiError && (updateError.status === 401 || updateError.status === 403)) {
        onClose();
        navigate(LOGIN_PATH);
        return;
      }
      setError(updateError instanceof Error && updateError.message ? updateError.message : 'An error occurred.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="edit-profile-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="edit-profile-title">Edit Profile</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="error" data-testid="edit-profile-error">
                {error}
              </Alert>
            )}
            {success && <Alert severity="success">{success}</Alert>}
            <TextField
              label="Full Name"
              value={fullName}
              onChange={(event) => setFullName(event.target.value)}
              required
              autoFocus
              fullWidth
              disabled={busy || Boolean(success)}
              slotProps={{ htmlInput: { 'data-testid': 'edit-profile-full-name', maxLength: 255 } }}
            />
            <TextField
              label="Email"
              value={user.email}
              fullWidth
              helperText="Email cannot be changed"
              slotProps={{ input: { readOnly: true, sx: { bgcolor: 'action.hover' } }, htmlInput: { 'data-testid': 'edit-profile-email' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || Boolean(success)}>
            {busy ? 'Updating...' : 'Update Profile'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
