import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { User, UserStatus } from '../../api/entities';
import { fieldErrors } from '../../api/errors';
import { useSession } from '../../auth/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InvitationLinkDialog, type HandedOverInvitation } from '../../components/InvitationLinkNotice';
import { GroupPicker } from './GroupPicker';
import { domainRuleError, emailError, fullNameError } from './user-form-rules';
import { useAllGroups, useUserActions, type InviteInput } from './useUsers';

export const CONSUMER_CHECK_ERROR = 'Error validating organization type. Please try again.';

type AssignableRole = InviteInput['role'];
const ROLE_OPTIONS: Array<{ value: AssignableRole; label: string }> = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
  { value: 'rag_user', label: 'RAG User (chat only)' },
];

interface FormState {
  email: string;
  fullName: string;
  role: AssignableRole;
  status: UserStatus;
  groupIds: string[];
}

function initialState(user: User | undefined): FormState {
  return {
    email: user?.email ?? '',
    fullName: user?.full_name ?? '',
    role: user && user.role !== 'system_admin' ? user.role : 'user',
    status: user?.status ?? 'active',
    groupIds: (user?.groups ?? []).filter((group) => !group.is_admin_group).map((group) => group.id),
  };
}

function sameState(a: FormState, b: FormState): boolean {
  return (
    a.email.trim() === b.email.trim() &&
    a.fullName.trim() === b.fullName.trim() &&
    a.role === b.role &&
    a.status === b.status &&
    [...a.groupIds].sort().join(',') === [...b.groupIds].sort().join(',')
  );
}

interface UserFormDialogProps {
  open: boolean;
  /** The user being edited; absent for an invitation. */
  user?: User;
  onClose: () => void;
  /** Called with the success text of spec 03 §8 after a save. */
  onSaved: (message: string) => void;
}

/**
 * Spec 03 Users page: the invite/edit modal. Closing it with unsaved changes asks first. The email's
 * domain rule is checked against the organization's consumer flag before the invitation is sent.
 */
