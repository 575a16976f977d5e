import { Alert, Box, Button, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { KB_MESSAGES } from './knowledge-base-rules';
import { useKnowledgeBaseActions, useKnowledgeBaseGroups, useOrganizationGroups } from './useKnowledgeBases';
import type { KnowledgeBase } from './types';

interface GroupAccessDialogProps {
  kb: Pick<KnowledgeBase, 'id' | 'name'>;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * Spec 02 list, Access: which groups see the knowledge base (contract §15.8, §15.9). The admin group
 * always keeps access (§1.3), so it is shown checked and fixed.
 */
export function GroupAccessDialog({ kb, onClose, onSaved }: GroupAccessDialogProps) {
  const granted = useKnowledgeBaseGroups(kb.id);
  const groups = useOrganizationGroups(true);
  const { setGroups } = useKnowledgeBaseActions();
  const [selected, setSelected] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  // The choice starts from the grants once they are known, and is the user's from then on.
  useEffect(() => {
    if (granted.data && selected === undefined) setSelected(granted.data.groups.filter((group) => !group.is_admin_group).map((group) => group.id));
  }, [granted.data, selected]);

  const loadError = granted.error ?? groups.error;
  const loading = !loadError && (!groups.data || selected === undefined);
  const toggle = (id: string, on: boolean) => setSelected((current = []) => (on ? [...current, id] : current.filter((value) => value !== id)));

  const save = async () => {
    if (!selected) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await setGroups(kb.id, selected);
      onSaved(answer.message || 'Groups updated successfully');
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const titleId = 'kb-access-title';
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Group access: {kb.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Members of the checked groups can see this knowledge base and use it in applications.</DialogContentText>
        {loadError ? (
          <ErrorAlert title={KB_MESSAGES.groupsLoadFailed} error={loadError} />
        ) : loading ? (
          <CircularProgress size={20} aria-label="Loading groups" />
        ) : (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
              Groups
            </Typography>
            <FormGroup sx={{ maxHeight: 280, overflowY: 'auto', flexWrap: 'nowrap', border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.5 }}>
              {(groups.data?.data ?? []).map((group) => (
                <FormControlLabel
                  key={group.id}
                  control={
                    <Checkbox
                      size="small"
                      checked={group.is_admin_group || (selected ?? []).includes(group.id)}
                      disabled={group.is_admin_group || busy}
                      onChange={(event) => toggle(group.id, event.target.checked)}
                    />
                  }
                  label={group.is_admin_group ? `${group.name} (always has access)` : group.name}
                />
              ))}
            </FormGroup>
            {(groups.data?.data ?? []).every((group) => group.is_admin_group) && (
              <Alert severity="info" sx={{ mt: 1.5 }}>
                No other groups yet. Create groups on the Groups page to share knowledge bases with users.
              </Alert>
            )}
          </Box>
        )}
        {error !== undefined && <ErrorAlert title={KB_MESSAGES.groupsFailed} error={error} sx={{ mt: 2 }} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={busy || loading || Boolean(loadError)} variant="contained">
          {busy ? 'Saving...' : 'Save Access'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
