import { Box, Fade, Toolbar, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { showsSidebar, sidebarFor } from '../../../shared/navigation/sidebar';
import { useSession } from '../auth/SessionProvider';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { LoadingScreen } from './LoadingScreen';
import { PAGE_FADE_MS } from '../theme/theme';
import { Footer } from './Footer';
import { Sidebar } from './Sidebar';
import { useSidebarState } from './sidebar-state';
import { TopBar } from './TopBar';

/**
 * The signed-in page frame of spec 01 §2.2: top bar, the sidebar for admin roles, the page, footer.
 * The route guard has already decided the page may be shown; this only lays it out.
 */
export function AppShell() {
  const { user } = useSession();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const { pathname } = useLocation();
  const sidebarState = useSidebarState();
  const [mobileNavOpen, setMobileNavOpen] = useState(false);

  if (!user) return <LoadingScreen />;
  const withSidebar = showsSidebar(user.role);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar user={user} mobile={mobile} onOpenSidebar={withSidebar ? () => setMobileNavOpen(true) : undefined} />
      {withSidebar && (
        <Sidebar
          entries={sidebarFor(user.role)}
          state={sidebarState}
          mobile={mobile}
          mobileOpen={mobileNavOpen}
          onMobileClose={() => setMobileNavOpen(false)}
        />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" data-testid="app-content" sx={{ flexGrow: 1, px: { xs: 2, md: 4 }, py: { xs: 2.5, md: 4 } }}>
          {/*
            Spec 01 §2.2 asks for a 0.2 s fade when the path changes. The new page fades in; fading the
            old one out first would keep it on screen under the new address for 0.2 s.
          */}
          <Fade key={pathname} in appear timeout={PAGE_FADE_MS}>
            <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
              <ErrorBoundary>
                <Outlet />
              </ErrorBoundary>
            </Box>
          </Fade>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
