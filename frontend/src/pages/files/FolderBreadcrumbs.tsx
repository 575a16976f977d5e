import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Box, Breadcrumbs, Link, Typography } from '@mui/material';
import { useState, type DragEvent, type ReactNode } from 'react';
import { FILE_DRAG_TYPE } from './FilesTable';

interface FolderBreadcrumbsProps {
  /** Root → current folder (contract §10.3 `path`). */
  path: Array<{ id: string; name: string }>;
  onNavigate: (folderId: string | undefined) => void;
  /** A file row dropped onto an ancestor: moving files up needs no dialog. */
  onDropFile: (fileId: string, folder: { id: string; name: string; isRoot: boolean }) => void;
}

/** Spec 02 Files page breadcrumbs, beginning at Home. */
export function FolderBreadcrumbs({ path, onNavigate, onDropFile }: FolderBreadcrumbsProps) {
  const crumbs = path.length > 0 ? path : [{ id: '', name: 'Home' }];
  return (
    <Breadcrumbs aria-label="Folder path" separator={<NavigateNextIcon fontSize="small" />} data-testid="folder-breadcrumbs">
      {crumbs.map((crumb, index) => {
        const isRoot = index === 0;
        const name = isRoot ? 'Home' : crumb.name;
        const last = index === crumbs.length - 1;
        const label = (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {isRoot && <HomeOutlinedIcon sx={{ fontSize: 18 }} aria-hidden />}
            {name}
          </Box>
        );
        if (last) {
          return (
            <Typography key={crumb.id || 'root'} color="text.primary" sx={{ fontWeight: 600, fontSize: 14 }} aria-current="page">
              {label}
            </Typography>
          );
        }
        return (
          <Crumb key={crumb.id || 'root'} onClick={() => onNavigate(isRoot ? undefined : crumb.id)} onDrop={(fileId) => onDropFile(fileId, { id: crumb.id, name, isRoot })}>
            {label}
          </Crumb>
        );
      })}
    </Breadcrumbs>
  );
}

function Crumb({ children, onClick, onDrop }: { children: ReactNode; onClick: () => void; onDrop: (fileId: string) => void }) {
  const [over, setOver] = useState(false);
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      color="inherit"
      onClick={onClick}
      onDragOver={(event: DragEvent) => {
        if (!Array.from(event.dataTransfer.types).includes(FILE_DRAG_TYPE)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event: DragEvent) => {
        setOver(false);
        const fileId = event.dataTransfer.getData(FILE_DRAG_TYPE);
        if (!fileId) return;
        event.preventDefault();
        onDrop(fileId);
      }}
      sx={{ fontSize: 14, borderRadius: 1, px: 0.5, ...(over ? { outline: '2px solid', outlineColor: 'primary.main' } : {}) }}
    >
      {children}
    </Link>
  );
}
