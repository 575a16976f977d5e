import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../../shared/navigation/app-routes';
import { isSessionError } from '../api/errors';
import { MIN_PASSWORD_LENGTH } from '../config/ui-constants';
import { MODAL_SUCCESS_CLOSE_MS } from '../layout/EditProfileDialog';
import { useChangePassword } from './usePassword';

export const PASSWORDS_DONT_MATCH = "New passwords don't match";
export const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
export const PASSWORD_CHANGED = 'Password changed successfully';

interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * Forced after an admin reset (contract §4.10): the dialog cannot be dismissed, and `onClose` runs
   * only after the change succeeded.
   */
  forced?: boolean;
  /** Offered in the forced dialog so a user who cannot change the password now is not trapped. */
  onSignOut?: () => void;
}

/** Spec 01 §2.6 and §5: the in-app change-password form. */
export function ChangePasswordDialog({ open, onClose, forced = false, onSignOut }: ChangePasswordDialogProps) {
  const changePassword = useChangePassword();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [success, setSuccess] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    setCurrent('');
    setNext('');
    setConfirm('');
    setError(undefined);
    setSuccess(undefined);
  }, [open]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setError('Current password is required');
    if (next !== confirm) return setError(PASSWORDS_DONT_MATCH);
    if (next.length < MIN_PASSWORD_LENGTH) return setError(NEW_PASSWORD_TOO_SHORT);
    setBusy(true);
    setError(undefined);
    try {
      const answer = await changePassword({ currentPassword: current, newPassword: next, confirmPassword: confirm });
      setSuccess(answer?.message || PASSWORD_CHANGED);
      // Spec 01 §2.6 / §9: the success message closes the modal after 2 s.
      closeTimer.current = setTimeout(onClose, MODAL_SUCCESS_CLOSE_MS);
    } catch (changeError) {
      // Spec 01 §8: a 401 or 403 in the password flow means the session is no longer good.
      if (isSessionError(changeError)) {
        onClose();
        navigate(LOGIN_PATH);
        return;
      }
      setError(changeError instanceof Error && changeError.message ? changeError.message : 'An error occurred.');
    } finally {
      setBusy(false);
    }
  };

  const locked = busy || Boolean(success);
  const dismiss = forced || locked ? undefined : onClose;

  return (
    <Dialog open={open} onClose={dismiss} fullWidth maxWidth="xs" aria-labelledby="change-password-title" data-testid="change-password-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="change-password-title">{forced ? 'Change Your Password' : 'Change Password'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {forced && <DialogContentText>Your password was reset by an administrator. Choose a new password to continue.</DialogContentText>}
            {error && (
              <Alert severity="error" data-testid="change-password-error" sx={{ whiteSpace: 'pre-line' }}>
                {error}
              </Alert>
            )}
            {success && <Alert severity="success">{success}</Alert>}
            <TextField
              label={forced ? 'Current (temporary) password' : 'Current password'}
              type="password"
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
              autoComplete="current-password"
              required
              autoFocus
              fullWidth
              disabled={locked}
              slotProps={{ htmlInput: { 'data-testid': 'change-password-current' } }}
            />
            <TextField
              label="New password"
              type="password"
              value={next}
              onChange={(event) => setNext(event.target.value)}
              autoComplete="new-password"
              required
              fullWidth
              disabled={locked}
              helperText={`At least ${MIN_PASSWORD_LENGTH} characters`}
              slotProps={{ htmlInput: { 'data-testid': 'change-password-new' } }}
            />
            <TextField
              label="Confirm new password"
              type="password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              autoComplete="new-password"
              required
              fullWidth
              disabled={locked}
              slotProps={{ htmlInput: { 'data-testid': 'change-password-confirm' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          {forced ? (
            onSignOut && (
              <Button onClick={onSignOut} disabled={locked} color="inherit">
                Sign out
              </Button>
            )
          ) : (
            <Button onClick={onClose} disabled={locked} color="inherit">
              Cancel
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={locked}>
            {busy ? 'Changing...' : 'Change Password'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
