import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { RuntimeConfig } from '../../shared/config/runtime-config';
import { PasswordChangeGate } from './account/PasswordChangeGate';
import { OidcProvider } from './auth/OidcProvider';
import { SessionProvider } from './auth/SessionProvider';
import { RuntimeConfigProvider } from './config/RuntimeConfigContext';
import { ChatLauncherProvider } from './features/chat/ChatLauncher';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { AppRoutes } from './routing/AppRoutes';
import { theme } from './theme/theme';

/** Theme, styles and the last-resort error boundary; shared by the app and its tests. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>{children}</ErrorBoundary>
    </ThemeProvider>
  );
}

/**
 * Everything below the provider session: the product session, the API client, the forced password
 * change and the routes. Tests render this under a test OIDC context and a memory router.
 */
export function AppCore() {
  return (
    <SessionProvider>
      {/* Inside the router, above the routes: open chat windows survive page navigation. */}
      <ChatLauncherProvider>
        <PasswordChangeGate>
          <AppRoutes />
        </PasswordChangeGate>
      </ChatLauncherProvider>
    </SessionProvider>
  );
}

export function App({ config }: { config: RuntimeConfig }) {
  return (
    <RuntimeConfigProvider config={config}>
      <AppFrame>
        <BrowserRouter>
          <OidcProvider>
            <AppCore />
          </OidcProvider>
        </BrowserRouter>
      </AppFrame>
    </RuntimeConfigProvider>
  );
}
