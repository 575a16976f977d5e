import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { CopyButton } from './CopyButton';

export interface HandedOverInvitation {
  email: string;
  /** The `invitation_link` of the invite answer (§7.4, §6.7): present only when no mail carried it. */
  link: string;
}

/**
 * The invitation link for the admin to pass on, when no mail carried it: the deployment has no mail
 * sender, or the mail service refused the message (docs/contract-decisions.md, "Invitation link
 * without mail"). Saying "sent" then would leave the invited person waiting for nothing.
 */
export function InvitationLinkNotice({ invitation }: { invitation: HandedOverInvitation }) {
  return (
    <Stack spacing={1.5} data-testid="invitation-link-notice">
      <Alert severity="warning">
        No email was sent: this deployment has no mail sender, or the mail service refused the message. Send this link to {invitation.email} yourself; it works
        once, until the invitation expires.
      </Alert>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          label="Invitation link"
          size="small"
          value={invitation.link}
          fullWidth
          slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'invitation-link' } }}
        />
        <CopyButton value={invitation.link} label="Copy link" />
      </Stack>
    </Stack>
  );
}

/** The notice as a dialog, for the invite modal that closes once the invitation exists. */
export function InvitationLinkDialog({ invitation, onClose }: { invitation: HandedOverInvitation | undefined; onClose: () => void }) {
  return (
    <Dialog open={Boolean(invitation)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invitation-link-title">
      <DialogTitle id="invitation-link-title">Invitation created</DialogTitle>
      <DialogContent>{invitation && <InvitationLinkNotice invitation={invitation} />}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
