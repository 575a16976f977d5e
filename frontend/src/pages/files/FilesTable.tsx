import CloudOutlinedIcon from '@mui/icons-material/CloudOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import FolderIcon from '@mui/icons-material/Folder';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import {
  Box,
  Checkbox,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useState, type DragEvent, type MouseEvent } from 'react';
import { TooltipAction } from '../../components/TooltipAction';
import { formatDate } from '../../components/format';
import { FileStatusBadge } from '../../features/files/FileStatusBadge';
import { fileTypeLabel, formatBytes } from '../../features/files/file-rules';
import type { DataSourceItem } from '../../features/files/types';
import type { SortField, SortOrder } from '../../features/files/useFiles';
import { STICKY_ACTIONS_SX } from '../../components/table-layout';

/** The drag payload type of a file row; other drags (desktop files, text) are ignored by folder rows. */
export const FILE_DRAG_TYPE = 'application/x-groundwork-file';

export type MenuAnchor = { element: HTMLElement } | { x: number; y: number };

interface FilesTableProps {
  items: DataSourceItem[];
  /** Spec 02 §6: checkboxes and select-all are for admins only. */
  selectable: boolean;
  selected: { has: (id: string) => boolean };
  onToggle: (item: DataSourceItem) => void;
  onToggleAll: (checked: boolean) => void;
  sortBy: SortField;
  sortOrder: SortOrder;
  onSort: (field: SortField) => void;
  onOpenFolder: (item: DataSourceItem) => void;
  onDetails: (item: DataSourceItem) => void;
  onDownload: (item: DataSourceItem) => void;
  onMenu: (item: DataSourceItem, anchor: MenuAnchor) => void;
  /** A file row dropped onto a folder row. */
  onDropFile: (fileId: string, folder: DataSourceItem) => void;
  canManage: (item: DataSourceItem) => boolean;
}

const SORTABLE: Array<{ field: SortField; label: string; align?: 'right' }> = [
  { field: 'name', label: 'Name' },
  { field: 'size', label: 'Size', align: 'right' },
  { field: 'updated_at', label: 'Last Modified' },
];

