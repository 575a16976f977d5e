import { Alert, Box, Button, Checkbox, Divider, FormControlLabel, FormGroup, FormLabel, Stack, Switch, TextField } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fromSecurityForm, groupSecurityErrors, toSecurityForm, type SecurityField, type SecurityFormValues } from './security-fields';
import { SettingsSection } from './SettingsSection';
import { useSecuritySettings } from './useOrganizationSettings';

type Notice = { severity: 'success' | 'info'; text: string } | undefined;

const NUMBER_FIELDS: Array<{ name: 'minLength' | 'maxLoginAttempts' | 'lockoutMinutes' | 'sessionMaxAgeHours'; label: string; hint: string; testId: string }> = [
  { name: 'minLength', label: 'Minimum password length', hint: '8 to 128 characters', testId: 'security-min-length' },
  { name: 'maxLoginAttempts', label: 'Max login attempts', hint: '3 to 20 failed attempts before lockout', testId: 'security-max-attempts' },
  { name: 'lockoutMinutes', label: 'Lockout minutes', hint: '1 to 1440 minutes', testId: 'security-lockout' },
  { name: 'sessionMaxAgeHours', label: 'Session max age (hours)', hint: '1 to 720 hours', testId: 'security-session-age' },
];

const RULES: Array<{ name: 'requireUppercase' | 'requireLowercase' | 'requireNumber' | 'requireSymbol'; label: string }> = [
  { name: 'requireUppercase', label: 'An uppercase letter' },
  { name: 'requireLowercase', label: 'A lowercase letter' },
  { name: 'requireNumber', label: 'A number' },
  { name: 'requireSymbol', label: 'A symbol' },
];

/**
 * The organization's security rules (contract §2 SecuritySettings, §6.14–§6.17): validate without
 * saving shows each problem under its field, and "Reset to defaults" loads the defaults into the form.
 */
export function SecuritySettingsForm({ organizationId }: { organizationId: string }) {
  const { settings, save, validate, defaults } = useSecuritySettings(organizationId);
  const [values, setValues] = useState<SecurityFormValues | undefined>();
  const [errors, setErrors] = useState<Partial<Record<SecurityField, string[]>>>({});
  const [failure, setFailure] = useState<{ title: string; error?: unknown } | undefined>();
  const [notice, setNotice] = useState<Notice>();
  const [busy, setBusy] = useState<'save' | 'validate' | 'defaults' | undefined>();

  useEffect(() => {
    if (settings.data) setValues(toSecurityForm(settings.data));
  }, [settings.data]);

  if (settings.error) return <SettingsSection title="Security">{<ErrorAlert title="Failed to load organization data" error={settings.error} />}</SettingsSection>;
  if (!values) return <SettingsSection title="Security">Loading...</SettingsSection>;

  const set = <K extends keyof SecurityFormValues>(name: K, value: SecurityFormValues[K]) => {
    setValues({ ...values, [name]: value });
    setNotice(undefined);
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name as SecurityField];
      return next;
    });
  };
  // Compared through the same conversion, so field order or extra server fields never read as a change.
  const dirty = settings.data ? JSON.stringify(fromSecurityForm(values)) !== JSON.stringify(fromSecurityForm(toSecurityForm(settings.data))) : false;

  const run = async (kind: 'save' | 'validate' | 'defaults', action: () => Promise<void>, failureTitle: string) => {
    setBusy(kind);
    setFailure(undefined);
    setNotice(undefined);
    try {
      await action();
    } catch (error) {
      const details = error instanceof ApiError && Array.isArray(error.details) ? (error.details as Array<{ field?: string; message: string }>) : [];
      if (details.length > 0) setErrors(groupSecurityErrors(details));
      setFailure({ title: failureTitle, error });
    } finally {
      setBusy(undefined);
    }
  };

  const onValidate = () =>
    run(
      'validate',
      async () => {
        const answer = await validate(fromSecurityForm(values));
        const found = groupSecurityErrors(answer?.errors ?? []);
        setErrors(found);
        if (answer?.valid) setNotice({ severity: 'success', text: 'The settings are valid' });
      },
      'Failed to validate security settings',
    );

  const onDefaults = () =>
    run(
      'defaults',
      async () => {
        setValues(toSecurityForm(await defaults()));
        setErrors({});
        setNotice({ severity: 'info', text: 'Default values loaded. Save to apply them.' });
      },
      'Failed to load the default security settings',
    );

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    void run(
      'save',
      async () => {
        setErrors({});
        await save(fromSecurityForm(values));
        setNotice({ severity: 'success', text: 'Security settings saved' });
      },
      'Failed to save security settings',
    );
  };

  const fieldError = (name: SecurityField) => errors[name]?.join('\n');
  const disabled = busy !== undefined;

  return (
    <SettingsSection title="Security" description="Password policy, lockout, session length and network access." testId="security-settings">
      <Box component="form" onSubmit={onSave} noValidate>
        <Stack spacing={2}>
          {failure && <ErrorAlert title={failure.title} error={failure.error} onClose={() => setFailure(undefined)} />}
          {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
          {errors.form && <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>{fieldError('form')}</Alert>}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            {NUMBER_FIELDS.map((field) => (
              <TextField
                key={field.name}
                label={field.label}
                type="number"
                value={values[field.name]}
                onChange={(event) => set(field.name, event.target.value)}
                disabled={disabled}
                error={Boolean(errors[field.name])}
                helperText={fieldError(field.name) ?? field.hint}
                slotProps={{ htmlInput: { 'data-testid': field.testId }, formHelperText: { sx: { whiteSpace: 'pre-line' } } }}
              />
            ))}
          </Box>
          <Box>
            <FormLabel component="legend">Passwords must contain</FormLabel>
            <FormGroup row>
              {RULES.map((rule) => (
                <FormControlLabel
                  key={rule.name}
                  control={<Checkbox checked={values[rule.name]} onChange={(event) => set(rule.name, event.target.checked)} disabled={disabled} />}
                  label={rule.label}
                />
              ))}
            </FormGroup>
          </Box>
          <TextField
            label="IP allowlist"
            value={values.ipAllowlist}
            onChange={(event) => set('ipAllowlist', event.target.value)}
            multiline
            minRows={2}
            disabled={disabled}
            error={Boolean(errors.ipAllowlist)}
            helperText={fieldError('ipAllowlist') ?? 'One CIDR range per line (at most 50); empty allows any address'}
            slotProps={{ htmlInput: { 'data-testid': 'security-ip-allowlist' }, formHelperText: { sx: { whiteSpace: 'pre-line' } } }}
          />
          <FormControlLabel
            control={<Switch checked={values.apiTokensEnabled} onChange={(event) => set('apiTokensEnabled', event.target.checked)} disabled={disabled} />}
            label="Allow application API tokens"
          />
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
            <Button type="button" color="inherit" onClick={() => void onDefaults()} disabled={disabled}>
              {busy === 'defaults' ? 'Loading...' : 'Reset to defaults'}
            </Button>
            <Button type="button" variant="outlined" onClick={() => void onValidate()} disabled={disabled}>
              {busy === 'validate' ? 'Validating...' : 'Validate'}
            </Button>
            <Button type="submit" variant="contained" disabled={disabled || !dirty}>
              {busy === 'save' ? 'Saving...' : 'Save security settings'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
