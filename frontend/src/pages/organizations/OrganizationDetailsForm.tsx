import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import type { Organization, OrganizationStatus, OrganizationType } from '../../api/entities';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SettingsSection } from './settings/SettingsSection';
import { useOrganizationActions } from './useOrganizations';

interface Values {
  name: string;
  domain: string;
  status: OrganizationStatus;
  type: OrganizationType;
}

const valuesOf = (organization: Organization): Values => ({ name: organization.name, domain: organization.domain, status: organization.status, type: organization.type });

/**
 * Contract §6.4: a system admin edits name, domain, status and type; an admin of the organization may
 * rename it only (`nameOnly`), so the other fields are not offered, and only the name is sent.
 */
export function OrganizationDetailsForm({ organization, nameOnly = false }: { organization: Organization; nameOnly?: boolean }) {
  const { update } = useOrganizationActions();
  const [values, setValues] = useState<Values>(valuesOf(organization));
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => setValues(valuesOf(organization)), [organization]);

  const original = valuesOf(organization);
  const changed = (Object.keys(values) as Array<keyof Values>).filter((key) => values[key].trim() !== original[key]);
  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setSaved(false);
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setError('Name is required');
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const body = nameOnly
        ? { name: values.name.trim() }
        : Object.fromEntries(changed.map((key) => [key, key === 'domain' ? values.domain.trim().toLowerCase() : values[key].trim()]));
      await update(organization.id, body);
      setSaved(true);
    } catch (saveError) {
      setFailure(saveError);
    } finally {
      setBusy(false);
    }
  };

  const dirty = nameOnly ? values.name.trim() !== organization.name : changed.length > 0;

  return (
    <SettingsSection title="Organization" description={nameOnly ? 'The name your people see.' : undefined} testId="organization-details">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {failure !== undefined && <ErrorAlert title="Failed to update organization" error={failure} onClose={() => setFailure(undefined)} />}
          {saved && <Alert severity="success">Organization updated successfully</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Organization name"
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
              required
              fullWidth
              disabled={busy}
              error={Boolean(error)}
              helperText={error}
              slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'organization-name' } }}
            />
            <TextField
              label="Domain"
              value={values.domain}
              onChange={(event) => set('domain', event.target.value)}
              fullWidth
              disabled={busy || nameOnly}
              helperText={nameOnly ? 'Domain, status and type are changed by a system administrator' : 'Changing it does not change existing users’ emails'}
            />
          </Stack>
          {!nameOnly && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Status"
                value={values.status}
                onChange={(event) => set('status', event.target.value as OrganizationStatus)}
                fullWidth
                disabled={busy}
                helperText={organization.is_system_org ? 'The system organization cannot be deactivated' : undefined}
                slotProps={{ select: { native: true } }}
              >
                <option value="active">Active</option>
                <option value="inactive">Inactive</option>
                <option value="suspended">Suspended</option>
              </TextField>
              <TextField
                select
                label="Type"
                value={values.type}
                onChange={(event) => set('type', event.target.value as OrganizationType)}
                fullWidth
                disabled={busy}
                slotProps={{ select: { native: true } }}
              >
                <option value="business">Business</option>
                <option value="consumer">Consumer</option>
              </TextField>
            </Stack>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={busy || !dirty}>
              {busy ? 'Saving...' : nameOnly ? 'Save name' : 'Save changes'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
