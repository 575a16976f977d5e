import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LOGIN_PATH } from '../../../../shared/navigation/app-routes';
import { DEFAULT_PASSWORD_POLICY } from '../../api/entities';
import { passwordPolicyError } from '../../account/password-rules';
import { PasswordPolicyHint } from '../../account/PasswordPolicyHint';
import { useOrgSettingsForEmail } from '../../account/useOrgSettings';
import { PublicFrame } from '../PublicFrame';
import { useAcceptInvitation } from './useAcceptInvitation';

export const PASSWORDS_DIFFER = 'Passwords do not match';

/**
 * /accept-invitation?token=… (contract §7.7). The invitation link may also carry `email`, `name` and
 * `organization`; when it does they are shown, and the email finds the organization's password policy.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const org = useOrgSettingsForEmail(email);
  const organizationName = params.get('organization') ?? (org.data?.organizationFound ? org.data.organizationName : undefined);
  const passwordRequired = org.data?.loginMethods?.password ?? true;
  const policy = org.data?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  const accept = useAcceptInvitation();

  const [fullName, setFullName] = useState(params.get('name') ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [accepted, setAccepted] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      password: passwordRequired ? (password ? passwordPolicyError(password, policy) : 'Password is required') : undefined,
      confirm: passwordRequired && password && confirm !== password ? PASSWORDS_DIFFER : undefined,
    };
    setErrors(found);
    setFailure(undefined);
    if (found.password || found.confirm) return;
    setBusy(true);
    try {
      const answer = await accept({ token, password: passwordRequired ? password : undefined, fullName: fullName.trim() || undefined });
      setAccepted(answer?.message || 'Invitation accepted');
    } catch (acceptError) {
      setFailure(acceptError instanceof Error && acceptError.message ? acceptError.message : 'An unexpected error occurred');
    } finally {
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <PublicFrame>
        <Typography variant="h5" component="h1" data-testid="page-title" gutterBottom>
          Accept Invitation
        </Typography>
        <Alert severity="error" sx={{ textAlign: 'left' }}>
          Invitation token is required
        </Alert>
      </PublicFrame>
    );
  }

  if (accepted) {
    return (
      <PublicFrame>
        <CheckCircleIcon color="success" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h5" component="h1" data-testid="page-title" gutterBottom>
          {accepted}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Your account is ready. Sign in to continue.
        </Typography>
        <Button variant="contained" fullWidth onClick={() => navigate(LOGIN_PATH, { replace: true })}>
          Sign in
        </Button>
      </PublicFrame>
    );
  }

  return (
    <PublicFrame>
      <Typography variant="h5" component="h1" data-testid="page-title" gutterBottom>
        Accept Invitation
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }} data-testid="invitation-summary">
        {organizationName ? `You have been invited to join ${organizationName}` : 'You have been invited to join Groundwork'}
        {email ? ` as ${email}` : ''}. Choose a password to finish setting up your account.
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ textAlign: 'left' }}>
        <Stack spacing={2}>
          {failure && (
            <Alert severity="error" data-testid="accept-error" sx={{ whiteSpace: 'pre-line' }}>
              {failure}
            </Alert>
          )}
          {email && <TextField label="Email address" value={email} fullWidth slotProps={{ input: { readOnly: true } }} />}
          <TextField
            label="Full Name"
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
            autoComplete="name"
            fullWidth
            disabled={busy}
            helperText="Optional: replaces the name your administrator entered"
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          {passwordRequired ? (
            <>
              <TextField
                label="Password"
                type="password"
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setErrors({});
                }}
                autoComplete="new-password"
                required
                fullWidth
                disabled={busy}
                error={Boolean(errors.password)}
                helperText={errors.password ?? `Must be at least ${policy.minLength} characters long`}
                slotProps={{ htmlInput: { 'data-testid': 'accept-password' } }}
              />
              <PasswordPolicyHint settings={org.data} />
              <TextField
                label="Confirm Password"
                type="password"
                value={confirm}
                onChange={(event) => {
                  setConfirm(event.target.value);
                  setErrors((current) => ({ ...current, confirm: undefined }));
                }}
                autoComplete="new-password"
                required
                fullWidth
                disabled={busy}
                error={Boolean(errors.confirm)}
                helperText={errors.confirm}
                slotProps={{ htmlInput: { 'data-testid': 'accept-confirm' } }}
              />
            </>
          ) : (
            <Alert severity="info">Your organization signs in with Google; no password is needed.</Alert>
          )}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {busy ? 'Accepting...' : 'Accept Invitation'}
          </Button>
        </Stack>
      </Box>
    </PublicFrame>
  );
}
