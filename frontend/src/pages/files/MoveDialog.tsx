import FolderIcon from '@mui/icons-material/Folder';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { blockedFolderIds, MESSAGES } from '../../features/files/file-rules';
import type { DataSourceItem, Folder } from '../../features/files/types';
import { useFolderHierarchy } from '../../features/files/useFiles';

interface MoveDialogProps {
  /** The items to move; the dialog is open while there are any. */
  items: DataSourceItem[] | undefined;
  /** The folder being listed: where items without a `folder_id` live. */
  currentFolderId: string | undefined;
  onClose: () => void;
  /** `destination` null is the root (Home). */
  onMove: (items: DataSourceItem[], destination: { id: string | null; name: string }) => Promise<void>;
}

interface TreeRow {
  folder: Folder;
  level: number;
}

/**
 * Spec 02 move dialog 'Select Destination Folder': the whole tree from Home (contract §10.2). The moved
 * folders and their descendants are marked "Can't move to this folder" and cannot be chosen; the server
 * refuses such a move too (§10.7), but the dialog never lets one be sent.
 */
export function MoveDialog({ items, currentFolderId, onClose, onMove }: MoveDialogProps) {
  const open = Boolean(items && items.length > 0);
  const hierarchy = useFolderHierarchy(open);
  const [selected, setSelected] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    if (open) {
      setSelected(undefined);
      setError(undefined);
    }
  }, [open, items]);

  const rows = useMemo(() => (hierarchy.data ? treeRows(hierarchy.data.rootFolder, hierarchy.data.folders) : []), [hierarchy.data]);
  const blocked = useMemo(() => {
    const moved = (items ?? []).filter((item) => item.item_type === 'folder').map((item) => item.id);
    return blockedFolderIds(hierarchy.data?.folders ?? [], moved);
  }, [hierarchy.data, items]);

  const rootId = hierarchy.data?.rootFolder.id;
  const parentOf = (item: DataSourceItem) => item.folder_id ?? currentFolderId ?? rootId;
  // Items already in the chosen folder stay where they are; with nothing left to move the button is off.
  const toMove = (items ?? []).filter((item) => selected !== undefined && parentOf(item) !== selected);
  const chosen = rows.find((row) => row.folder.id === selected)?.folder;

  const move = async () => {
    if (!chosen || toMove.length === 0 || blocked.has(chosen.id)) return;
    setBusy(true);
    setError(undefined);
    try {
      await onMove(toMove, { id: chosen.is_root ? null : chosen.id, name: chosen.is_root ? 'Home' : chosen.name });
    } catch (moveError) {
      setError(moveError);
    } finally {
      setBusy(false);
    }
  };

  const count = items?.length ?? 0;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="move-dialog-title">
      <DialogTitle id="move-dialog-title">Select Destination Folder</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {count === 1 ? `Moving "${items?.[0]?.name ?? ''}"` : `Moving ${count} items`}
        </Typography>
        {error !== undefined && <ErrorAlert title={MESSAGES.moveItemsFailed} error={error} onClose={() => setError(undefined)} sx={{ mb: 2 }} />}
        {hierarchy.error !== undefined && <ErrorAlert title="Failed to load folders" error={hierarchy.error} sx={{ mb: 2 }} />}
        {!hierarchy.data && !hierarchy.error && <Typography color="text.secondary">Loading...</Typography>}
        <List dense aria-label="Destination folders" data-testid="move-tree" sx={{ maxHeight: 380, overflowY: 'auto' }}>
          {rows.map(({ folder, level }) => {
            const refused = blocked.has(folder.id);
            const name = folder.is_root ? 'Home' : folder.name;
            return (
              <ListItemButton
                key={folder.id}
                selected={selected === folder.id}
                disabled={refused || busy}
                // A disabled MUI list button still receives forced or scripted clicks.
                onClick={() => !refused && setSelected(folder.id)}
                data-testid="move-target"
                data-folder-name={name}
                aria-current={selected === folder.id ? 'true' : undefined}
                sx={{ pl: 1.5 + level * 2.5 }}
              >
                <ListItemIcon sx={{ minWidth: 34 }}>{folder.is_root ? <HomeOutlinedIcon fontSize="small" /> : <FolderIcon fontSize="small" sx={{ color: refused ? 'action.disabled' : '#f59e0b' }} />}</ListItemIcon>
                <ListItemText
                  primary={name}
                  secondary={refused ? MESSAGES.cannotMoveHere : undefined}
                  slotProps={{ secondary: { color: 'error', variant: 'caption' } }}
                />
              </ListItemButton>
            );
          })}
        </List>
        {selected !== undefined && toMove.length === 0 && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="caption" color="text.secondary">
              {count === 1 ? 'The item is already in this folder.' : 'The items are already in this folder.'}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void move()} disabled={busy || !chosen || toMove.length === 0 || (chosen && blocked.has(chosen.id))}>
          {busy ? 'Moving...' : 'Move Here'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The tree in display order: Home, then each folder under its parent, by name. The server already sends
 * depth-first order (§10.2); rebuilding it from `parent_id` keeps the dialog right even if it did not.
 */
export function treeRows(root: Folder, folders: readonly Folder[]): TreeRow[] {
  const children = new Map<string, Folder[]>();
  for (const folder of folders) {
    if (folder.id === root.id) continue;
    const parent = folder.parent_id ?? root.id;
    const list = children.get(parent) ?? [];
    list.push(folder);
    children.set(parent, list);
  }
  const rows: TreeRow[] = [];
  const seen = new Set<string>();
  const visit = (folder: Folder, level: number) => {
    if (seen.has(folder.id)) return;
    seen.add(folder.id);
    rows.push({ folder, level });
    const kids = [...(children.get(folder.id) ?? [])].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    for (const child of kids) visit(child, level + 1);
  };
  visit(root, 0);
  return rows;
}
