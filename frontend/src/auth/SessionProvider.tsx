import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAuth } from 'react-oidc-context';
import { useSWRConfig } from 'swr';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../../shared/navigation/app-routes';
import { ApiProvider, useApiFetch } from '../api/ApiProvider';
import { useRuntimeConfig } from '../config/RuntimeConfigContext';
import { postLogoutRedirectUri } from './oidc-settings';
import { verifyProviderToken, type ProductUser } from './product-user';
import { readReturnPath } from './return-path';
import { actionForVerificationFailure } from './verification-failure';

/** Spec 01 §4.1: loading, authenticated (provider and backend agree), cleared. */
export type SessionStatus = 'loading' | 'authenticated' | 'cleared';

export interface Session {
  status: SessionStatus;
  user: ProductUser | undefined;
  /** Why the last sign-in or renewal failed; the login screen shows it instead of looping. */
  error: string | undefined;
  /** Starts the provider's hosted login (prompt forced), carrying the remembered path along. */
  signIn: () => Promise<void>;
  logout: () => Promise<void>;
  /** After a profile update: the server's new copy of the user. */
  updateUser: (user: ProductUser) => void;
  clearError: () => void;
}

const SessionContext = createContext<Session | undefined>(undefined);

/** Spec 01 §3 storage keys the chat surface reads (`userId`, `user`); tokens stay in the OIDC store. */
export const STORED_USER_ID_KEY = 'userId';
export const STORED_USER_KEY = 'user';

/**
 * Bridges the provider session (react-oidc-context) and the product user (contract §4.5), and wires
 * the API client to the provider's tokens. Everything that needs "who is signed in" reads this.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const authRef = useRef(auth);
  authRef.current = auth;
  // navigate changes identity with every location; the session's callbacks must not.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const [error, setError] = useState<string | undefined>();
  const [verified, setVerified] = useState<{ subject: string; user: ProductUser } | undefined>();
  const clearing = useRef(false);

  /** Spec 01 §4.1: on a refresh or initialisation error the state is cleared and the user goes to /login. */
  const clearSession = useCallback(
    async (reason: string) => {
      if (clearing.current) return;
      clearing.current = true;
      setVerified(undefined);
      setError(reason);
      forgetStoredUser();
      try {
        await authRef.current.removeUser();
      } catch (removeError) {
        console.error('Could not clear the stored sign-in', removeError);
      } finally {
        clearing.current = false;
      }
      navigateRef.current(LOGIN_PATH, { replace: true });
    },
    [],
  );

  return (
    <ApiProvider
      baseUrl={config.apiBaseUrl}
      getAccessToken={() => authRef.current.user?.access_token}
      refreshAccessToken={async () => (await authRef.current.signinSilent())?.access_token}
      onSessionExpired={(reason) => void clearSession(reason)}
    >
      <SessionState
        error={error}
        setError={setError}
        verified={verified}
        setVerified={setVerified}
        clearSession={clearSession}
      >
        {children}
      </SessionState>
    </ApiProvider>
  );
}

interface SessionStateProps {
  children: ReactNode;
  error: string | undefined;
  setError: (error: string | undefined) => void;
  verified: { subject: string; user: ProductUser } | undefined;
  setVerified: (value: { subject: string; user: ProductUser } | undefined) => void;
  clearSession: (reason: string) => Promise<void>;
}

