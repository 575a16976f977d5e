import { Alert, Box, Button, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import type { AuthSettings } from '../../../api/entities';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useRuntimeConfig } from '../../../config/RuntimeConfigContext';
import { SettingsSection } from './SettingsSection';
import { useAuthSettings } from './useOrganizationSettings';

export const NO_LOGIN_METHOD = 'At least one login method must be enabled';
export const EXPIRY_RANGE = 'Invitation expiry must be between 1 and 30 days';

interface FormValues extends Omit<AuthSettings, 'invitationExpiryDays'> {
  invitationExpiryDays: string;
}

const toForm = (settings: AuthSettings): FormValues => ({ ...settings, invitationExpiryDays: String(settings.invitationExpiryDays) });
const fromForm = (values: FormValues): AuthSettings => ({ ...values, invitationExpiryDays: Number(values.invitationExpiryDays) });

/** The organization's sign-in rules (contract §2 AuthSettings, §6.12–§6.13). */
export function AuthSettingsForm({ organizationId }: { organizationId: string }) {
  const { settings, save } = useAuthSettings(organizationId);
  // Without Google at the identity provider the switch (on by default) would promise a sign-in button
  // the sign-in page never shows, and could pass for the organization's only login method (issue 21).
  const googleConfigured = useRuntimeConfig().googleSignIn === true;
  const [values, setValues] = useState<FormValues | undefined>();
  const [errors, setErrors] = useState<{ methods?: string; expiry?: string }>({});
  const [failure, setFailure] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (settings.data) setValues(toForm(settings.data));
  }, [settings.data]);

  if (settings.error) return <SettingsSection title="Authentication">{<ErrorAlert title="Failed to load organization data" error={settings.error} />}</SettingsSection>;
  if (!values) return <SettingsSection title="Authentication">Loading...</SettingsSection>;

  const set = <K extends keyof FormValues>(name: K, value: FormValues[K]) => {
    setValues({ ...values, [name]: value });
    setSaved(false);
    setErrors({});
  };
  const dirty = settings.data ? JSON.stringify(fromForm(values)) !== JSON.stringify(settings.data) : false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiry = Number(values.invitationExpiryDays);
    const found = {
      methods: values.passwordLoginEnabled || (googleConfigured && values.googleLoginEnabled) ? undefined : NO_LOGIN_METHOD,
      expiry: Number.isInteger(expiry) && expiry >= 1 && expiry <= 30 ? undefined : EXPIRY_RANGE,
    };
    setErrors(found);
    if (found.methods || found.expiry) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await save(fromForm(values));
      setSaved(true);
    } catch (saveError) {
      setFailure(saveError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection title="Authentication" description="How people sign in and join this organization." testId="auth-settings">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={1.5}>
          {failure !== undefined && <ErrorAlert title="Failed to save authentication settings" error={failure} onClose={() => setFailure(undefined)} />}
          {saved && <Alert severity="success">Authentication settings saved</Alert>}
          <FormControlLabel
            control={<Switch checked={values.passwordLoginEnabled} onChange={(event) => set('passwordLoginEnabled', event.target.checked)} disabled={busy} />}
            label="Password sign-in"
          />
          {googleConfigured && (
            <FormControlLabel
              control={<Switch checked={values.googleLoginEnabled} onChange={(event) => set('googleLoginEnabled', event.target.checked)} disabled={busy} />}
              label="Google sign-in"
            />
          )}
          {errors.methods && <Alert severity="error">{errors.methods}</Alert>}
          <FormControlLabel
            control={<Switch checked={values.allowSelfSignup} onChange={(event) => set('allowSelfSignup', event.target.checked)} disabled={busy} />}
            label="Allow self sign-up"
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label="Default role"
              value={values.defaultRole}
              onChange={(event) => set('defaultRole', event.target.value as AuthSettings['defaultRole'])}
              disabled={busy}
              helperText="Given to people who sign up"
              sx={{ minWidth: 200 }}
              slotProps={{ select: { native: true } }}
            >
              <option value="user">User</option>
              <option value="rag_user">RAG User (chat only)</option>
            </TextField>
            <TextField
              label="Invitation expiry (days)"
              type="number"
              value={values.invitationExpiryDays}
              onChange={(event) => set('invitationExpiryDays', event.target.value)}
              disabled={busy}
              error={Boolean(errors.expiry)}
              helperText={errors.expiry ?? 'Between 1 and 30'}
              sx={{ minWidth: 220 }}
              slotProps={{ htmlInput: { min: 1, max: 30 } }}
            />
          </Stack>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button type="button" color="inherit" disabled={busy || !dirty} onClick={() => settings.data && setValues(toForm(settings.data))}>
              Discard
            </Button>
            <Button type="submit" variant="contained" disabled={busy || !dirty}>
              {busy ? 'Saving...' : 'Save authentication settings'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
