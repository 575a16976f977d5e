import CloseIcon from '@mui/icons-material/Close';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import { Box, Button, Chip, FormHelperText, IconButton, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { knowledgeBaseStatusLook } from './knowledge-base-status';
import { KnowledgeBasePickerDialog } from './KnowledgeBasePickerDialog';
import type { KnowledgeBaseOption } from './types';

/** Spec 03 §9: the selected knowledge bases scroll past this height. */
const SELECTED_LIST_HEIGHT = 400;

interface KnowledgeBaseSelectionProps {
  selected: KnowledgeBaseOption[];
  onChange: (selected: KnowledgeBaseOption[]) => void;
  error?: string;
  disabled: boolean;
  onNotify: (message: string, severity?: 'success' | 'error') => void;
  /** The user closed the picker or removed a knowledge base: from then on an empty selection is their doing. */
  onTouched?: () => void;
}

/** The form's knowledge bases: the chosen ones, and the Select Knowledge Bases picker. */
export function KnowledgeBaseSelection({ selected, onChange, error, disabled, onNotify, onTouched }: KnowledgeBaseSelectionProps) {
  const [picking, setPicking] = useState(false);
  const toggle = (knowledgeBase: KnowledgeBaseOption) =>
    onChange(selected.some((kb) => kb.id === knowledgeBase.id) ? selected.filter((kb) => kb.id !== knowledgeBase.id) : [...selected, knowledgeBase]);

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Knowledge bases
        </Typography>
        <Button variant="outlined" startIcon={<LibraryBooksOutlinedIcon />} onClick={() => setPicking(true)} disabled={disabled}>
          Select Knowledge Bases
        </Button>
      </Stack>
      <Paper variant="outlined" component="section" aria-label="Selected knowledge bases" sx={{ maxHeight: SELECTED_LIST_HEIGHT, overflowY: 'auto', borderColor: error ? 'error.main' : undefined }}>
        {selected.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="no-knowledge-bases">
            No knowledge bases selected. The application answers from the knowledge bases you select.
          </Typography>
        ) : (
          <List dense disablePadding>
            {selected.map((kb) => {
              const look = knowledgeBaseStatusLook(kb.status);
              return (
                <ListItem
                  key={kb.id}
                  divider
                  data-testid="selected-knowledge-base"
                  secondaryAction={
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={`Remove ${kb.name}`}
                      onClick={() => {
                        onTouched?.();
                        toggle(kb);
                      }}
                      disabled={disabled}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
                        <span>{kb.name}</span>
                        {!look.selectable && <Chip size="small" label={look.label} color={look.color} variant="outlined" />}
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
      </Paper>
      {error && (
        <FormHelperText error data-testid="knowledge-base-error">
          {error}
        </FormHelperText>
      )}
      <KnowledgeBasePickerDialog open={picking} selected={selected} onToggle={toggle} onClose={() => {
          setPicking(false);
          onTouched?.();
        }}
        onNotify={onNotify} />
    </Box>
  );
}