function SessionState({ children, error, setError, verified, setVerified, clearSession }: SessionStateProps) {
  const auth = useAuth();
  const apiFetch = useApiFetch();
  const navigate = useNavigate();
  const { mutate: mutateCache } = useSWRConfig();
  // Spec 01 §4.1: after logout nothing read for the signed-out user may show again, not even from the
  // cache when the browser goes back; every cached answer is dropped without refetching.
  const forgetCachedData = useCallback(() => void mutateCache(() => true, undefined, { revalidate: false }), [mutateCache]);

  // The wrapped provider calls (signinSilent for a 401 retry, for one) flip isLoading back on. Once the
  // provider has loaded the first time, that must not read as "signing in" and unmount the page.
  const [initialised, setInitialised] = useState(!auth.isLoading);
  useEffect(() => {
    if (!auth.isLoading) setInitialised(true);
  }, [auth.isLoading]);

  const subject = auth.isAuthenticated ? auth.user?.profile.sub : undefined;
  const accessToken = auth.isAuthenticated ? auth.user?.access_token : undefined;
  const email = typeof auth.user?.profile.email === 'string' ? auth.user.profile.email : undefined;
  // Each provider token is verified once per round: a refusal of the token clears the session, a
  // busy or unreachable server starts another round later (verification-failure.ts), and a silent
  // renewal of an already verified subject needs no new verification.
  const attempted = useRef<string | undefined>(undefined);
  const [retryRound, setRetryRound] = useState(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  useEffect(() => {
    if (!subject || !accessToken) return;
    const attempt = `${accessToken}#${retryRound}`;
    if (verified?.subject === subject || attempted.current === attempt) return;
    attempted.current = attempt;
    verifyProviderToken(apiFetch, accessToken, email)
      .then((answer) => {
        setVerified({ subject, user: answer.user });
        setError(undefined);
        storeUser(answer.user);
      })
      .catch((verifyError: unknown) => {
        const action = actionForVerificationFailure(verifyError, retryRound);
        if (action.kind === 'retry') {
          console.warn(`Token verification did not answer; trying again in ${action.afterMs} ms`, verifyError);
          clearTimeout(retryTimer.current);
          retryTimer.current = setTimeout(() => setRetryRound((round) => round + 1), action.afterMs);
          return;
        }
        console.error('Token verification failed', verifyError);
        void clearSession(action.reason);
      });
  }, [subject, accessToken, email, verified, apiFetch, clearSession, setError, setVerified, retryRound]);

  // Spec 01 §4.1: a user held locally while the provider says unauthenticated is cleared.
  useEffect(() => {
    if (initialised && !auth.isLoading && !auth.isAuthenticated && verified) {
      setVerified(undefined);
      forgetStoredUser();
    }
  }, [initialised, auth.isLoading, auth.isAuthenticated, verified, setVerified]);

  // A stored sign-in whose access token expired while the app was closed (overnight, say) still has
  // its refresh token: one silent renewal resumes it instead of sending the user through the login
  // screen. Until that answers, the state is still loading.
  const [resume, setResume] = useState<'idle' | 'running' | 'done'>('idle');
  const needsResume = resume !== 'done' && initialised && !auth.isAuthenticated && Boolean(auth.user?.refresh_token);
  useEffect(() => {
    if (!needsResume || resume !== 'idle') return;
    setResume('running');
    void auth
      .signinSilent()
      .then(async (renewed) => {
        if (!renewed) await auth.removeUser().catch(() => undefined);
      })
      .finally(() => setResume('done'));
  }, [needsResume, resume, auth]);

  // Automatic renewal and callback failures come from the provider library. A failed signinSilent is
  // not handled here: the API client's refresh reports it itself, and a failed resume just signs out.
  useEffect(() => {
    const providerError = auth.error;
    if (!providerError) return;
    if (['renewSilent', 'signinCallback'].includes(providerError.source)) {
      console.error(`Sign-in state error (${providerError.source})`, providerError);
      void clearSession(providerError.source === 'signinCallback' ? `Sign-in failed: ${providerError.message}` : 'Session expired');
    }
  }, [auth.error, clearSession]);

  const signIn = useCallback(async () => {
    setError(undefined);
    const returnTo = readReturnPath();
    const result: unknown = await auth.signinRedirect({ prompt: 'login', ...(returnTo ? { state: { returnTo } } : {}) });
    // The wrapped call answers null instead of throwing when the redirect could not start.
    if (result === null) setError('The sign-in service could not be reached. Please try again.');
  }, [auth, setError]);

  // While the browser leaves for the provider's sign-out page nothing may react to the cleared user:
  // the guard would otherwise send the page to /login, which starts a new sign-in redirect.
  const [signingOut, setSigningOut] = useState(false);

  const logout = useCallback(async () => {
    const idToken = auth.user?.id_token;
    setSigningOut(true);
    setVerified(undefined);
    forgetCachedData();
    // Spec 01 §4.1: logout clears local and session storage (the provider's user store included).
    clearBrowserStorage();
    const postLogout = postLogoutRedirectUri(window.location.origin);
    try {
      const result: unknown = await auth.signoutRedirect({
        post_logout_redirect_uri: postLogout,
        ...(idToken ? { id_token_hint: idToken } : {}),
      });
      // A started redirect only settles when the page comes back from the back-forward cache; a
      // settled null is the wrapped call's way of reporting that the redirect never started.
      if (result === null) console.error('Sign-out at the identity provider failed', auth.error);
    } catch (signoutError) {
      console.error('Sign-out at the identity provider failed', signoutError);
    }
    await auth.removeUser().catch(() => undefined);
    setSigningOut(false);
    navigate(LOGIN_PATH, { replace: true });
  }, [auth, navigate, setVerified, forgetCachedData]);

  const hasUser = Boolean(subject && verified?.subject === subject);
  // A session cleared any other way (expired, failed renewal, provider signed out) forgets too.
  const hadUser = useRef(false);
  useEffect(() => {
    if (hasUser) hadUser.current = true;
    else if (hadUser.current) {
      hadUser.current = false;
      forgetCachedData();
    }
  }, [hasUser, forgetCachedData]);
  let status: SessionStatus;
  if (!initialised || signingOut || needsResume) status = 'loading';
  else if (hasUser) status = 'authenticated';
  else if (subject && !error) status = 'loading';
  else status = 'cleared';

  const value = useMemo<Session>(
    () => ({
      status,
      user: hasUser ? verified?.user : undefined,
      error,
      signIn,
      logout,
      updateUser: (user) => {
        if (!subject) return;
        setVerified({ subject, user });
        storeUser(user);
      },
      clearError: () => setError(undefined),
    }),
    [status, hasUser, verified, error, signIn, logout, subject, setVerified, setError],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** For what renders on public pages too (an error alert), where there may be no session. */
export function useOptionalSession(): Session | undefined {
  return useContext(SessionContext);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

function storeUser(user: ProductUser): void {
  try {
    localStorage.setItem(STORED_USER_ID_KEY, user.id);
    localStorage.setItem(STORED_USER_KEY, JSON.stringify(user.raw));
  } catch {
    // Storage full or blocked: the in-memory session still works.
  }
}

function forgetStoredUser(): void {
  try {
    localStorage.removeItem(STORED_USER_ID_KEY);
    localStorage.removeItem(STORED_USER_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

function clearBrowserStorage(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage blocked: there is nothing of ours in it either.
  }
}
