import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DriveFile } from '../../../../shared/api/schemas/drive';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SearchField } from '../../components/SearchField';
import { formatDate } from '../../components/format';
import { formatBytes } from '../../features/files/file-rules';
import { DRIVE_TEXTS, nearBottom } from './drive-rules';
import { useDriveApi } from './useDrive';

interface DrivePickerDialogProps {
  open: boolean;
  accessToken: string;
  onClose: () => void;
  /** Resolves when the sync was answered; the dialog stays busy until then. */
  onSync: (files: DriveFile[]) => Promise<void>;
  /** A Drive answer that the token is no longer good: the page asks Google again. */
  onTokenRejected: (error: unknown) => void;
}

const isTokenRejected = (error: unknown) => (error as { code?: string } | undefined)?.code === 'DRIVE_AUTH_REQUIRED';

/**
 * Spec 02's 'Select Files from Google Drive': search, Refresh, the 'Synced' badge, the next page
 * when the list is scrolled within 100 px of its bottom, and 'Sync N Files'.
 */
export function DrivePickerDialog({ open, accessToken, onClose, onSync, onTokenRejected }: DrivePickerDialogProps) {
  const { listPage } = useDriveApi();
  const [files, setFiles] = useState<DriveFile[]>([]);
  const [nextPageToken, setNextPageToken] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Map<string, DriveFile>>(new Map());
  const [syncing, setSyncing] = useState(false);
  const generation = useRef(0);
  const listRef = useRef<HTMLDivElement | null>(null);

  const load = useCallback(
    async (pageToken: string | undefined) => {
      const mine = ++generation.current;
      setLoading(true);
      setError(undefined);
      try {
        const page = await listPage(accessToken, { pageToken, search: query });
        if (mine !== generation.current) return;
        setFiles((shown) => (pageToken ? [...shown, ...page.files] : page.files));
        setNextPageToken(page.nextPageToken);
      } catch (failure) {
        if (mine !== generation.current) return;
        if (isTokenRejected(failure)) onTokenRejected(failure);
        setError(failure);
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [accessToken, listPage, onTokenRejected, query],
  );

  // The first page, again whenever the dialog opens or the search changes.
  useEffect(() => {
    if (!open) return;
    setFiles([]);
    setNextPageToken(undefined);
    void load(undefined);
  }, [open, load]);

  useEffect(() => {
    if (!open) setSelected(new Map());
  }, [open]);

  const loadMoreIfNear = () => {
    const box = listRef.current;
    if (box && nextPageToken && !loading && nearBottom(box)) void load(nextPageToken);
  };

  // A first page too short to scroll cannot be scrolled near its bottom: the next one loads at once.
  useEffect(loadMoreIfNear);

  const toggle = (file: DriveFile) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(file.id)) next.delete(file.id);
      else next.set(file.id, file);
      return next;
    });

  const sync = async () => {
    setSyncing(true);
    try {
      await onSync([...selected.values()]);
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Dialog open={open} onClose={syncing ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="drive-picker-title">
      <DialogTitle id="drive-picker-title">{DRIVE_TEXTS.pickerTitle}</DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              setQuery(search);
            }}
          >
            <SearchField value={search} onChange={setSearch} label="Search Drive files" testId="drive-search" />
          </Box>
          <Button startIcon={<RefreshIcon />} onClick={() => (query === search ? void load(undefined) : setQuery(search))} disabled={loading && files.length === 0}>
            {DRIVE_TEXTS.refresh}
          </Button>
        </Stack>
        {error !== undefined && <ErrorAlert title={DRIVE_TEXTS.loadFailed} error={error} sx={{ mb: 2 }} />}
        <Box ref={listRef} onScroll={loadMoreIfNear} sx={{ height: { xs: 360, sm: 420 }, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="drive-file-list">
          <List dense disablePadding>
            {files.map((file) => {
              const checked = selected.has(file.id);
              return (
                <ListItem key={file.id} disablePadding data-testid="drive-file" data-file-id={file.id}>
                  <ListItemButton onClick={() => toggle(file)} disabled={!file.supported}>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <Checkbox edge="start" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-label': `Select ${file.name}` } }} />
                    </ListItemIcon>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      <InsertDriveFileOutlinedIcon fontSize="small" aria-hidden />
                    </ListItemIcon>
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <span>{file.name}</span>
                          {file.isSynced && <Chip size="small" color="success" variant="outlined" label={DRIVE_TEXTS.synced} data-testid="drive-synced-badge" />}
                          {!file.supported && <Chip size="small" variant="outlined" label={DRIVE_TEXTS.notSupported} />}
                        </Stack>
                      }
                      secondary={`${file.size === null || file.size === undefined ? 'Google document' : formatBytes(file.size)} · ${formatDate(file.modifiedTime)}`}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
          {loading && (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
              <CircularProgress size={24} aria-label="Loading Drive files" />
            </Box>
          )}
          {!loading && error === undefined && files.length === 0 && (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {DRIVE_TEXTS.noDriveFiles}
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={syncing}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void sync()} disabled={selected.size === 0 || syncing} data-testid="drive-sync-button">
          {syncing ? 'Syncing...' : DRIVE_TEXTS.syncButton(selected.size)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
