import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { DataSourceItem } from '../../features/files/types';
import type { MenuAnchor } from './FilesTable';

interface ItemMenuProps {
  target: { item: DataSourceItem; anchor: MenuAnchor } | undefined;
  canManage: boolean;
  onClose: () => void;
  onRename: (item: DataSourceItem) => void;
  onMove: (item: DataSourceItem) => void;
  onDelete: (item: DataSourceItem) => void;
}

/**
 * Spec 02 right-click menu (Rename, Delete), also opened from each row's "More actions" button so it is
 * reachable without a mouse. Move sits beside them because the bulk move is for admins only, and an
 * owner may still move their own items (contract §9.7).
 */
export function ItemMenu({ target, canManage, onClose, onRename, onMove, onDelete }: ItemMenuProps) {
  const anchor = target?.anchor;
  const run = (action: (item: DataSourceItem) => void) => () => {
    if (!target) return;
    onClose();
    action(target.item);
  };
  return (
    <Menu
      open={Boolean(target)}
      onClose={onClose}
      {...(anchor && 'element' in anchor
        ? { anchorEl: anchor.element }
        : { anchorReference: 'anchorPosition' as const, anchorPosition: anchor ? { top: anchor.y, left: anchor.x } : undefined })}
      slotProps={{ list: { 'aria-label': target ? `Actions for ${target.item.name}` : 'Actions', dense: true } }}
    >
      <MenuItem onClick={run(onRename)} disabled={!canManage}>
        <ListItemIcon>
          <EditOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Rename</ListItemText>
      </MenuItem>
      <MenuItem onClick={run(onMove)} disabled={!canManage}>
        <ListItemIcon>
          <DriveFileMoveOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Move</ListItemText>
      </MenuItem>
      <MenuItem onClick={run(onDelete)} disabled={!canManage} sx={{ color: 'error.main' }}>
        <ListItemIcon>
          <DeleteOutlinedIcon fontSize="small" color="error" />
        </ListItemIcon>
        <ListItemText>Delete</ListItemText>
      </MenuItem>
    </Menu>
  );
}
