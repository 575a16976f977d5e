import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import type { Organization } from '../../api/entities';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InvitationLinkNotice, type HandedOverInvitation } from '../../components/InvitationLinkNotice';
import { validateSystemInvite } from './organization-rules';
import { useSystemInvite, type SystemInviteInput } from './useOrganizations';

export const SYSTEM_INVITE_FORBIDDEN = "You don't have permission to invite users to this organization, or this is not a consumer organization.";
export const SYSTEM_INVITE_MISSING = 'The invitation service was not found on the server. Please contact support.';

/** Spec 03 §6/§7: a system admin invites a user (role user or admin) into the organization. */
export function SystemInviteForm({ organization }: { organization: Organization }) {
  const invite = useSystemInvite(organization.id);
  const [values, setValues] = useState<SystemInviteInput>({ email: '', fullName: '', role: 'user' });
  const [errors, setErrors] = useState<{ email?: string; fullName?: string }>({});
  const [failure, setFailure] = useState<{ title: string; error?: unknown } | undefined>();
  const [sent, setSent] = useState<string | undefined>();
  const [handOver, setHandOver] = useState<HandedOverInvitation | undefined>();
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof SystemInviteInput>(name: K, value: SystemInviteInput[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    setSent(undefined);
    setHandOver(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSystemInvite(values, organization);
    setErrors(found);
    if (found.email || found.fullName) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const email = values.email.trim().toLowerCase();
      const invited = await invite({ email, fullName: values.fullName.trim(), role: values.role });
      // No mail carried the link: the admin is given it instead of a "sent" that did not happen.
      if (invited.invitation_link) setHandOver({ email, link: invited.invitation_link });
      else setSent(email);
      setValues({ email: '', fullName: '', role: 'user' });
    } catch (inviteError) {
      // Spec 03 §6-7: a 403 has its own wording, and a 404 means the endpoint itself is missing.
      if (inviteError instanceof ApiError && inviteError.status === 403) setFailure({ title: SYSTEM_INVITE_FORBIDDEN });
      else if (inviteError instanceof ApiError && inviteError.status === 404 && inviteError.message === 'Route not found') setFailure({ title: SYSTEM_INVITE_MISSING });
      else setFailure({ title: 'Failed to send invitation', error: inviteError });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Invite a user" data-testid="system-invite-form">
      <Stack spacing={1.5}>
        {failure && <ErrorAlert title={failure.title} error={failure.error} onClose={() => setFailure(undefined)} />}
        {sent && <Alert severity="success">Invitation sent successfully</Alert>}
        {handOver && <InvitationLinkNotice invitation={handOver} />}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label="Email"
            type="email"
            size="small"
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
            disabled={busy}
            error={Boolean(errors.email)}
            helperText={errors.email}
            sx={{ flex: 2 }}
            fullWidth
          />
          <TextField
            label="Full name"
            size="small"
            value={values.fullName}
            onChange={(event) => set('fullName', event.target.value)}
            disabled={busy}
            error={Boolean(errors.fullName)}
            helperText={errors.fullName}
            sx={{ flex: 2 }}
            fullWidth
          />
          <TextField
            select
            label="Role"
            size="small"
            value={values.role}
            onChange={(event) => set('role', event.target.value as SystemInviteInput['role'])}
            disabled={busy}
            sx={{ flex: 1, minWidth: 120 }}
            slotProps={{ select: { native: true } }}
          >
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </TextField>
          <Button type="submit" variant="contained" disabled={busy} sx={{ whiteSpace: 'nowrap', minWidth: 'auto', py: 1 }}>
            {busy ? 'Sending...' : 'Invite'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