export function UserFormDialog({ open, user, onClose, onSaved }: UserFormDialogProps) {
  const session = useSession();
  const actions = useUserActions();
  const groups = useAllGroups(open);
  const editing = Boolean(user);
  const self = Boolean(user && session.user && user.id === session.user.id);
  const initial = useMemo(() => initialState(user), [user]);
  const [form, setForm] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  const [failure, setFailure] = useState<{ title: string; error?: unknown } | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [handOver, setHandOver] = useState<HandedOverInvitation | undefined>();

  useEffect(() => {
    if (!open) return;
    setHandOver(undefined);
    setForm(initial);
    setErrors({});
    setFailure(undefined);
    setConfirmDiscard(false);
  }, [open, initial]);

  const dirty = !sameState(form, initial);
  const set = <K extends keyof FormState>(name: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const requestClose = () => {
    if (busy) return;
    if (dirty) setConfirmDiscard(true);
    else onClose();
  };

  /** The invitation's domain rule; answers the error to show, or undefined when the email may be used. */
  const checkDomain = async (email: string): Promise<{ field?: string; alert?: string }> => {
    const organizationId = session.user?.organizationId;
    if (!organizationId) return { field: domainRuleError(email, { isConsumer: false, domain: undefined }) };
    let isConsumer: boolean;
    try {
      isConsumer = await actions.isConsumer(organizationId);
    } catch (checkError) {
      console.error('Consumer check failed', checkError);
      return { alert: CONSUMER_CHECK_ERROR };
    }
    const raw = session.user?.raw ?? {};
    const domain = typeof raw.organization_domain === 'string' && raw.organization_domain ? raw.organization_domain : session.user?.email.split('@')[1];
    return { field: domainRuleError(email, { isConsumer, domain }) };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { email: editing ? undefined : emailError(form.email), fullName: fullNameError(form.fullName) };
    setErrors(found);
    setFailure(undefined);
    if (found.email || found.fullName) return;
    setBusy(true);
    try {
      if (user) {
        await actions.update(user.id, {
          fullName: form.fullName.trim(),
          groupIds: form.groupIds,
          // Contract §7.5: an admin cannot change their own role or status, so those are not sent.
          ...(self ? {} : { role: form.role, status: form.status }),
        });
        onSaved('User updated successfully');
        return;
      }
      const email = form.email.trim().toLowerCase();
      const domain = await checkDomain(email);
      if (domain.alert) {
        setFailure({ title: domain.alert });
        return;
      }
      if (domain.field) {
        setErrors({ email: domain.field });
        return;
      }
      const invited = await actions.invite({ email, fullName: form.fullName.trim(), role: form.role, status: form.status, groupIds: form.groupIds });
      // No mail carried the link: the admin is given it instead of a "sent" that did not happen.
      if (invited.invitation_link) {
        setHandOver({ email, link: invited.invitation_link });
        return;
      }
      onSaved('Invitation sent successfully');
    } catch (saveError) {
      const byField = fieldErrors(saveError);
      setErrors({ email: byField.email, fullName: byField.fullName });
      setFailure({ title: editing ? 'Failed to update user' : 'Failed to send invitation', error: saveError });
    } finally {
      setBusy(false);
    }
  };

  const lockedRole = self || user?.role === 'system_admin';

  return (
    <>
      <InvitationLinkDialog invitation={open ? handOver : undefined} onClose={() => onSaved('Invitation created')} />
      <Dialog open={open && !handOver} onClose={requestClose} fullWidth maxWidth="sm" aria-labelledby="user-form-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="user-form-title">{editing ? 'Edit User' : 'Invite User'}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              {failure && <ErrorAlert title={failure.title} error={failure.error} onClose={() => setFailure(undefined)} />}
              <TextField
                label="Email"
                type="email"
                value={form.email}
                onChange={(event) => set('email', event.target.value)}
                required={!editing}
                autoFocus={!editing}
                fullWidth
                disabled={busy}
                error={Boolean(errors.email)}
                helperText={errors.email ?? (editing ? 'Email cannot be changed here' : 'The invitation is sent to this address')}
                slotProps={{ input: { readOnly: editing }, htmlInput: { 'data-testid': 'user-email', maxLength: 254 } }}
              />
              <TextField
                label="Full Name"
                value={form.fullName}
                onChange={(event) => set('fullName', event.target.value)}
                required
                autoFocus={editing}
                fullWidth
                disabled={busy}
                error={Boolean(errors.fullName)}
                helperText={errors.fullName}
                slotProps={{ htmlInput: { 'data-testid': 'user-full-name', maxLength: 255 } }}
              />
              <TextField
                select
                label="Role"
                value={form.role}
                onChange={(event) => set('role', event.target.value as AssignableRole)}
                fullWidth
                disabled={busy || lockedRole}
                helperText={self ? 'You cannot change your own role or status' : undefined}
                slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'user-role' } }}
              >
                {ROLE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </TextField>
              <FormControlLabel
                control={
                  <Switch
                    checked={form.status === 'active'}
                    onChange={(event) => set('status', event.target.checked ? 'active' : 'inactive')}
                    disabled={busy || lockedRole}
                  />
                }
                label="Active"
              />
              <GroupPicker
                groups={groups.data?.data}
                loading={groups.isLoading}
                error={groups.error}
                selected={form.groupIds}
                onChange={(ids) => set('groupIds', ids)}
                disabled={busy}
                isAdmin={form.role === 'admin'}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={requestClose} disabled={busy} color="inherit">
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy || (editing && !dirty)}>
              {busy ? 'Saving...' : editing ? 'Save Changes' : 'Send Invitation'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirmDiscard}
        title="Discard changes?"
        message="You have unsaved changes. Are you sure you want to close without saving?"
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        destructive
        onConfirm={() => {
          setConfirmDiscard(false);
          onClose();
        }}
        onCancel={() => setConfirmDiscard(false)}
      />
    </>
  );
}
