import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { MAX_APPLICATION_KNOWLEDGE_BASES } from '../../../../shared/rules/application-form';
import { errorMessage } from '../../api/errors';
import { SearchField } from '../../components/SearchField';
import { knowledgeBaseStatusLook, matchesKnowledgeBase } from './knowledge-base-status';
import type { KnowledgeBaseOption } from './types';
import { useKnowledgeBaseOptions } from './useRagApplications';

interface KnowledgeBasePickerDialogProps {
  open: boolean;
  selected: KnowledgeBaseOption[];
  onToggle: (knowledgeBase: KnowledgeBaseOption) => void;
  onClose: () => void;
  onNotify: (message: string, severity?: 'success' | 'error') => void;
}

/** Spec 03 "Select Knowledge Bases": every knowledge base with its status; only ready ones can be ticked. */
export function KnowledgeBasePickerDialog({ open, selected, onToggle, onClose, onNotify }: KnowledgeBasePickerDialogProps) {
  const titleId = useId();
  const { list, deploy } = useKnowledgeBaseOptions(open);
  const [search, setSearch] = useState('');
  const [deploying, setDeploying] = useState<string | undefined>();
  const chosen = new Set(selected.map((kb) => kb.id));
  const full = chosen.size >= MAX_APPLICATION_KNOWLEDGE_BASES;
  const shown = (list.data?.knowledgeBases ?? []).filter((kb) => matchesKnowledgeBase(search, kb));

  const startDeploy = async (knowledgeBase: KnowledgeBaseOption) => {
    setDeploying(knowledgeBase.id);
    try {
      await deploy(knowledgeBase.id);
      onNotify('Knowledge base deployment initiated');
    } catch (error) {
      const reason = errorMessage(error, '');
      onNotify(reason ? `Failed to deploy knowledge base: ${reason}` : 'Failed to deploy knowledge base', 'error');
    } finally {
      setDeploying(undefined);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Select Knowledge Bases</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SearchField value={search} onChange={setSearch} label="Search knowledge bases" placeholder="Search by name or description" testId="knowledge-base-search" />
          {list.error !== undefined && <Alert severity="error">Failed to load knowledge bases</Alert>}
          {full && <Alert severity="info">At most {MAX_APPLICATION_KNOWLEDGE_BASES} knowledge bases can be selected.</Alert>}
          {!list.data && !list.error ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress size={28} aria-label="Loading knowledge bases" />
            </Box>
          ) : shown.length === 0 && !list.error ? (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              {search.trim() ? 'No knowledge bases match the search' : 'No knowledge bases yet. Create and deploy one first.'}
            </Typography>
          ) : (
            <List dense disablePadding sx={{ maxHeight: 400, overflowY: 'auto' }} aria-label="Knowledge bases">
              {shown.map((kb) => {
                const look = knowledgeBaseStatusLook(kb.status);
                const checked = chosen.has(kb.id);
                // A kept knowledge base that is no longer ready may be unticked, never ticked again.
                const disabled = checked ? false : !look.selectable || full;
                return (
                  <ListItem
                    key={kb.id}
                    divider
                    data-testid="knowledge-base-option"
                    secondaryAction={
                      look.deployable ? (
                        <Button size="small" onClick={() => void startDeploy(kb)} disabled={deploying !== undefined} aria-label={`Deploy ${kb.name}`}>
                          {deploying === kb.id ? 'Deploying...' : 'Deploy'}
                        </Button>
                      ) : undefined
                    }
                    sx={{ pr: look.deployable ? 12 : 2 }}
                  >
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <Checkbox edge="start" checked={checked} disabled={disabled} onChange={() => onToggle(kb)} slotProps={{ input: { 'aria-label': kb.name } }} />
                    </ListItemIcon>
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
                          <span>{kb.name}</span>
                          <Chip size="small" label={look.label} color={look.color} variant={look.selectable ? 'filled' : 'outlined'} />
                        </Stack>
                      }
                      secondary={kb.description || undefined}
                      slotProps={{ secondary: { noWrap: true } }}
                    />
                  </ListItem>
                );
              })}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, pl: 1 }}>
          {chosen.size} selected
        </Typography>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
