import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { UploadDropzone } from './UploadDropzone';
import { UploadList } from './UploadList';
import type { UploadQueue } from './useUploads';

interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  uploads: UploadQueue;
  maxMegabytes: number;
  /** Where the files land, e.g. "Home / Reports". */
  destination?: string;
}

/** Spec 02 upload modal 'Upload Files'. Transfers start as soon as files are picked or dropped. */
export function UploadDialog({ open, onClose, uploads, maxMegabytes, destination }: UploadDialogProps) {
  const finished = uploads.entries.some((entry) => entry.state !== 'uploading' && entry.state !== 'queued');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="upload-dialog-title">
      <DialogTitle id="upload-dialog-title">Upload Files</DialogTitle>
      <DialogContent>
        {destination && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Uploading to <strong>{destination}</strong>
          </Typography>
        )}
        <UploadDropzone onFiles={uploads.add} maxMegabytes={maxMegabytes} />
        <UploadList entries={uploads.entries} onCancel={uploads.cancel} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {finished && (
          <Button color="inherit" onClick={uploads.clearFinished}>
            Clear finished
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          {uploads.busy ? 'Continue in background' : 'Done'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
