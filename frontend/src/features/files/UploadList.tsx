import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, IconButton, LinearProgress, List, ListItem, Stack, Tooltip, Typography } from '@mui/material';
import { QuotaNotice } from '../../components/QuotaNotice';
import { formatBytes, MESSAGES } from './file-rules';
import type { UploadEntry } from './useUploads';

/** One row per picked file: its progress bar while the bytes travel, then its outcome. */
export function UploadList({ entries, onCancel }: { entries: readonly UploadEntry[]; onCancel: (key: number) => void }) {
  if (entries.length === 0) return null;
  return (
    <List dense disablePadding aria-label="Uploads" data-testid="upload-list" sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {entries.map((entry) => (
        <ListItem
          key={entry.key}
          data-testid="upload-entry"
          data-state={entry.state}
          sx={{ border: 1, borderColor: entry.state === 'error' || entry.state === 'rejected' || entry.fileStatus === 'failed' ? 'error.light' : 'divider', borderRadius: 1.5, px: 1.5, py: 1, display: 'block' }}
        >
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
            <InsertDriveFileOutlinedIcon fontSize="small" color="action" />
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} title={entry.name}>
                {entry.name}
              </Typography>
              <Typography
                variant="caption"
                color={entry.error || entry.fileStatus === 'failed' ? 'error' : 'text.secondary'}
                component="div"
                data-testid="upload-entry-status"
                // Ingestion ends after the transfer, with nobody touching the dialog: announce it.
                aria-live="polite"
              >
                {describe(entry)}
              </Typography>
              {entry.quota !== undefined && <QuotaNotice error={entry.quota} />}
            </Box>
            {entry.state === 'done' && entry.fileStatus !== 'failed' && <CheckCircleIcon fontSize="small" color="success" aria-label="Uploaded" />}
            {(entry.state === 'error' || entry.state === 'rejected' || entry.fileStatus === 'failed') && <ErrorOutlineIcon fontSize="small" color="error" aria-hidden />}
            {(entry.state === 'uploading' || entry.state === 'queued') && (
              <Tooltip title="Cancel upload">
                <IconButton size="small" aria-label={`Cancel upload of ${entry.name}`} onClick={() => onCancel(entry.key)}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
          {entry.showBar && (
            <LinearProgress
              variant="determinate"
              value={entry.progress}
              aria-label={`Upload progress of ${entry.name}`}
              data-testid="upload-progress"
              sx={{ mt: 1, height: 6, borderRadius: 3 }}
            />
          )}
        </ListItem>
      ))}
    </List>
  );
}

function describe(entry: UploadEntry): string {
  switch (entry.state) {
    case 'rejected':
    case 'error':
      return entry.error ?? 'Failed to upload file(s)';
    case 'queued':
      return `${formatBytes(entry.size)} · Waiting...`;
    case 'uploading':
      return `${formatBytes(entry.size)} · Uploading ${entry.progress}%`;
    case 'done':
      if (entry.fileStatus === 'active') return `${formatBytes(entry.size)} · Uploaded, ready`;
      if (entry.fileStatus === 'failed') return `Processing failed: ${entry.failureReason ?? MESSAGES.processingFailed}`;
      if (entry.statusUnknown) return `${formatBytes(entry.size)} · Uploaded, still processing (the Files list shows when it is ready)`;
      return `${formatBytes(entry.size)} · Uploaded, processing`;
    case 'cancelled':
      return 'Cancelled';
  }
}
