import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ClearIcon from '@mui/icons-material/Clear';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Box,
  Button,
  FormControl,
  IconButton,
  InputAdornment,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListPager } from '../../components/list-page/ListPager';
import { usePageSize } from '../../components/list-page/useListPage';
import { PageHeader } from '../../components/PageHeader';
import { useNotifier } from '../../components/useNotifier';
import { FileDetailsDialog } from '../../features/files/FileDetailsDialog';
import {
  bulkDeleteConfirmText,
  DEFAULT_FILE_PAGE_SIZE,
  deleteConfirmText,
  FILE_MANAGER_MAX_UPLOAD_MB,
  FILE_PAGE_SIZES,
  MESSAGES,
  summarizeMove,
  type MoveOutcome,
} from '../../features/files/file-rules';
import type { DataSourceItem } from '../../features/files/types';
import { UploadDialog } from '../../features/files/UploadDialog';
import { useCurrentFolder, useDataSourceList, useFileActions, type SortField, type SortOrder, type SourceFilter } from '../../features/files/useFiles';
import { useFileUser } from '../../features/files/useFileUser';
import { useUploads } from '../../features/files/useUploads';
import { FilesTable, type MenuAnchor } from './FilesTable';
import { FolderBreadcrumbs } from './FolderBreadcrumbs';
import { ItemMenu } from './ItemMenu';
import { MoveDialog } from './MoveDialog';
import { NameDialog, type NameDialogMode } from './NameDialog';

const SOURCES: Array<{ value: SourceFilter; label: string }> = [
  { value: 'all', label: 'All Files' },
  { value: 'file_upload', label: 'Uploaded Files' },
  { value: 'drive_sync', label: 'Drive Files' },
];

/** A page-level problem: the catalogue title and, for bulk actions, one line per failed item. */
interface Problem {
  title: string;
  error?: unknown;
  severity?: 'error' | 'warning';
}