export function FilesTable(props: FilesTableProps) {
  const { items, selectable, selected, onToggle, onToggleAll, sortBy, sortOrder, onSort } = props;
  const selectedHere = items.filter((item) => selected.has(item.id)).length;

  return (
    <TableContainer>
      <Table aria-label="Files" size="medium">
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  indeterminate={selectedHere > 0 && selectedHere < items.length}
                  checked={items.length > 0 && selectedHere === items.length}
                  disabled={items.length === 0}
                  onChange={(event) => onToggleAll(event.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Select all' } }}
                />
              </TableCell>
            )}
            {SORTABLE.map(({ field, label, align }) => (
              <TableCell
                key={field}
                align={align}
                sortDirection={sortBy === field ? sortOrder : false}
                sx={field === 'size' || field === 'updated_at' ? { display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' } : undefined}
              >
                <TableSortLabel active={sortBy === field} direction={sortBy === field ? sortOrder : field === 'name' ? 'asc' : 'desc'} onClick={() => onSort(field)}>
                  {label}
                </TableSortLabel>
              </TableCell>
            ))}
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Source</TableCell>
            <TableCell align="right" sx={STICKY_ACTIONS_SX}>
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <ItemRow key={item.id} item={item} {...props} checked={selected.has(item.id)} onToggle={() => onToggle(item)} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type RowProps = Omit<FilesTableProps, 'items' | 'onToggle' | 'selected' | 'onToggleAll' | 'sortBy' | 'sortOrder' | 'onSort'> & {
  item: DataSourceItem;
  checked: boolean;
  onToggle: () => void;
};

function ItemRow({ item, selectable, checked, onToggle, onOpenFolder, onDetails, onDownload, onMenu, onDropFile, canManage }: RowProps) {
  const folder = item.item_type === 'folder';
  const manageable = canManage(item);
  const [dropTarget, setDropTarget] = useState(false);

  const contextMenu = (event: MouseEvent) => {
    event.preventDefault();
    onMenu(item, { x: event.clientX, y: event.clientY });
  };

  // Spec 02: a file can be dragged onto a folder to move it. Only files the caller may move are draggable.
  const dragProps =
    !folder && manageable
      ? {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.setData(FILE_DRAG_TYPE, item.id);
            event.dataTransfer.setData('text/plain', item.name);
            event.dataTransfer.effectAllowed = 'move';
          },
        }
      : {};
  const dropProps = folder
    ? {
        onDragOver: (event: DragEvent) => {
          if (!Array.from(event.dataTransfer.types).includes(FILE_DRAG_TYPE)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setDropTarget(true);
        },
        onDragLeave: () => setDropTarget(false),
        onDrop: (event: DragEvent) => {
          setDropTarget(false);
          const fileId = event.dataTransfer.getData(FILE_DRAG_TYPE);
          if (!fileId) return;
          event.preventDefault();
          onDropFile(fileId, item);
        },
      }
    : {};

  const size = folder ? item.total_size : item.metadata?.file_size;
  return (
    <TableRow
      hover
      selected={checked}
      onContextMenu={contextMenu}
      data-testid={folder ? 'folder-row' : 'file-row'}
      data-item-name={item.name}
      data-status={item.status}
      {...dragProps}
      {...dropProps}
      sx={{
        cursor: dragProps.draggable ? 'grab' : undefined,
        ...(dropTarget ? { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2, bgcolor: 'action.hover' } : {}),
      }}
    >
      {selectable && (
        <TableCell padding="checkbox">
          <Checkbox checked={checked} onChange={onToggle} slotProps={{ input: { 'aria-label': `Select ${item.name}` } }} />
        </TableCell>
      )}
      <TableCell sx={{ maxWidth: 420 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          {dragProps.draggable && <DragIndicatorIcon fontSize="small" sx={{ color: 'text.disabled', ml: -0.5, mr: -1 }} aria-hidden />}
          <ItemIcon item={item} />
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Link
                component="button"
                type="button"
                underline="hover"
                color="inherit"
                onClick={() => (folder ? onOpenFolder(item) : onDetails(item))}
                sx={{ fontWeight: 600, fontSize: 14, textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 320 }}
                title={item.name}
              >
                {item.name}
              </Link>
              <FileStatusBadge item={item} />
            </Stack>
            <Typography variant="caption" color="text.secondary" component="div" noWrap data-testid={folder ? 'folder-counts' : undefined}>
              {folder ? folderSummary(item) : [fileTypeLabel(item), item.created_by_name].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Stack>
      </TableCell>
      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap', color: 'text.secondary' }}>
        {formatBytes(size ?? 0)}
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatDate(item.updated_at)}</TableCell>
      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, color: 'text.secondary' }}>{sourceLabel(item)}</TableCell>
      <TableCell align="right" sx={STICKY_ACTIONS_SX}>
        {!folder && (
          <>
            <TooltipAction title="Details">
              <IconButton size="small" aria-label={`Details of ${item.name}`} onClick={() => onDetails(item)}>
                <InfoOutlinedIcon fontSize="small" />
              </IconButton>
            </TooltipAction>
            <TooltipAction title={item.status !== 'active' ? 'Download is available once the file is processed' : manageable ? 'Download' : 'Only admins and the owner can download'}>
              <IconButton size="small" aria-label={`Download ${item.name}`} disabled={item.status !== 'active' || !manageable} onClick={() => onDownload(item)}>
                <DownloadIcon fontSize="small" />
              </IconButton>
            </TooltipAction>
          </>
        )}
        <TooltipAction title="More actions">
          <IconButton size="small" aria-label={`More actions for ${item.name}`} aria-haspopup="menu" onClick={(event) => onMenu(item, { element: event.currentTarget })}>
            <MoreVertIcon fontSize="small" />
          </IconButton>
        </TooltipAction>
      </TableCell>
    </TableRow>
  );
}

function ItemIcon({ item }: { item: DataSourceItem }) {
  if (item.item_type === 'folder') return <FolderIcon sx={{ color: '#f59e0b' }} aria-hidden />;
  if (item.source_type === 'drive_sync') return <CloudOutlinedIcon color="primary" aria-hidden />;
  if (fileTypeLabel(item) === 'PDF') return <PictureAsPdfOutlinedIcon sx={{ color: '#dc2626' }} aria-hidden />;
  return <InsertDriveFileOutlinedIcon color="action" aria-hidden />;
}

/** Spec 02: folder rows show '{n} total files ({m} direct)', subfolder counts and the creator. */
export function folderSummary(item: DataSourceItem): string {
  const total = item.total_file_count ?? 0;
  const direct = item.direct_file_count ?? 0;
  const directFolders = item.direct_subfolder_count ?? 0;
  const totalFolders = item.total_subfolder_count ?? directFolders;
  const folders = `${directFolders} ${directFolders === 1 ? 'subfolder' : 'subfolders'}${totalFolders !== directFolders ? ` (${totalFolders} total)` : ''}`;
  const parts = [`${total} total files (${direct} direct)`, folders];
  if (item.created_by_name) parts.push(`by ${item.created_by_name}`);
  return parts.join(' · ');
}

function sourceLabel(item: DataSourceItem): string {
  if (item.item_type === 'folder') return 'Folder';
  return item.source_type === 'drive_sync' ? 'Google Drive' : 'Upload';
}
