import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import SubdirectoryArrowLeftIcon from '@mui/icons-material/SubdirectoryArrowLeft';
import {
  Box,
  Breadcrumbs,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListPager } from '../../components/list-page/ListPager';
import { SearchField } from '../../components/SearchField';
import { SEARCH_DEBOUNCE_MS } from '../../config/ui-constants';
import { FileStatusBadge } from '../../features/files/FileStatusBadge';
import type { DataSourceItem } from '../../features/files/types';
import { useCurrentFolder, useDataSourceList } from '../../features/files/useFiles';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { FILE_PICKER_PAGE_SIZE, KB_MESSAGES, PICKER_TITLES, pickerConfirmLabel } from './knowledge-base-rules';
import type { SourceSummary } from './types';

interface FilePickerDialogProps {
  /** The files already chosen, with what is known of them; the picker starts from these. */
  initial: readonly SourceSummary[];
  onClose: () => void;
  onConfirm: (files: SourceSummary[]) => void;
}

const summaryOf = (item: DataSourceItem): SourceSummary => ({ id: item.id, name: item.name, detail: item.path });

/**
 * Spec 02 file picker: search, folder browsing with breadcrumbs and a '..' entry, checkboxes, the
 * selected files, folders before files, and 'Select (n) Files' (disabled at 0). Browsing uses the
 * file manager's calls (contract §9.1, §10.1, §10.3); the root shows as Home, as everywhere (§9).
 */
export function FilePickerDialog({ initial, onClose, onConfirm }: FilePickerDialogProps) {
  const [folderId, setFolderId] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<ReadonlyMap<string, SourceSummary>>(() => new Map(initial.map((item) => [item.id, item])));

  const current = useCurrentFolder(folderId);
  const list = useDataSourceList({ page, limit: FILE_PICKER_PAGE_SIZE, folderId, search: query, sortBy: 'name', sortOrder: 'asc' });

  const open = (id: string | undefined) => {
    setFolderId(id);
    setPage(1);
    setSearch('');
  };
  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  const toggle = (item: DataSourceItem, on: boolean) =>
    setSelected((before) => {
      const next = new Map(before);
      if (on) next.set(item.id, summaryOf(item));
      else next.delete(item.id);
      return next;
    });
  const unselect = (id: string) =>
    setSelected((before) => {
      const next = new Map(before);
      next.delete(id);
      return next;
    });

  const items = list.data?.dataSources ?? [];
  // The server already puts folders first; kept here too, the picker's order is part of the spec.
  const rows = [...items.filter((item) => item.item_type === 'folder'), ...items.filter((item) => item.item_type !== 'folder')];
  const path = current.path ?? [];
  const atRoot = folderId === undefined || current.folder?.is_root === true;
  const parentId = current.folder?.parent_id && current.folder.parent_id !== current.rootFolder?.id ? current.folder.parent_id : undefined;
  const pagination = list.data ? { page: list.data.page, limit: list.data.limit, total: list.data.total, totalPages: list.data.totalPages } : undefined;
  const chosen = [...selected.values()];

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="kb-file-picker-title">
      <DialogTitle id="kb-file-picker-title">{PICKER_TITLES.files}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          <SearchField value={search} onChange={changeSearch} label="Search files" placeholder="Search files in this folder..." testId="kb-file-search" />
          <Breadcrumbs aria-label="Folder path" separator={<NavigateNextIcon fontSize="small" />}>
            {(path.length > 0 ? path : [{ id: '', name: 'Home' }]).map((crumb, index, all) => {
              const name = index === 0 ? 'Home' : crumb.name;
              if (index === all.length - 1) {
                return (
                  <Typography key={crumb.id || 'root'} sx={{ fontWeight: 600, fontSize: 14 }} aria-current="page">
                    {name}
                  </Typography>
                );
              }
              return (
                <Link key={crumb.id || 'root'} component="button" type="button" underline="hover" color="inherit" sx={{ fontSize: 14 }} onClick={() => open(index === 0 ? undefined : crumb.id)}>
                  {name}
                </Link>
              );
            })}
          </Breadcrumbs>
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 240 }}>
            {list.isValidating && <LinearProgress sx={{ height: 2 }} aria-label="Loading files" />}
            {list.error ? (
              <ErrorAlert title={KB_MESSAGES.fetchFilesFailed} error={list.error} sx={{ m: 1.5 }} />
            ) : (
              <List dense aria-label="Folder contents" data-testid="kb-file-list">
                {!atRoot && (
                  <ListItemButton onClick={() => open(parentId)} aria-label="Parent folder">
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <SubdirectoryArrowLeftIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary=".." />
                  </ListItemButton>
                )}
                {rows.map((item) =>
                  item.item_type === 'folder' ? (
                    <ListItemButton key={item.id} onClick={() => open(item.id)} aria-label={`Open folder ${item.name}`}>
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        <FolderOutlinedIcon fontSize="small" color="primary" />
                      </ListItemIcon>
                      <ListItemText primary={item.name} secondary={typeof item.total_file_count === 'number' ? `${item.total_file_count} files` : undefined} />
                    </ListItemButton>
                  ) : (
                    <ListItem key={item.id} disablePadding sx={{ pl: 0.5 }}>
                      <Checkbox size="small" checked={selected.has(item.id)} onChange={(event) => toggle(item, event.target.checked)} slotProps={{ input: { 'aria-label': `Select ${item.name}` } }} />
                      <ListItemIcon sx={{ minWidth: 32 }}>
                        <InsertDriveFileOutlinedIcon fontSize="small" />
                      </ListItemIcon>
                      <ListItemText primary={item.name} secondary={query ? item.path : undefined} />
                      <FileStatusBadge item={item} />
                    </ListItem>
                  ),
                )}
                {list.data && rows.length === 0 && (
                  <ListItem>
                    <ListItemText secondary={query ? 'No files match your search' : 'This folder is empty'} />
                  </ListItem>
                )}
              </List>
            )}
            <ListPager pagination={pagination} page={page} onPageChange={setPage} />
          </Box>
          <Box aria-label="Selected files" role="region">
            <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
              Selected files ({chosen.length})
            </Typography>
            {chosen.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No files selected.
              </Typography>
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxHeight: 120, overflowY: 'auto' }}>
                {chosen.map((item) => (
                  <Chip key={item.id} size="small" label={item.name} onDelete={() => unselect(item.id)} />
                ))}
              </Box>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" disabled={chosen.length === 0} onClick={() => onConfirm(chosen)}>
          {pickerConfirmLabel('files', chosen.length)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
