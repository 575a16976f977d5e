import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { Alert, Box, Button, IconButton, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ActionsPanel } from '../../components/list-page/ActionsPanel';
import { DeleteConfirmation, useDeleteConfirmation } from '../../components/list-page/DeleteConfirmation';
import { ListPanel } from '../../components/list-page/ListPanel';
import { pageOf } from '../../components/list-page/page-window';
import { SelectableRow, SelectionHeaderCell } from '../../components/list-page/SelectableRow';
import { usePageSize, useRowSelection } from '../../components/list-page/useListPage';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../components/format';
import { useNotifier } from '../../components/useNotifier';
import { FileDetailsDialog } from '../../features/files/FileDetailsDialog';
import { FileStatusBadge } from '../../features/files/FileStatusBadge';
import { DEFAULT_FILE_PAGE_SIZE, deleteConfirmText, FILE_PAGE_SIZES, fileTypeLabel, formatBytes, MESSAGES, MY_FILES_MAX_UPLOAD_MB } from '../../features/files/file-rules';
import type { DataSourceItem } from '../../features/files/types';
import { UploadDropzone } from '../../features/files/UploadDropzone';
import { UploadList } from '../../features/files/UploadList';
import { useDataSourceList, useFileActions } from '../../features/files/useFiles';
import { useFileUser } from '../../features/files/useFileUser';
import { useUploads } from '../../features/files/useUploads';
import { StorageSettingsDialog } from '../storage-settings/StorageSettingsDialog';

/**
 * Spec 02 My Uploaded Files (/data-sources/uploaded): the caller's own uploads (contract §9.1 preset
 * `source=file_upload&created_by=me&recursive=true&all=true`), an upload area limited to 10 MB, and the
 * object-storage settings behind the gear button.
 */
export function MyFilesPage() {
  const { user } = useFileUser();
  if (!user) {
    return (
      <Typography color="text.secondary" sx={{ p: 4 }} data-testid="login-needed">
        Please log in to view files.
      </Typography>
    );
  }
  return <MyFiles userId={user.id} />;
}

