import AddToDriveIcon from '@mui/icons-material/AddToDrive';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Alert, AlertTitle, Box, Button, IconButton, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import type { DriveFile } from '../../../../shared/api/schemas/drive';
import { ErrorAlert } from '../../components/ErrorAlert';
import { DeleteConfirmation, useDeleteConfirmation } from '../../components/list-page/DeleteConfirmation';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../components/format';
import { useNotifier } from '../../components/useNotifier';
import { useRuntimeConfig } from '../../config/RuntimeConfigContext';
import { FileDetailsDialog } from '../../features/files/FileDetailsDialog';
import { FileStatusBadge } from '../../features/files/FileStatusBadge';
import { deleteConfirmText, formatBytes } from '../../features/files/file-rules';
import type { DataSourceItem } from '../../features/files/types';
import { useDataSourceList, useFileActions } from '../../features/files/useFiles';
import { useFileUser } from '../../features/files/useFileUser';
import { DRIVE_SUCCESS_CLEAR_MS, DRIVE_TEXTS, SYNCED_PAGE_SIZE, tokenUsable } from './drive-rules';
import { DrivePickerDialog } from './DrivePickerDialog';
import { requestDriveToken, type DriveToken } from './google-identity';
import { useDriveApi } from './useDrive';

/** Spec 02's cloud drive source page (/data-sources/drive): connect, pick and sync, and the synced files. */
export function DrivePage() {
  const config = useRuntimeConfig();
  return (
    <Box>
      <PageHeader title={DRIVE_TEXTS.title} subtitle={DRIVE_TEXTS.subtitle} />
      {config.googleDriveClientId ? <DriveConnection clientId={config.googleDriveClientId} /> : <NotConfigured />}
      <SyncedDriveFiles />
    </Box>
  );
}

function NotConfigured() {
  return (
    <Alert severity="info" sx={{ mb: 3 }} data-testid="drive-not-configured">
      <AlertTitle>{DRIVE_TEXTS.notConfigured}</AlertTitle>
      {DRIVE_TEXTS.configureHint}
    </Alert>
  );
}

function DriveConnection({ clientId }: { clientId: string }) {
  const { sync } = useDriveApi();
  const [token, setToken] = useState<DriveToken | undefined>();
  const [connecting, setConnecting] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [problem, setProblem] = useState<{ title: string; error?: unknown } | undefined>();
  const [success, setSuccess] = useState<string | undefined>();
  const [failures, setFailures] = useState<string[]>([]);

  // Spec 02: the success message clears after 3 seconds.
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(undefined), DRIVE_SUCCESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const connect = async () => {
    setConnecting(true);
    setProblem(undefined);
    try {
      const fresh = tokenUsable(token) ? token! : await requestDriveToken(clientId);
      setToken(fresh);
      setPickerOpen(true);
    } catch (error) {
      setProblem({ title: (error as Error).message || DRIVE_TEXTS.noAccessToken });
    } finally {
      setConnecting(false);
    }
  };

  const tokenRejected = useCallback((error: unknown) => {
    setToken(undefined);
    setPickerOpen(false);
    setProblem({ title: DRIVE_TEXTS.loadFailed, error });
  }, []);

  const runSync = async (files: DriveFile[]) => {
    if (!token) return;
    setFailures([]);
    try {
      const answer = await sync(token.accessToken, files.map((file) => file.id));
      const names = new Map(files.map((file) => [file.id, file.name]));
      setFailures(answer.failed.map((failure) => DRIVE_TEXTS.failedFile(names.get(failure.fileId) ?? failure.fileId, failure.message)));
      if (answer.dataSources.length > 0) setSuccess(DRIVE_TEXTS.syncSucceeded);
      setPickerOpen(false);
    } catch (error) {
      if ((error as { code?: string }).code === 'DRIVE_AUTH_REQUIRED') setToken(undefined);
      setPickerOpen(false);
      setProblem({ title: DRIVE_TEXTS.syncFailed, error });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography color="text.secondary">
          {token ? 'Connected to Google Drive. Choose files to import; Google Docs, Sheets and Slides come in as Word, Excel and PowerPoint files.' : 'Connect your Google account to import files from Google Drive (read-only access).'}
        </Typography>
        <Button variant="contained" startIcon={token ? <FolderOpenOutlinedIcon /> : <AddToDriveIcon />} onClick={() => void connect()} disabled={connecting} data-testid="drive-connect">
          {token ? DRIVE_TEXTS.browse : DRIVE_TEXTS.connect}
        </Button>
      </Stack>
      {problem && <ErrorAlert title={problem.title} error={problem.error} onClose={() => setProblem(undefined)} sx={{ mt: 2 }} />}
      {success && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="drive-sync-success">
          {success}
        </Alert>
      )}
      {failures.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }} onClose={() => setFailures([])} data-testid="drive-sync-failures">
          {failures.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}
      {token && <DrivePickerDialog open={pickerOpen} accessToken={token.accessToken} onClose={() => setPickerOpen(false)} onSync={runSync} onTokenRejected={tokenRejected} />}
    </Paper>
  );
}

