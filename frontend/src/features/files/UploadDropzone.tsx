import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Box, Typography } from '@mui/material';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { ACCEPT_ATTRIBUTE, SUPPORTED_FORMATS_TEXT } from './file-rules';

interface UploadDropzoneProps {
  onFiles: (files: File[]) => void;
  maxMegabytes: number;
  disabled?: boolean;
  /** Compact look for the inline area of My Uploaded Files. */
  dense?: boolean;
}

/** Spec 02 upload area: 'Click to upload or drag and drop' and 'Supported formats: ...'. */
export function UploadDropzone({ onFiles, maxMegabytes, disabled, dense }: UploadDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const open = () => {
    if (!disabled) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <Box
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled || undefined}
      aria-label="Click to upload or drag and drop"
      data-testid="upload-dropzone"
      onClick={open}
      onKeyDown={onKeyDown}
      onDragOver={(event) => {
        event.preventDefault();
        // Row drags of the file table carry no files; only real files light the area up.
        if (!disabled && Array.from(event.dataTransfer.types).includes('Files')) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.default',
        borderRadius: 2,
        p: dense ? 2.5 : 4,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        opacity: disabled ? 0.6 : 1,
        transition: 'border-color 120ms, background-color 120ms',
        outline: 'none',
        '&:focus-visible': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.main}33` },
      }}
    >
      <CloudUploadOutlinedIcon color={over ? 'primary' : 'action'} sx={{ fontSize: dense ? 32 : 44, mb: 1 }} />
      <Typography sx={{ fontWeight: 600 }}>
        <Box component="span" sx={{ color: 'primary.main' }}>
          Click to upload
        </Box>{' '}
        or drag and drop
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {SUPPORTED_FORMATS_TEXT}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        Up to {maxMegabytes} MB per file
      </Typography>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ACCEPT_ATTRIBUTE}
        aria-label="Choose files to upload"
        data-testid="upload-input"
        // The programmatic click bubbles to the area, which would open the picker a second time.
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so picking the same file again still fires a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Box>
  );
}
