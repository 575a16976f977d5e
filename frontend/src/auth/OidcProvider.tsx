import { UserManager, type User } from 'oidc-client-ts';
import { useCallback, useState, type ReactNode } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { useNavigate } from 'react-router-dom';
import { safeRememberedPath } from '../../../shared/navigation/app-routes';
import { useRuntimeConfig } from '../config/RuntimeConfigContext';
import { buildUserManagerSettings } from './oidc-settings';
import { clearReturnPath, readReturnPath } from './return-path';

/** The provider session: one UserManager for the app's lifetime, built from the runtime configuration. */
export function OidcProvider({ children }: { children: ReactNode }) {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const [userManager] = useState(() => new UserManager(buildUserManagerSettings(config, window.location.origin)));

  const onSigninCallback = useCallback(
    (user: User | undefined) => {
      // The code and state must leave the address bar: a reload would try to redeem them again.
      window.history.replaceState({}, document.title, window.location.pathname);
      const fromState = (user?.state as { returnTo?: unknown } | undefined)?.returnTo;
      const returnTo = safeRememberedPath(typeof fromState === 'string' ? fromState : readReturnPath());
      clearReturnPath();
      // Spec 01 §2.3: without a remembered path the app returns to / so the role picks the landing page.
      navigate(returnTo ?? '/', { replace: true });
    },
    [navigate],
  );

  return (
    <AuthProvider userManager={userManager} onSigninCallback={onSigninCallback}>
      {children}
    </AuthProvider>
  );
}
