import { Alert } from '@mui/material';

/** Says plainly that nobody is charged here (contract §20 "Modes"), wherever billing is shown. */
export function SelfHostedNotice() {
  return (
    <Alert severity="info" sx={{ mb: 3 }} data-testid="self-hosted-notice">
      Self-hosted mode: payments are not configured on this server. Plan changes apply at once and nothing is charged.
    </Alert>
  );
}
