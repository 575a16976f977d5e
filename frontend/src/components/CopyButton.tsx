import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRM_MS } from '../config/ui-constants';

/** Copies a value to the clipboard and says "Copied" for 2 s (spec 03 §9). */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setFailed(false);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    } catch {
      // Clipboard access can be refused (insecure origin, permissions); the value stays selectable.
      setFailed(true);
    }
  };

  return (
    <Button
      variant="outlined"
      size="small"
      onClick={() => void copy()}
      startIcon={copied ? <CheckIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />}
      color={copied ? 'success' : 'primary'}
    >
      {copied ? 'Copied' : failed ? 'Copy failed: select the text' : label}
    </Button>
  );
}
