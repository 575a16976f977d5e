import { Alert, AlertTitle, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { fieldErrors } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { MIN_PASSWORD_LENGTH } from '../../config/ui-constants';
import { validateCreateOrganization, type CreateOrganizationErrors, type CreateOrganizationForm } from './organization-rules';
import { useOrganizationActions, type CreateOrganizationAnswer } from './useOrganizations';

/** Spec 03 §4: the creation's states. */
export type CreationState = 'idle' | 'creating' | 'success' | 'error';

export const CLOUD_ATTENTION = 'Organization created but cloud resources may need attention';

const EMPTY: CreateOrganizationForm = { name: '', domain: '', type: 'business', adminEmail: '', adminFullName: '', adminPassword: '', cloudProvider: 'aws' };

interface CreateOrganizationDialogProps {
  /** Mounted while open, so every opening starts idle with an empty form. */
  onClose: () => void;
  onCreated?: (answer: CreateOrganizationAnswer) => void;
}

/** Spec 03 Organizations page: the Create Organization modal (contract §6.2). */
export function CreateOrganizationDialog({ onClose, onCreated }: CreateOrganizationDialogProps) {
  const { create } = useOrganizationActions();
  const [form, setForm] = useState<CreateOrganizationForm>(EMPTY);
  const [errors, setErrors] = useState<CreateOrganizationErrors>({});
  const [state, setState] = useState<CreationState>('idle');
  const [failure, setFailure] = useState<unknown>();
  const [result, setResult] = useState<CreateOrganizationAnswer | undefined>();

  const set = <K extends keyof CreateOrganizationForm>(name: K, value: CreateOrganizationForm[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCreateOrganization(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setState('creating');
    setFailure(undefined);
    try {
      const answer = await create({
        ...form,
        name: form.name.trim(),
        domain: form.domain.trim().toLowerCase(),
        adminEmail: form.adminEmail.trim().toLowerCase(),
        adminFullName: form.adminFullName.trim(),
      });
      setResult(answer);
      setState('success');
      onCreated?.(answer);
    } catch (createError) {
      setErrors(fieldErrors(createError) as CreateOrganizationErrors);
      setFailure(createError);
      setState('error');
    }
  };

  const creating = state === 'creating';
  const cloud = result?.cloudResources ?? result?.organization.cloudResources;
  const cloudFailed = cloud?.status === 'failed';

  return (
    <Dialog open onClose={creating ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="create-organization-title" data-state={state} data-testid="create-organization-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-organization-title">Create Organization</DialogTitle>
        {creating && <LinearProgress aria-label="Creating organization" />}
        <DialogContent>
          {state === 'success' && result ? (
            <Stack spacing={2} sx={{ pt: 1 }} data-testid="create-organization-success">
              <Alert severity="success">
                <AlertTitle>Organization created</AlertTitle>
                {result.organization.name} ({result.organization.domain}) is ready. Its admin {result.adminUser?.email} can sign in now.
              </Alert>
              {cloudFailed && (
                <Alert severity="warning" data-testid="cloud-attention">
                  <AlertTitle>{CLOUD_ATTENTION}</AlertTitle>
                  {cloud?.error || 'Open Manage to re-check or re-provision them.'}
                </Alert>
              )}
              {cloud && !cloudFailed && (
                <Box>
                  <Typography variant="subtitle2">Cloud resources ({cloud.provider ?? 'aws'})</Typography>
                  <Typography variant="body2" color="text.secondary">
                    Data bucket: {cloud.bucketName ?? '—'}
                    <br />
                    Audit bucket: {cloud.auditBucketName ?? '—'}
                  </Typography>
                </Box>
              )}
            </Stack>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {state === 'error' && <ErrorAlert title="Organization creation failed" error={failure} onClose={() => setState('idle')} />}
              {creating && (
                <Typography variant="body2" color="text.secondary" role="status">
                  Creating the organization and provisioning its cloud resources...
                </Typography>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField label="Name" value={form.name} onChange={(e) => set('name', e.target.value)} required fullWidth autoFocus disabled={creating} error={Boolean(errors.name)} helperText={errors.name} slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'create-org-name' } }} />
                <TextField
                  label="Domain"
                  value={form.domain}
                  onChange={(e) => set('domain', e.target.value)}
                  required
                  fullWidth
                  disabled={creating}
                  error={Boolean(errors.domain)}
                  helperText={errors.domain ?? 'e.g. acme.com'}
                  slotProps={{ htmlInput: { 'data-testid': 'create-org-domain' } }}
                />
              </Stack>
              <TextField
                select
                label="Type"
                value={form.type}
                onChange={(e) => set('type', e.target.value as CreateOrganizationForm['type'])}
                disabled={creating}
                helperText="Consumer organizations accept users from any email domain"
                slotProps={{ select: { native: true } }}
              >
                <option value="business">Business</option>
                <option value="consumer">Consumer</option>
              </TextField>
              <Typography variant="subtitle2" sx={{ pt: 1 }}>
                First administrator
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Admin full name"
                  value={form.adminFullName}
                  onChange={(e) => set('adminFullName', e.target.value)}
                  required
                  fullWidth
                  disabled={creating}
                  error={Boolean(errors.adminFullName)}
                  helperText={errors.adminFullName}
                  slotProps={{ htmlInput: { 'data-testid': 'create-org-admin-name' } }}
                />
                <TextField
                  label="Admin email"
                  type="email"
                  value={form.adminEmail}
                  onChange={(e) => set('adminEmail', e.target.value)}
                  required
                  fullWidth
                  disabled={creating}
                  error={Boolean(errors.adminEmail)}
                  helperText={errors.adminEmail}
                  slotProps={{ htmlInput: { 'data-testid': 'create-org-admin-email' } }}
                />
              </Stack>
              <TextField
                label="Admin password"
                type="password"
                autoComplete="new-password"
                value={form.adminPassword}
                onChange={(e) => set('adminPassword', e.target.value)}
                required
                disabled={creating}
                error={Boolean(errors.adminPassword)}
                helperText={errors.adminPassword ?? `At least ${MIN_PASSWORD_LENGTH} characters`}
                slotProps={{ htmlInput: { 'data-testid': 'create-org-admin-password' } }}
              />
              <TextField
                select
                label="Cloud provider"
                value={form.cloudProvider}
                onChange={(e) => set('cloudProvider', e.target.value as CreateOrganizationForm['cloudProvider'])}
                disabled={creating}
                helperText="Where the organization's data buckets are created"
                slotProps={{ select: { native: true } }}
              >
                <option value="aws">Amazon Web Services (AWS)</option>
              </TextField>
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          {state === 'success' ? (
            <Button onClick={onClose} variant="contained">
              Done
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={creating} color="inherit">
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={creating}>
                {creating ? 'Creating...' : 'Create Organization'}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
