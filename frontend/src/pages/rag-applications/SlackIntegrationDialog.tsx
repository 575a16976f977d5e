import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { hasErrors, slackIntegrationErrors, type SlackFieldErrors, type SlackIntegrationForm } from './integration-form';

interface SlackIntegrationDialogProps {
  open: boolean;
  value: SlackIntegrationForm;
  onApply: (value: SlackIntegrationForm) => void;
  onClose: () => void;
}

/**
 * Spec 03 "Configure Slack Integration". The settings travel with the application's save (contract
 * §16 `integrations`); stored secrets come back masked and are kept unless replaced.
 */
export function SlackIntegrationDialog({ open, value, onApply, onClose }: SlackIntegrationDialogProps) {
  const titleId = useId();
  const [draft, setDraft] = useState(value);
  const [errors, setErrors] = useState<SlackFieldErrors>({});
  useEffect(() => {
    if (!open) return;
    setDraft(value);
    setErrors({});
  }, [open, value]);
  const set = (patch: Partial<SlackIntegrationForm>) => setDraft((current) => ({ ...current, ...patch }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through portals: without this the application form around us submits too.
    event.stopPropagation();
    const found = slackIntegrationErrors(draft);
    setErrors(found);
    if (hasErrors(found)) return;
    onApply(draft);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={apply} noValidate>
        <DialogTitle id={titleId}>Configure Slack Integration</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormControlLabel control={<Switch checked={draft.enabled} onChange={(event) => set({ enabled: event.target.checked })} />} label="Enable Slack" />
            <TextField
              label="Bot token"
              value={draft.botToken}
              onChange={(event) => set({ botToken: event.target.value })}
              onFocus={(event) => event.target.select()}
              fullWidth
              size="small"
              autoComplete="off"
              error={Boolean(errors.botToken)}
              helperText={errors.botToken ?? 'Starts with xoxb-. A stored token is shown masked and kept unless you replace it.'}
            />
            <TextField
              label="Signing secret"
              value={draft.signingSecret}
              onChange={(event) => set({ signingSecret: event.target.value })}
              onFocus={(event) => event.target.select()}
              fullWidth
              size="small"
              autoComplete="off"
              error={Boolean(errors.signingSecret)}
              helperText={errors.signingSecret ?? "From your Slack app's Basic Information page."}
            />
            <TextField
              label="Default channels"
              value={draft.channels}
              onChange={(event) => set({ channels: event.target.value })}
              fullWidth
              size="small"
              error={Boolean(errors.channels)}
              helperText={errors.channels ?? 'Comma-separated channel ids or #names where chat answers are also posted, e.g. #support, C0123ABCD.'}
            />
            {draft.eventsUrl ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label="Events request URL"
                  value={draft.eventsUrl}
                  fullWidth
                  size="small"
                  helperText="Paste it into Event Subscriptions in your Slack app."
                  slotProps={{ htmlInput: { readOnly: true } }}
                />
                <CopyButton value={draft.eventsUrl} label="Copy URL" />
              </Stack>
            ) : (
              <Alert severity="info">The events request URL for your Slack app appears here after the application is saved.</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained">
            Apply
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
