import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box,
  Collapse,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Tooltip,
} from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { isEntryActive, type SidebarEntry } from '../../../shared/navigation/sidebar';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../theme/theme';
import { SIDEBAR_ICONS } from './sidebar-icons';
import type { SidebarState } from './sidebar-state';

interface SidebarProps {
  entries: readonly SidebarEntry[];
  state: SidebarState;
  /** Under 768 px the sidebar is a temporary drawer opened from the top bar. */
  mobile: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
}

export function Sidebar({ entries, state, mobile, mobileOpen, onMobileClose }: SidebarProps) {
  const collapsed = !mobile && state.collapsed;
  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;

  const content = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar />
      <Box component="nav" aria-label="Main navigation" sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden', px: 1.25, py: 1.5 }}>
        <List disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {entries.map((entry) =>
            entry.children && entry.children.length > 0 ? (
              <SidebarGroup key={entry.id} entry={entry} collapsed={collapsed} state={state} onNavigate={onMobileClose} />
            ) : (
              <SidebarLink key={entry.id} entry={entry} collapsed={collapsed} onNavigate={onMobileClose} />
            ),
          )}
        </List>
      </Box>
      {!mobile && (
        <>
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: collapsed ? 'center' : 'flex-end', p: 1 }}>
            <Tooltip title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} placement="right">
              <IconButton
                size="small"
                data-testid="sidebar-toggle"
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-expanded={!collapsed}
                onClick={() => state.setCollapsed(!collapsed)}
              >
                {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
              </IconButton>
            </Tooltip>
          </Box>
        </>
      )}
    </Box>
  );

  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        data-testid="app-sidebar"
        data-collapsed="false"
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}
        ModalProps={{ keepMounted: true }}
      >
        {content}
      </Drawer>
    );
  }

  return (
    <Drawer
      variant="permanent"
      data-testid="app-sidebar"
      data-collapsed={String(collapsed)}
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          borderRight: 1,
          borderColor: 'divider',
          transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        },
      }}
    >
      {content}
    </Drawer>
  );
}

interface ItemProps {
  entry: SidebarEntry;
  collapsed: boolean;
  onNavigate: () => void;
  nested?: boolean;
}

function SidebarLink({ entry, collapsed, onNavigate, nested = false }: ItemProps) {
  const { pathname } = useLocation();
  const Icon = SIDEBAR_ICONS[entry.icon];
  const active = isEntryActive(entry, pathname);
  const button = (
    <ListItemButton
      component={RouterLink}
      to={entry.path}
      selected={active}
      aria-current={active ? 'page' : undefined}
      // Collapsed to icons, the label survives as the accessible name and as a tooltip.
      aria-label={collapsed ? entry.label : undefined}
      data-testid={`nav-${entry.id}`}
      onClick={onNavigate}
      sx={{ minHeight: 42, pl: nested && !collapsed ? 4 : 1.5, justifyContent: collapsed ? 'center' : 'flex-start' }}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, justifyContent: 'center' }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {!collapsed && <ListItemText primary={entry.label} slotProps={{ primary: { noWrap: true, sx: { fontSize: 14 } } }} />}
    </ListItemButton>
  );
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      {collapsed ? (
        <Tooltip title={entry.label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </Box>
  );
}

function SidebarGroup({ entry, collapsed, state, onNavigate }: ItemProps & { state: SidebarState }) {
  const { pathname } = useLocation();
  const Icon = SIDEBAR_ICONS[entry.icon];
  const active = isEntryActive(entry, pathname);
  // Groups start open: the whole navigation is visible until the user folds a group away.
  const open = state.groupOpen(entry.id) ?? true;
  const panelId = `sidebar-group-${entry.id}`;

  const toggle = () => {
    if (collapsed) {
      // An icon-only group has no room for its items: expanding the sidebar shows them.
      state.setCollapsed(false);
      state.setGroupOpen(entry.id, true);
      return;
    }
    state.setGroupOpen(entry.id, !open);
  };

  const header = (
    <ListItemButton
      onClick={toggle}
      selected={collapsed && active}
      aria-expanded={collapsed ? false : open}
      aria-label={collapsed ? entry.label : undefined}
      aria-controls={panelId}
      data-testid={`nav-${entry.id}`}
      sx={{ minHeight: 42, pl: 1.5, justifyContent: collapsed ? 'center' : 'flex-start' }}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, justifyContent: 'center', color: active ? 'primary.main' : undefined }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {!collapsed && (
        <>
          <ListItemText primary={entry.label} slotProps={{ primary: { noWrap: true, sx: { fontSize: 14, fontWeight: active ? 600 : 400 } } }} />
          {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </>
      )}
    </ListItemButton>
  );

  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      {collapsed ? (
        <Tooltip title={entry.label} placement="right">
          {header}
        </Tooltip>
      ) : (
        header
      )}
      <Collapse in={open && !collapsed} timeout="auto" unmountOnExit>
        <List id={panelId} disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mt: 0.5 }}>
          {entry.children?.map((child) => (
            <SidebarLink key={child.id} entry={child} collapsed={collapsed} onNavigate={onNavigate} nested />
          ))}
        </List>
      </Collapse>
    </Box>
  );
}