/** Spec 02 Files page (/data-sources): the organization's folder tree and files. */
export function FilesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder') ?? undefined;
  const { isAdmin, canManage, viewer } = useFileUser();
  const actions = useFileActions();
  const { notify, snackbar } = useNotifier();

  const [source, setSource] = useState<SourceFilter>('all');
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const pageSize = usePageSize(FILE_PAGE_SIZES, DEFAULT_FILE_PAGE_SIZE, setPage);
  const limit = pageSize.value;
  const [sortBy, setSortBy] = useState<SortField>('updated_at');
  const [sortOrder, setSortOrder] = useState<SortOrder>('desc');
  const [selected, setSelected] = useState<Map<string, DataSourceItem>>(new Map());

  const [uploadOpen, setUploadOpen] = useState(false);
  const [nameDialog, setNameDialog] = useState<NameDialogMode | undefined>();
  const [moving, setMoving] = useState<DataSourceItem[] | undefined>();
  const [details, setDetails] = useState<DataSourceItem | undefined>();
  const [deleting, setDeleting] = useState<DataSourceItem | undefined>();
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [menu, setMenu] = useState<{ item: DataSourceItem; anchor: MenuAnchor } | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();

  const list = useDataSourceList({ page, limit, search, source, folderId, sortBy, sortOrder });
  const current = useCurrentFolder(folderId);
  const items = useMemo(() => list.data?.dataSources ?? [], [list.data]);
  const currentName = folderId ? (current.folder?.name ?? '') : 'Home';
  const destinationLabel = (current.path ?? [{ id: '', name: 'Home' }]).map((crumb, index) => (index === 0 ? 'Home' : crumb.name)).join(' / ');

  // A selection only makes sense for the rows on screen.
  useEffect(() => setSelected(new Map()), [folderId, page, limit, search, source, sortBy, sortOrder]);

  const uploads = useUploads({
    maxMegabytes: FILE_MANAGER_MAX_UPLOAD_MB,
    folderId,
    onUploaded: () => void actions.reload(),
    onBatchDone: ({ succeeded, failed }) => {
      if (failed > 0) notify(MESSAGES.uploadFailed, 'error');
      else if (succeeded > 0) notify(MESSAGES.uploaded);
    },
  });

  const openFolder = useCallback(
    (id: string | undefined) => {
      setParams(id ? { folder: id } : {});
      setPage(1);
      setSearch('');
      setSearchInput('');
      setProblem(undefined);
    },
    [setParams],
  );

  const applySearch = (value: string) => {
    setSearch(value.trim());
    setPage(1);
  };

  const sort = (field: SortField) => {
    if (field === sortBy) setSortOrder((order) => (order === 'asc' ? 'desc' : 'asc'));
    else {
      setSortBy(field);
      setSortOrder(field === 'name' ? 'asc' : 'desc');
    }
    setPage(1);
  };

  const toggle = (item: DataSourceItem) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(item.id)) next.delete(item.id);
      else next.set(item.id, item);
      return next;
    });
  const toggleAll = (checked: boolean) => setSelected(checked ? new Map(items.map((item) => [item.id, item])) : new Map());

  const runMove = async (moved: DataSourceItem[], destination: { id: string | null; name: string }) => {
    const outcomes: MoveOutcome[] = [];
    for (const item of moved) {
      try {
        await actions.moveOne(item, destination.id);
        outcomes.push({ item });
      } catch (error) {
        outcomes.push({ item, error });
      }
    }
    await actions.reload();
    setSelected(new Map());
    const summary = summarizeMove(outcomes);
    if (summary.severity === 'success') {
      setProblem(undefined);
      notify(`${summary.message} to "${destination.name}"`);
    } else {
      setProblem({ title: summary.message, error: new Error(summary.failures.join('\n')), severity: summary.severity });
    }
  };

  const dropFile = (fileId: string, target: { id: string | null; name: string }) => {
    const item = items.find((candidate) => candidate.id === fileId);
    if (!item) {
      setProblem({ title: MESSAGES.moveFilesFailed, error: new Error(`Item ${fileId} not found in the current list. Please refresh and try again.`) });
      return;
    }
    if (target.id === (item.folder_id ?? folderId ?? null)) return;
    void runMove([item], target);
  };

  const bulkDelete = async () => {
    const chosen = [...selected.values()];
    if (chosen.length === 0) return;
    // Spec 02: the bulk delete asks through the browser's own confirm.
    if (!window.confirm(bulkDeleteConfirmText(chosen))) return;
    const failures: string[] = [];
    for (const item of chosen) {
      try {
        await actions.deleteOne(item);
      } catch (error) {
        failures.push(`${item.name}: ${error instanceof Error ? error.message : 'Request failed'}`);
      }
    }
    await actions.reload();
    setSelected(new Map());
    if (failures.length > 0) setProblem({ title: 'Failed to delete data-source', error: new Error(failures.join('\n')) });
    else notify(chosen.length === 1 ? (chosen[0]?.item_type === 'folder' ? 'Folder deleted successfully' : 'File deleted successfully') : `${chosen.length} items deleted successfully`);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const folder = deleting.item_type === 'folder';
    setDeleteBusy(true);
    try {
      await actions.deleteOne(deleting);
      await actions.reload();
      notify(folder ? 'Folder deleted successfully' : 'File deleted successfully');
      setProblem(undefined);
    } catch (error) {
      setProblem({ title: folder ? 'Failed to delete folder' : 'Failed to delete file', error });
    } finally {
      setDeleteBusy(false);
      setDeleting(undefined);
    }
  };

  const download = async (item: DataSourceItem) => {
    try {
      await actions.download(item.id);
    } catch (error) {
      setProblem({ title: 'Failed to download data-source', error });
    }
  };

  const submitName = async (mode: NameDialogMode, name: string, description: string) => {
    if (mode.kind === 'create-folder') {
      await actions.createFolder({ name, description, parentId: folderId ?? null });
      notify('Folder created successfully');
    } else if (mode.kind === 'rename-folder') {
      await actions.renameFolder(mode.id, name);
      notify('Folder renamed successfully');
    } else {
      await actions.renameFile(mode.id, name);
      notify('File renamed successfully');
    }
    setNameDialog(undefined);
  };

  const total = list.data?.total ?? 0;
  // A page emptied by deletes or moves steps back instead of showing nothing.
  const emptyPastEnd = Boolean(list.data) && items.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPastEnd) setPage((value) => Math.max(1, value - 1));
  }, [emptyPastEnd]);

  const chosen = [...selected.values()];
  const parent = current.path && current.path.length > 1 ? current.path[current.path.length - 2] : undefined;

  return (
    <Box>
      <PageHeader
        title="Files"
        subtitle="Upload documents, organize them in folders and use them in knowledge bases."
        action={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="text" startIcon={<PersonOutlineIcon />} onClick={() => navigate('/data-sources/uploaded')}>
              My Uploads
            </Button>
            {isAdmin && (
              <Button variant="outlined" startIcon={<CloudSyncOutlinedIcon />} onClick={() => navigate('/data-sources/drive')}>
                Sync Google Drive
              </Button>
            )}
            <Button variant="outlined" startIcon={<CreateNewFolderOutlinedIcon />} onClick={() => setNameDialog({ kind: 'create-folder' })}>
              Create Folder
            </Button>
            <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setUploadOpen(true)}>
              Upload Files
            </Button>
          </Stack>
        }
      />

      {problem && <ErrorAlert title={problem.title} error={problem.error} onClose={() => setProblem(undefined)} sx={{ mb: 2 }} />}

      <Paper variant="outlined">
        <Box sx={{ px: 2, pt: 2, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button
            size="small"
            color="inherit"
            startIcon={<ArrowBackIcon />}
            disabled={!folderId}
            onClick={() => openFolder(parent && current.path && current.path.length > 2 ? parent.id : undefined)}
          >
            Back
          </Button>
          <FolderBreadcrumbs
            path={current.path ?? []}
            onNavigate={openFolder}
            onDropFile={(fileId, folder) => dropFile(fileId, { id: folder.isRoot ? null : folder.id, name: folder.name })}
          />
        </Box>

        <Box sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControl size="small" sx={{ minWidth: 170 }}>
            <InputLabel id="files-source-label">Source</InputLabel>
            <Select
              labelId="files-source-label"
              label="Source"
              value={source}
              onChange={(event) => {
                setSource(event.target.value as SourceFilter);
                setPage(1);
              }}
              data-testid="files-source"
            >
              {SOURCES.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <TextField
            size="small"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applySearch(searchInput);
              }
            }}
            placeholder={`Search in ${currentName || 'this folder'}...`}
            sx={{ width: { xs: '100%', sm: 340 } }}
            slotProps={{
              htmlInput: { 'aria-label': 'Search files', 'data-testid': 'files-search', maxLength: 200 },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    {(searchInput || search) && (
                      <IconButton
                        size="small"
                        aria-label="Clear search"
                        onClick={() => {
                          setSearchInput('');
                          applySearch('');
                        }}
                      >
                        <ClearIcon fontSize="small" />
                      </IconButton>
                    )}
                    <IconButton size="small" aria-label="Search" onClick={() => applySearch(searchInput)} edge="end">
                      <SearchIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ flexGrow: 1 }} />
          {isAdmin && chosen.length > 0 && (
            <Stack direction="row" spacing={1} data-testid="bulk-actions">
              <Button variant="outlined" startIcon={<DriveFileMoveOutlinedIcon />} onClick={() => setMoving(chosen)}>
                Move Items ({chosen.length})
              </Button>
              <Button variant="outlined" color="error" startIcon={<DeleteOutlinedIcon />} onClick={() => void bulkDelete()}>
                Delete ({chosen.length})
              </Button>
            </Stack>
          )}
        </Box>

        {list.isValidating && list.data ? <LinearProgress sx={{ height: 2 }} aria-label="Refreshing files" /> : <Box sx={{ height: 2 }} />}
        {current.error !== undefined && folderId ? (
          <Box sx={{ p: 2 }}>
            <ErrorAlert title="Failed to load folder contents" error={current.error} />
            <Button sx={{ mt: 2 }} onClick={() => openFolder(undefined)}>
              Go to Home
            </Button>
          </Box>
        ) : list.error ? (
          <ErrorAlert title="Failed to fetch data sources" error={list.error} sx={{ m: 2 }} />
        ) : !list.data ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            Loading...
          </Typography>
        ) : items.length === 0 ? (
          <Box sx={{ p: 5, textAlign: 'center' }} data-testid="files-empty">
            <FolderOpenOutlinedIcon sx={{ fontSize: 44, color: 'text.disabled' }} />
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {search ? 'No files match your search' : source !== 'all' ? 'No files from this source here' : 'This folder is empty'}
            </Typography>
            {!search && source === 'all' && (
              <Button sx={{ mt: 1.5 }} startIcon={<UploadFileIcon />} onClick={() => setUploadOpen(true)}>
                Upload Files
              </Button>
            )}
          </Box>
        ) : (
          <FilesTable
            items={items}
            selectable={isAdmin}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            sortBy={sortBy}
            sortOrder={sortOrder}
            onSort={sort}
            onOpenFolder={(item) => openFolder(item.id)}
            onDetails={setDetails}
            onDownload={(item) => void download(item)}
            onMenu={(item, anchor) => setMenu({ item, anchor })}
            onDropFile={(fileId, folder) => dropFile(fileId, { id: folder.id, name: folder.name })}
            canManage={canManage}
          />
        )}
        {list.data?.truncated && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1 }}>
            This folder holds more items than one list can read; narrow it with search or folders.
          </Typography>
        )}
        <ListPager
          keepWhenEmpty
          pagination={{ page, limit, total, totalPages: Math.ceil(total / limit) }}
          page={page}
          onPageChange={setPage}
          pageSize={pageSize}
        />
      </Paper>

      <ItemMenu
        target={menu}
        canManage={menu ? canManage(menu.item) : false}
        onClose={() => setMenu(undefined)}
        onRename={(item) => setNameDialog({ kind: item.item_type === 'folder' ? 'rename-folder' : 'rename-file', id: item.id, name: item.name })}
        onMove={(item) => setMoving([item])}
        onDelete={setDeleting}
      />
      <UploadDialog open={uploadOpen} onClose={() => setUploadOpen(false)} uploads={uploads} maxMegabytes={FILE_MANAGER_MAX_UPLOAD_MB} destination={destinationLabel} />
      <NameDialog mode={nameDialog} onClose={() => setNameDialog(undefined)} onSubmit={submitName} />
      <MoveDialog
        items={moving}
        currentFolderId={folderId ?? current.rootFolder?.id}
        onClose={() => setMoving(undefined)}
        onMove={async (moved, destination) => {
          setMoving(undefined);
          await runMove(moved, destination);
        }}
      />
      <FileDetailsDialog item={details} user={viewer} onClose={() => setDetails(undefined)} onDownload={(item) => actions.download(item.id)} />
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Confirm Delete"
        message={
          deleting ? (
            <>
              {deleteConfirmText(deleting.name)}
              {deleting.item_type === 'folder' && ' Everything inside it is deleted too.'}
            </>
          ) : (
            ''
          )
        }
        confirmLabel="Delete"
        destructive
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(undefined)}
      />
      {snackbar}
    </Box>
  );
}
