import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { ErrorAlert } from '../../components/ErrorAlert';
import { MIN_PASSWORD_LENGTH } from '../../config/ui-constants';
import { useAdminPasswordReset } from './useUsers';

export const TEMPORARY_PASSWORD_TOO_SHORT = `Temporary password must be at least ${MIN_PASSWORD_LENGTH} characters long`;

interface ResetPasswordDialogProps {
  /** Mounted per target user, so the generated password never outlives the dialog that showed it. */
  user: { id: string; email: string; full_name?: string };
  onClose: () => void;
}

/**
 * Spec 03 §5 / contract §4.13: an admin sets a temporary password (or lets the server generate one,
 * which is shown exactly once). The user must change it at the next sign-in.
 */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const reset = useAdminPasswordReset();
  const [temporary, setTemporary] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ message: string; generated: string | undefined } | undefined>();
  const name = user.full_name || user.email;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (temporary && temporary.length < MIN_PASSWORD_LENGTH) {
      setFieldError(TEMPORARY_PASSWORD_TOO_SHORT);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await reset(user.id, temporary || undefined);
      setDone({
        message: answer?.message || 'Password reset successfully',
        generated: typeof answer?.token === 'string' && answer.token ? answer.token : undefined,
      });
      setTemporary('');
    } catch (resetError) {
      setError(resetError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="reset-password-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reset-password-title">Reset password for {name}</DialogTitle>
        <DialogContent>
          {done ? (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Alert severity="success">{done.message}</Alert>
              {done.generated ? (
                <Box>
                  <Typography variant="subtitle2" gutterBottom>
                    Temporary password
                  </Typography>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <TextField
                      value={done.generated}
                      size="small"
                      fullWidth
                      slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } }, htmlInput: { 'aria-label': 'Temporary password', 'data-testid': 'temporary-password' } }}
                      onFocus={(event) => event.target.select()}
                    />
                    <CopyButton value={done.generated} />
                  </Stack>
                  <Typography variant="body2" color="warning.main" sx={{ mt: 1.5 }}>
                    This password is shown only once. Give it to {name} securely: they must choose a new password at their next sign-in.
                  </Typography>
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {name} must choose a new password at their next sign-in.
                </Typography>
              )}
            </Stack>
          ) : (
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <DialogContentText>
                Set a temporary password for {user.email}, or leave the field empty to generate one. Their other sessions are signed out and they must change the
                password at the next sign-in.
              </DialogContentText>
              {error !== undefined && <ErrorAlert title="Failed to reset password" error={error} onClose={() => setError(undefined)} />}
              <TextField
                label="Temporary password (optional)"
                type="password"
                value={temporary}
                onChange={(event) => {
                  setTemporary(event.target.value);
                  setFieldError(undefined);
                }}
                autoComplete="new-password"
                fullWidth
                disabled={busy}
                error={Boolean(fieldError)}
                helperText={fieldError ?? `At least ${MIN_PASSWORD_LENGTH} characters; empty generates a secure one`}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          {done ? (
            <Button onClick={onClose} variant="contained">
              Done
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={busy} color="inherit">
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={busy}>
                {busy ? 'Resetting...' : 'Reset Password'}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
