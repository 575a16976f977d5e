import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { CloudResources, CloudResourcesCheck } from '../../api/entities';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SettingsSection } from './settings/SettingsSection';
import { useCloudResources } from './useOrganizations';

const STATUS_COLOR = { ready: 'success', provisioning: 'info', failed: 'error', missing: 'warning' } as const;

function StatusBadge({ status }: { status: keyof typeof STATUS_COLOR | undefined }) {
  if (!status) return <Chip size="small" label="Unknown" />;
  return <Chip size="small" label={status.charAt(0).toUpperCase() + status.slice(1)} color={STATUS_COLOR[status]} data-testid="cloud-status" />;
}

/** Contract §6.8/§6.9/§6.11: the organization's buckets, a live re-check and a re-provision (system admin). */
export function CloudResourcesPanel({ organizationId, fallback }: { organizationId: string; fallback?: Partial<CloudResources> }) {
  const { stored, recheck, reprovision } = useCloudResources(organizationId);
  const [check, setCheck] = useState<CloudResourcesCheck | undefined>();
  const [busy, setBusy] = useState<'check' | 'provision' | undefined>();
  const [failure, setFailure] = useState<{ title: string; error: unknown } | undefined>();
  const resources = stored.data ?? fallback;

  const run = async (kind: 'check' | 'provision') => {
    setBusy(kind);
    setFailure(undefined);
    try {
      if (kind === 'check') setCheck(await recheck());
      else {
        await reprovision();
        setCheck(undefined);
      }
    } catch (error) {
      setFailure({ title: kind === 'check' ? 'Failed to verify cloud resources' : 'Failed to provision cloud resources', error });
    } finally {
      setBusy(undefined);
    }
  };

  const status = check?.status ?? resources?.status;
  const problem = check?.error ?? resources?.error;

  return (
    <SettingsSection title="Cloud resources" description="The organization's data and audit buckets." testId="cloud-resources">
      <Stack spacing={1.5}>
        {failure && <ErrorAlert title={failure.title} error={failure.error} onClose={() => setFailure(undefined)} />}
        {stored.error && !resources && <ErrorAlert title="Failed to load organization data" error={stored.error} />}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">Status</Typography>
          <StatusBadge status={status} />
          <Typography variant="caption" color="text.secondary">
            {(resources?.provider ?? 'aws').toUpperCase()}
            {resources?.region ? ` · ${resources.region}` : ''}
            {check?.checkedAt ? ` · checked ${new Date(check.checkedAt).toLocaleString()}` : ''}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Data bucket: {resources?.bucketName ?? '—'}
          <br />
          Audit bucket: {resources?.auditBucketName ?? '—'}
        </Typography>
        {check && check.resources.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {check.resources.map((resource) => (
              <Typography component="li" variant="body2" key={resource.name}>
                {resource.name}: {resource.exists ? 'exists' : 'missing'}
                {resource.exists ? `, ${resource.encrypted ? 'encrypted' : 'not encrypted'}, versioning ${resource.versioning ? 'on' : 'off'}` : ''}
              </Typography>
            ))}
          </Box>
        )}
        {problem && status !== 'ready' && <Alert severity="warning">{problem}</Alert>}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button variant="outlined" onClick={() => void run('check')} disabled={busy !== undefined}>
            {busy === 'check' ? 'Checking...' : 'Re-check'}
          </Button>
          <Button variant="outlined" color="warning" onClick={() => void run('provision')} disabled={busy !== undefined}>
            {busy === 'provision' ? 'Provisioning...' : 'Re-provision'}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
