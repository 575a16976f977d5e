import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, IconButton, Toolbar, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { firstNameOf, type ProductUser } from '../auth/product-user';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  user: ProductUser;
  mobile: boolean;
  /** Present when the role has a sidebar: on mobile it opens from here. */
  onOpenSidebar?: () => void;
}

export function TopBar({ user, mobile, onOpenSidebar }: TopBarProps) {
  const firstName = firstNameOf(user);
  return (
    <AppBar position="fixed" data-testid="app-top-bar" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: 1.5, px: { xs: 1.5, md: 2.5 } }}>
        {mobile && onOpenSidebar && (
          <IconButton edge="start" aria-label="Open navigation" data-testid="sidebar-open" onClick={onOpenSidebar}>
            <MenuIcon />
          </IconButton>
        )}
        <Box component={RouterLink} to="/" aria-label="Groundwork home" sx={{ textDecoration: 'none', display: 'flex' }}>
          <Logo small={mobile} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {mobile && firstName && (
          <Typography variant="body2" color="text.secondary" data-testid="user-greeting" noWrap sx={{ maxWidth: '40vw' }}>
            Hi, {firstName}
          </Typography>
        )}
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
