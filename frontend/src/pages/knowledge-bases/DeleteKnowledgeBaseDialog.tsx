import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { inUseMessage, KB_MESSAGES } from './knowledge-base-rules';
import { useKnowledgeBaseActions, useKnowledgeBaseUsage } from './useKnowledgeBases';
import type { KnowledgeBase } from './types';

/** Contract §15.6: the 409 of an in-use delete names the applications in `details`. */
function applicationsOf(error: unknown): Array<{ id: string; name: string }> | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const details = error.details as { applications?: unknown } | undefined;
  return Array.isArray(details?.applications) ? (details.applications as Array<{ id: string; name: string }>) : undefined;
}

const REMOVE_FIRST = 'Remove the knowledge base from these applications first, then delete it.';

interface DeleteKnowledgeBaseDialogProps {
  kb: Pick<KnowledgeBase, 'id' | 'name'>;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Spec 02 §4 delete: the usage call guards on the client ('Cannot delete - in use by: ...'; a failed
 * lookup counts as not in use), and a refusal from the server ('Cannot delete index as it is used
 * in ...') is shown with the applications to remove it from.
 */
export function DeleteKnowledgeBaseDialog({ kb, onClose, onDeleted }: DeleteKnowledgeBaseDialogProps) {
  const usage = useKnowledgeBaseUsage(kb.id);
  const { remove } = useKnowledgeBaseActions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  const checking = usage.isLoading && !usage.data && !usage.error;
  const inUse = !usage.error && usage.data?.isInUse ? usage.data.applications : undefined;
  const refusedFor = applicationsOf(error);

  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await remove(kb.id);
      onDeleted();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="kb-delete-title">
      <DialogTitle id="kb-delete-title">Delete knowledge base</DialogTitle>
      <DialogContent>
        {checking ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={18} aria-label="Checking usage" />
            <Typography variant="body2">Checking where it is used...</Typography>
          </Stack>
        ) : inUse ? (
          <Alert severity="warning" data-testid="kb-in-use">
            {inUseMessage(inUse)}
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {REMOVE_FIRST}
            </Typography>
          </Alert>
        ) : (
          <DialogContentText>Are you sure you want to delete the knowledge base &quot;{kb.name}&quot;? Its index is removed and this cannot be undone.</DialogContentText>
        )}
        {error !== undefined &&
          (refusedFor ? (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="kb-delete-refused">
              {(error as Error).message}
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {REMOVE_FIRST}
              </Typography>
            </Alert>
          ) : (
            <ErrorAlert title={KB_MESSAGES.deleteFailed} error={error} sx={{ mt: 2 }} />
          ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {inUse ? 'Close' : 'Cancel'}
        </Button>
        {!inUse && (
          <Button onClick={() => void confirm()} disabled={busy || checking || Boolean(refusedFor)} variant="contained" color="error">
            {busy ? 'Deleting...' : 'Delete'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
