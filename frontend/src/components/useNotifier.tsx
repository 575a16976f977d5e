import { Alert, Snackbar } from '@mui/material';
import { useCallback, useState, type ReactElement } from 'react';

type Severity = 'success' | 'error' | 'info' | 'warning';
interface Note {
  id: number;
  message: string;
  severity: Severity;
}

const AUTO_HIDE_MS = 4000;

/**
 * A page's snackbar: `notify('Group created successfully')` and render `snackbar` once. Kept per page
 * (no global provider) so a message never outlives the page that raised it.
 */
export function useNotifier(): { notify: (message: string, severity?: Severity) => void; snackbar: ReactElement } {
  const [note, setNote] = useState<Note | undefined>();
  const notify = useCallback((message: string, severity: Severity = 'success') => setNote({ id: Date.now(), message, severity }), []);
  const close = () => setNote(undefined);
  const snackbar = (
    <Snackbar key={note?.id} open={Boolean(note)} autoHideDuration={AUTO_HIDE_MS} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      {note ? (
        <Alert severity={note.severity} variant="filled" onClose={close} data-testid="snackbar">
          {note.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
  return { notify, snackbar };
}
