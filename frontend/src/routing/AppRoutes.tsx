import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { APP_ROUTES, AUTH_CALLBACK_PATH, LOGIN_PATH, UNAUTHORIZED_PATH, type AppRoute } from '../../../shared/navigation/app-routes';
import { AuthCallbackPage } from '../auth/AuthCallbackPage';
import { AppShell } from '../layout/AppShell';
import { LoadingScreen } from '../layout/LoadingScreen';
import { LoginPage } from '../pages/LoginPage';
import { PlaceholderPage } from '../pages/PlaceholderPage';
import { UnauthorizedPage } from '../pages/UnauthorizedPage';
import { PAGES } from './pages';
import { RouteGuard } from './RouteGuard';

const SPECIAL_PAGES = new Set([LOGIN_PATH, UNAUTHORIZED_PATH, AUTH_CALLBACK_PATH]);

/**
 * A page's code loads on its first visit: meanwhile the loading screen stands in for the page alone, so
 * a signed-in frame (top bar, sidebar) stays in place around it.
 */
function pageFor(route: AppRoute, standalone: boolean) {
  const Page = PAGES[route.pattern];
  if (!Page) return <PlaceholderPage route={route} standalone={standalone} />;
  return (
    <Suspense fallback={<LoadingScreen fullHeight={standalone} />}>
      <Page />
    </Suspense>
  );
}

/** The router, built from the shared route table; the guard decides before any page renders. */
export function AppRoutes() {
  // Navigation-only paths never render: the guard redirects them to their page.
  const pages = APP_ROUTES.filter((route) => !route.redirectTo && !SPECIAL_PAGES.has(route.pattern));
  const publicPages = pages.filter((route) => route.access === 'public' || route.access === 'open');
  const standalonePages = pages.filter((route) => Array.isArray(route.access) && route.standalone);
  const shellPages = pages.filter((route) => Array.isArray(route.access) && !route.standalone);

  return (
    <RouteGuard>
      <Routes>
        <Route path={AUTH_CALLBACK_PATH} element={<AuthCallbackPage />} />
        <Route path={LOGIN_PATH} element={<LoginPage />} />
        <Route path={UNAUTHORIZED_PATH} element={<UnauthorizedPage />} />
        {[...publicPages, ...standalonePages].map((route) => (
          <Route key={route.pattern} path={route.pattern} element={pageFor(route, true)} />
        ))}
        <Route element={<AppShell />}>
          {shellPages.map((route) => (
            <Route key={route.pattern} path={route.pattern} element={pageFor(route, false)} />
          ))}
        </Route>
        {/* `/` and unknown paths: the guard is already redirecting by role. */}
        <Route path="*" element={<LoadingScreen />} />
      </Routes>
    </RouteGuard>
  );
}