function MyFiles({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const { viewer } = useFileUser();
  const actions = useFileActions();
  const { notify, snackbar } = useNotifier();
  // Spec 02: the actions follow the role the server reports for this user (contract §7.3), not a cached one.
  const role = useSWR<{ role?: string }>(`/api/users/${encodeURIComponent(userId)}/role`);
  const isAdmin = role.data?.role?.toLowerCase() === 'admin';
  const list = useDataSourceList({ page: 1, limit: DEFAULT_FILE_PAGE_SIZE, source: 'file_upload', createdBy: 'me', recursive: true, all: true, sortBy: 'updated_at', sortOrder: 'desc' });
  const files = useMemo(() => (list.data?.dataSources ?? []).filter((item) => item.item_type === 'file'), [list.data]);

  const [page, setPage] = useState(1);
  const pageSize = usePageSize(FILE_PAGE_SIZES, DEFAULT_FILE_PAGE_SIZE, setPage);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [details, setDetails] = useState<DataSourceItem | undefined>();
  const [problem, setProblem] = useState<{ title: string; error?: unknown } | undefined>();
  // The whole list is here (all=true): it is paged on the client, and a page past the end shows the last one.
  const { rows: shown, pagination } = pageOf(files, page, pageSize.value);
  const selection = useRowSelection(shown);
  const selected = selection.selected;
  const deletion = useDeleteConfirmation<DataSourceItem>({
    remove: async (item) => {
      await actions.deleteOne(item);
      await actions.reload();
    },
    onDeleted: () => notify('File deleted successfully'),
    onFailed: (error) => setProblem({ title: 'Failed to delete file', error }),
  });

  const uploads = useUploads({
    maxMegabytes: MY_FILES_MAX_UPLOAD_MB,
    onUploaded: () => void actions.reload(),
    onBatchDone: ({ succeeded, failed }) => {
      if (failed > 0) notify(MESSAGES.uploadFailed, 'error');
      else if (succeeded > 0) notify(MESSAGES.uploaded);
    },
  });

  const download = async (item: DataSourceItem) => {
    try {
      await actions.download(item.id);
    } catch (error) {
      setProblem({ title: 'Failed to download data-source', error });
    }
  };

  const adminOnly = (action: string) => (isAdmin ? action : `Only admins can ${action.toLowerCase()} here`);

  return (
    <Box>
      <PageHeader
        title="My Uploaded Files"
        subtitle="Everything you uploaded, wherever it sits in the folder tree."
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button color="inherit" startIcon={<ArrowBackIcon />} onClick={() => navigate('/data-sources')}>
              All Files
            </Button>
            <Tooltip title="Object storage settings">
              <IconButton aria-label="Storage settings" onClick={() => setSettingsOpen(true)} sx={{ border: 1, borderColor: 'divider' }}>
                <SettingsOutlinedIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        }
      />

      {problem && <ErrorAlert title={problem.title} error={problem.error} onClose={() => setProblem(undefined)} sx={{ mb: 2 }} />}
      {role.error !== undefined && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Failed to fetch user role
        </Alert>
      )}

      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <UploadDropzone onFiles={uploads.add} maxMegabytes={MY_FILES_MAX_UPLOAD_MB} dense />
        <UploadList entries={uploads.entries} onCancel={uploads.cancel} />
        {uploads.entries.some((entry) => entry.state !== 'uploading' && entry.state !== 'queued') && (
          <Box sx={{ textAlign: 'right', mt: 1 }}>
            <Button size="small" color="inherit" onClick={uploads.clearFinished}>
              Clear finished
            </Button>
          </Box>
        )}
      </Paper>

      <ListPanel
        loadingLabel="Refreshing files"
        answer={list}
        errorTitle="Failed to fetch data sources"
        count={files.length}
        empty="You have not uploaded any files yet."
        emptyTestId="my-files-empty"
        pagination={pagination}
        page={pagination.page}
        onPageChange={setPage}
        pageSize={pageSize}
        actions={
          <ActionsPanel
            selection={selected?.name}
            noun="file"
            actions={[
              { label: 'Details', icon: <InfoOutlinedIcon />, variant: 'outlined', hint: adminOnly('View details'), disabled: !isAdmin, onClick: () => selected && setDetails(selected) },
              {
                label: 'Download',
                icon: <DownloadIcon />,
                hint: !isAdmin ? adminOnly('Download') : selected?.status === 'active' ? 'Download' : 'Download is available once the file is processed',
                disabled: !isAdmin || selected?.status !== 'active',
                onClick: () => selected && void download(selected),
              },
              { label: 'Delete', icon: <DeleteOutlinedIcon />, color: 'error', hint: adminOnly('Delete'), disabled: !isAdmin, onClick: () => selected && deletion.ask(selected) },
            ]}
          />
        }
      >
        <TableContainer>
          <Table aria-label="My uploaded files">
            <TableHead>
              <TableRow>
                <SelectionHeaderCell />
                <TableCell>Name</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  Size
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Folder</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Uploaded</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((item) => (
                <SelectableRow
                  key={item.id}
                  label={item.name}
                  selected={selection.isSelected(item)}
                  onToggle={() => selection.toggle(item)}
                  testId="my-file-row"
                  data={{ 'data-item-name': item.name, 'data-status': item.status }}
                >
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <InsertDriveFileOutlinedIcon color="action" fontSize="small" aria-hidden />
                      <Box sx={{ minWidth: 0 }}>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Typography variant="rowTitle" noWrap title={item.name}>
                            {item.name}
                          </Typography>
                          <FileStatusBadge item={item} />
                        </Stack>
                        <Typography variant="caption" color="text.secondary">
                          {fileTypeLabel(item)}
                        </Typography>
                      </Box>
                    </Stack>
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary', whiteSpace: 'nowrap' }}>
                    {formatBytes(item.metadata?.file_size)}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, color: 'text.secondary' }}>{folderOf(item)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary', whiteSpace: 'nowrap' }}>{formatDate(item.created_at)}</TableCell>
                </SelectableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListPanel>

      <StorageSettingsDialog
        open={settingsOpen}
        userId={userId}
        onClose={() => setSettingsOpen(false)}
        onSaved={() => {
          setSettingsOpen(false);
          notify('Storage settings saved successfully');
        }}
      />
      <FileDetailsDialog item={details} user={viewer} canDownload={isAdmin} onClose={() => setDetails(undefined)} onDownload={(item) => actions.download(item.id)} />
      <DeleteConfirmation state={deletion} title="Confirm Delete" message={(item) => deleteConfirmText(item.name)} />
      {snackbar}
    </Box>
  );
}

/** "Home/Reports/q1.pdf" → "Home / Reports". */
function folderOf(item: DataSourceItem): string {
  const parts = (item.path ?? '').split('/').filter(Boolean);
  return parts.length > 1 ? parts.slice(0, -1).join(' / ') : 'Home';
}
