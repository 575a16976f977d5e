import { Typography } from '@mui/material';
import type { OrgSettingsAnswer } from '../api/entities';
import { describePolicy } from './password-rules';

/** The password rules of the organization an email belongs to, once they are known. */
export function PasswordPolicyHint({ settings }: { settings: OrgSettingsAnswer | undefined }) {
  if (!settings?.passwordPolicy) return null;
  const owner = settings.organizationFound && settings.organizationName ? `${settings.organizationName} requires` : 'Passwords need';
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="password-policy" sx={{ textAlign: 'left', mt: -1 }}>
      {owner}: {describePolicy(settings.passwordPolicy).replace(/^./, (first) => first.toLowerCase())}
    </Typography>
  );
}
