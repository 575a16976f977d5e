import CloseIcon from '@mui/icons-material/Close';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Chip, IconButton, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { SourceSummary } from './types';

export interface SelectedSourceRow {
  id: string;
  /** Found by the lookup or the picker; absent for an orphaned source or one not looked up yet. */
  summary?: SourceSummary;
  orphaned: boolean;
}

interface SelectedSourcesListProps {
  rows: SelectedSourceRow[];
  /** Locked (a ready knowledge base) or read-only: nothing can be removed. */
  disabled: boolean;
  onRemove: (id: string) => void;
  emptyText: string;
}

/** Spec 02 form, section 3: the chosen sources, each with a remove button; a deleted one shows as orphaned with its ID. */
export function SelectedSourcesList({ rows, disabled, onRemove, emptyText }: SelectedSourcesListProps) {
  if (rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="kb-no-sources">
        {emptyText}
      </Typography>
    );
  }
  return (
    <List dense aria-label="Selected sources" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 320, overflowY: 'auto' }}>
      {rows.map((row) => {
        const name = row.orphaned ? 'Orphaned Source' : (row.summary?.name ?? row.id);
        return (
          <ListItem
            key={row.id}
            data-testid={row.orphaned ? 'kb-orphaned-source' : 'kb-selected-source'}
            secondaryAction={
              <IconButton edge="end" size="small" aria-label={row.orphaned ? `Remove orphaned source ${row.id}` : `Remove ${name}`} disabled={disabled} onClick={() => onRemove(row.id)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            }
          >
            {row.orphaned && (
              <ListItemIcon sx={{ minWidth: 32 }}>
                <LinkOffIcon fontSize="small" color="warning" />
              </ListItemIcon>
            )}
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                  {name}
                  {row.orphaned && <Chip size="small" label="(orphaned)" color="warning" variant="outlined" />}
                </Box>
              }
              secondary={row.orphaned ? `ID: ${row.id} — this source no longer exists` : row.summary?.detail}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
