import { Alert, Button, Link, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { hasAuthParams } from 'react-oidc-context';
import { Link as RouterLink } from 'react-router-dom';
import { SIGNUP_PATH } from '../../../shared/navigation/app-routes';
import { useSession } from '../auth/SessionProvider';
import { LoadingScreen } from '../layout/LoadingScreen';
import { PublicFrame } from './PublicFrame';

/**
 * Spec 01 §2.3: opening the login screen starts the provider's hosted login straight away. A signed-in
 * user never gets here: the route guard sends them to the remembered path or their landing page.
 */
export function LoginPage() {
  const session = useSession();
  const started = useRef(false);

  const canAutoStart = session.status === 'cleared' && !session.error && !hasAuthParams();
  useEffect(() => {
    if (!canAutoStart || started.current) return;
    started.current = true;
    void session.signIn();
  }, [canAutoStart, session]);

  // After a failed sign-in, starting another redirect at once would hide the reason (and could loop).
  if (session.status === 'cleared' && session.error) {
    return (
      <PublicFrame>
        <Typography variant="h5" component="h1" data-testid="page-title" gutterBottom>
          Sign In
        </Typography>
        <Alert severity="error" sx={{ textAlign: 'left', mb: 3 }} data-testid="login-error">
          {session.error}
        </Alert>
        <Button
          variant="contained"
          fullWidth
          onClick={() => {
            started.current = true;
            void session.signIn();
          }}
        >
          Sign in again
        </Button>
        {/*
          The hosted sign-in page belongs to the identity provider, so the way to self sign-up is offered
          here: this is where someone lands whose email has no account yet ("No account found ...").
        */}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2.5 }}>
          New to Groundwork?{' '}
          <Link component={RouterLink} to={SIGNUP_PATH} data-testid="create-account-link">
            Create an account
          </Link>
        </Typography>
      </PublicFrame>
    );
  }

  return <LoadingScreen />;
}