/** Spec 02's 'Synced Drive Files': contract §9.1's `source=drive_sync&recursive=true` preset. */
function SyncedDriveFiles() {
  const { viewer, isAdmin } = useFileUser();
  const actions = useFileActions();
  const { notify, snackbar } = useNotifier();
  const [page, setPage] = useState(1);
  const list = useDataSourceList({ page, limit: SYNCED_PAGE_SIZE, source: 'drive_sync', recursive: true, sortBy: 'updated_at', sortOrder: 'desc' });
  const files = (list.data?.dataSources ?? []).filter((item) => item.item_type === 'file');
  const [details, setDetails] = useState<DataSourceItem | undefined>();
  const [problem, setProblem] = useState<{ title: string; error?: unknown } | undefined>();
  const deletion = useDeleteConfirmation<DataSourceItem>({
    remove: async (item) => {
      await actions.deleteOne(item);
      await actions.reload();
    },
    onDeleted: () => notify('File deleted successfully'),
    onFailed: (error) => setProblem({ title: 'Failed to delete file', error }),
  });
  const download = async (item: DataSourceItem) => {
    try {
      await actions.download(item.id);
    } catch (error) {
      setProblem({ title: 'Failed to download data-source', error });
    }
  };

  return (
    <Paper variant="outlined">
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {DRIVE_TEXTS.syncedTable}
      </Typography>
      {list.error !== undefined && <ErrorAlert title={DRIVE_TEXTS.fetchSyncedFailed} error={list.error} sx={{ m: 2 }} />}
      {problem && <ErrorAlert title={problem.title} error={problem.error} onClose={() => setProblem(undefined)} sx={{ m: 2 }} />}
      <TableContainer>
        <Table aria-label={DRIVE_TEXTS.syncedTable}>
          <TableHead>
            <TableRow>
              <TableCell>File Name</TableCell>
              <TableCell align="right">Size</TableCell>
              <TableCell>Status</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Synced At</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((item) => (
              <TableRow key={item.id} data-testid="synced-drive-row" data-item-name={item.name} data-status={item.status}>
                <TableCell>{item.name}</TableCell>
                <TableCell align="right">{formatBytes(item.metadata?.file_size)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{item.status === 'active' ? 'Active' : item.status === 'failed' ? 'Failed' : 'Pending'}</span>
                    <FileStatusBadge item={item} />
                  </Stack>
                  {item.status === 'failed' && item.metadata?.error && (
                    <Typography variant="caption" color="error">
                      {item.metadata?.error}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{formatDate(item.metadata?.sync_completed_at ?? item.metadata?.sync_started_at ?? item.updated_at)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Details">
                    <IconButton aria-label={`Details of ${item.name}`} onClick={() => setDetails(item)}>
                      <InfoOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={item.status === 'active' ? 'Download' : 'Download is available once the file is processed'}>
                    <span>
                      <IconButton aria-label={`Download ${item.name}`} disabled={item.status !== 'active'} onClick={() => void download(item)}>
                        <DownloadIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  {isAdmin && (
                    <Tooltip title="Delete">
                      <IconButton aria-label={`Delete ${item.name}`} color="error" onClick={() => deletion.ask(item)}>
                        <DeleteOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {list.data && files.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }} data-testid="synced-drive-empty">
                    {DRIVE_TEXTS.noSyncedFiles}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {(list.data?.total ?? 0) > SYNCED_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page - 1}
          onPageChange={(_, next) => setPage(next + 1)}
          rowsPerPage={SYNCED_PAGE_SIZE}
          rowsPerPageOptions={[SYNCED_PAGE_SIZE]}
        />
      )}
      <FileDetailsDialog item={details} user={viewer} onClose={() => setDetails(undefined)} onDownload={(item) => download(item)} />
      <DeleteConfirmation state={deletion} title="Confirm Delete" message={(item) => deleteConfirmText(item.name)} />
      {snackbar}
    </Paper>
  );
}
