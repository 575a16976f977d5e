import KeyIcon from '@mui/icons-material/KeyOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import SupportIcon from '@mui/icons-material/SupportAgentOutlined';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../../shared/navigation/app-routes';
import { useApiFetch } from '../api/ApiProvider';
import { ApiError } from '../api/client';
import { initialsOf, type ProductUser } from '../auth/product-user';
import { useSession } from '../auth/SessionProvider';
import { ChangePasswordDialog } from '../account/ChangePasswordDialog';
import { EditProfileDialog } from './EditProfileDialog';

export const RESET_PASSWORD_ALERT = 'There was an error initiating the password reset. Please try again.';

/**
 * Spec 01 §2.2: the avatar menu headed "User Settings" with Edit Profile, Reset Password, Logout. Spec 01
 * §2.6 leaves open whether the in-app change-password form is reachable from a menu; it is, here, as
 * Change Password (the hosted Reset Password link is for a forgotten password).
 */
export function UserMenu({ user }: { user: ProductUser }) {
  const session = useSession();
  const apiFetch = useApiFetch();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  const close = () => setAnchor(null);

  const resetPassword = async () => {
    close();
    try {
      let answer: { resetUrl?: unknown } | undefined;
      try {
        answer = await apiFetch<{ resetUrl?: unknown }>('/api/auth/reset-password', { method: 'POST', body: { email: user.email } });
      } catch (requestError) {
        if (requestError instanceof ApiError && (requestError.status === 401 || requestError.status === 403)) throw requestError;
        throw new Error('Failed to get password reset URL', { cause: requestError });
      }
      if (typeof answer?.resetUrl !== 'string' || !answer.resetUrl) throw new Error('No reset URL received from server');
      window.location.assign(answer.resetUrl);
    } catch (resetError) {
      console.error('Password reset failed', resetError);
      // Spec 01 §8: a 401 or 403 in the password flow means the session is no longer good.
      if (resetError instanceof ApiError && (resetError.status === 401 || resetError.status === 403)) {
        navigate(LOGIN_PATH);
        return;
      }
      window.alert(RESET_PASSWORD_ALERT);
    }
  };

  return (
    <>
      <Tooltip title="Account">
        <IconButton
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
          data-testid="user-menu-button"
          aria-label="Open user menu"
          aria-haspopup="menu"
          aria-controls={anchor ? 'user-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          size="small"
        >
          <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15, fontWeight: 600 }}>{initialsOf(user)}</Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, minWidth: 240 } } }}
      >
        <ListSubheader id="user-menu-header" sx={{ lineHeight: 1.5, pt: 1.5, pb: 1, bgcolor: 'transparent' }}>
          <Typography variant="subtitle2" component="div" color="text.primary">
            User Settings
          </Typography>
          <Box sx={{ mt: 0.25 }}>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.fullName || user.email}
            </Typography>
            {user.fullName && (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {user.email}
              </Typography>
            )}
          </Box>
        </ListSubheader>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setProfileOpen(true);
          }}
        >
          <ListItemIcon>
            <ManageAccountsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Edit Profile</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setPasswordOpen(true);
          }}
        >
          <ListItemIcon>
            <KeyIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Change Password</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => void resetPassword()}>
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Reset Password</ListItemText>
        </MenuItem>
        {/* Spec 01 §2 gives every role /support but names no entry for it; the menu is where each role has one. */}
        <MenuItem
          onClick={() => {
            close();
            navigate('/support');
          }}
        >
          <ListItemIcon>
            <SupportIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Support</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void session.logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
      <EditProfileDialog open={profileOpen} user={user} onClose={() => setProfileOpen(false)} onUpdated={session.updateUser} />
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
