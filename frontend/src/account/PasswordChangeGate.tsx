import { Box } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { useSession } from '../auth/SessionProvider';
import { LoadingScreen } from '../layout/LoadingScreen';
import { Logo } from '../layout/Logo';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { usePasswordStatus } from './usePassword';

/**
 * Contract §4.10: after an admin reset, a signed-in user must change the password before seeing
 * anything else. Until the flag is known nothing renders, so no page (and none of its data) flashes
 * behind the form; if the check itself fails the app carries on, and the server still holds the flag.
 */
export function PasswordChangeGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const status = usePasswordStatus(signedIn);

  useEffect(() => {
    if (status.error) console.error('Password status check failed', status.error);
  }, [status.error]);

  if (!signedIn) return <>{children}</>;
  if (status.isLoading) return <LoadingScreen />;
  if (!status.data?.force_password_change) return <>{children}</>;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', justifyContent: 'center', pt: 6 }} data-testid="forced-password-change">
      <Logo />
      <ChangePasswordDialog
        open
        forced
        onClose={() => void status.mutate({ force_password_change: false }, { revalidate: false })}
        onSignOut={() => void session.logout()}
      />
    </Box>
  );
}
