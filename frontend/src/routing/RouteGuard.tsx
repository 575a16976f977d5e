import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { guardDecision, titleFor, type GuardDecision } from '../../../shared/navigation/app-routes';
import { clearReturnPath, readReturnPath, rememberReturnPath } from '../auth/return-path';
import { useSession } from '../auth/SessionProvider';
import { LoadingScreen } from '../layout/LoadingScreen';

/**
 * Applies the shared guard rules (shared/navigation/app-routes.ts) to the current address. Every page,
 * public or not, renders through here, so the rules cannot be skipped by a route added later.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const path = `${location.pathname}${location.search}${location.hash}`;
  const user = session.user ? { role: session.user.role, isSystemOrg: session.user.isSystemOrg } : undefined;
  const decision = guardDecision({ path, user, authLoading: session.status === 'loading', rememberedPath: readReturnPath() });

  useEffect(() => {
    const title = titleFor(location.pathname);
    document.title = title ? `${title} · Groundwork` : 'Groundwork';
  }, [location.pathname]);

  if (decision.kind === 'loading') return <LoadingScreen />;
  if (decision.kind === 'redirect') return <GuardRedirect decision={decision} />;
  return <>{children}</>;
}

function GuardRedirect({ decision }: { decision: Extract<GuardDecision, { kind: 'redirect' }> }) {
  const navigate = useNavigate();
  const { to, replace, remember } = decision;
  useEffect(() => {
    if (remember) rememberReturnPath(remember);
    // The remembered path is followed once; after that a visit to /login goes to the landing page again.
    else if (to === readReturnPath()) clearReturnPath();
    navigate(to, { replace });
  }, [to, replace, remember, navigate]);
  return <LoadingScreen />;
}
