import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { TooltipAction } from '../../components/TooltipAction';
import { formatDate } from '../../components/format';
import { accessLevelOf, fileTypeLabel, formatBytes } from './file-rules';
import { FileStatusBadge } from './FileStatusBadge';
import type { DataSourceItem } from './types';
import { useDataSourceDetails } from './useFiles';

interface FileDetailsDialogProps {
  /** The row the dialog was opened from; shown at once while the full details load. */
  item: DataSourceItem | undefined;
  user: { id: string; isAdmin: boolean } | undefined;
  onClose: () => void;
  onDownload: (item: DataSourceItem) => Promise<void>;
  /** My Uploaded Files: download only for admins (spec 02); elsewhere admins and owners. */
  canDownload?: boolean;
}

/**
 * Spec 02 File Details: Name, Size, Type, Description, Access Level, Shared with Groups, Created, Last
 * Modified, Uploaded By, and Download only while the file is active (contract §9.8).
 */
export function FileDetailsDialog({ item, user, onClose, onDownload, canDownload }: FileDetailsDialogProps) {
  const details = useDataSourceDetails(item?.id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const shown = details.data ?? item;
  const access = shown ? accessLevelOf(shown, user) : 'Viewer';
  const allowed = canDownload ?? access !== 'Viewer';
  const active = shown?.status === 'active';

  const download = async () => {
    if (!shown) return;
    setBusy(true);
    setError(undefined);
    try {
      await onDownload(shown);
    } catch (downloadError) {
      setError(downloadError);
    } finally {
      setBusy(false);
    }
  };

  const groups = details.data?.shared_with_groups ?? [];
  const knowledgeBases = details.data?.knowledge_bases ?? [];

  return (
    <Dialog open={Boolean(item)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="file-details-title">
      <DialogTitle id="file-details-title">File Details</DialogTitle>
      <DialogContent>
        {error !== undefined && <ErrorAlert title="Failed to download data-source" error={error} onClose={() => setError(undefined)} sx={{ mb: 2 }} />}
        {details.error !== undefined && <ErrorAlert title="Failed to fetch data-sources" error={details.error} sx={{ mb: 2 }} />}
        {shown && (
          <Box component="dl" data-testid="file-details" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: 1.25, m: 0 }}>
            <Field label="Name">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{shown.name}</span>
                <FileStatusBadge item={shown} />
              </Stack>
            </Field>
            <Field label="Size">{formatBytes(shown.metadata?.file_size)}</Field>
            <Field label="Type">{fileTypeLabel(shown)}</Field>
            <Field label="Description">{shown.metadata?.description || '—'}</Field>
            <Field label="Access Level">
              <span data-testid="access-level">{access}</span>
            </Field>
            <Field label="Shared with Groups">
              {details.isLoading ? (
                <CircularProgress size={14} aria-label="Loading groups" />
              ) : groups.length === 0 ? (
                'Not shared'
              ) : (
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {groups.map((group) => (
                    <Chip key={group.id} size="small" label={group.name} />
                  ))}
                </Box>
              )}
            </Field>
            {knowledgeBases.length > 0 && <Field label="Knowledge Bases">{knowledgeBases.map((kb) => kb.name).join(', ')}</Field>}
            <Field label="Location">{shown.path ?? '—'}</Field>
            <Field label="Created">{formatDate(shown.created_at)}</Field>
            <Field label="Last Modified">{formatDate(shown.updated_at)}</Field>
            <Field label="Uploaded By">{shown.created_by_name || '—'}</Field>
            {shown.status === 'failed' && shown.metadata?.error && <Field label="Error">{shown.metadata.error}</Field>}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          Close
        </Button>
        <TooltipAction title={!allowed ? 'Only admins and the owner can download' : active ? 'Download' : 'Download is available once the file is processed'}>
          <Button variant="contained" startIcon={<DownloadIcon />} disabled={!active || !allowed || busy} onClick={() => void download()}>
            Download
          </Button>
        </TooltipAction>
      </DialogActions>
    </Dialog>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </>
  );
}
