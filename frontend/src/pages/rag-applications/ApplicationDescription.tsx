import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId, useState } from 'react';

/** Spec 03 list: longer descriptions fold at this many characters ... */
export const DESCRIPTION_FOLD = 200;
/** ... and past this many the full text opens in a popup instead of growing the card. */
export const DESCRIPTION_POPUP = 500;

/**
 * An application's description with spec 03's show more/less toggle. Text longer than the popup
 * threshold would stretch a card or row too far, so "Show more" opens a dialog for it instead.
 */
export function ApplicationDescription({ name, description }: { name: string; description: string }) {
  const [expanded, setExpanded] = useState(false);
  const [popup, setPopup] = useState(false);
  const titleId = useId();
  const text = description.trim();
  if (!text) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        No description
      </Typography>
    );
  }
  const folds = text.length > DESCRIPTION_FOLD;
  const usesPopup = text.length > DESCRIPTION_POPUP;
  const shown = folds && !expanded ? `${text.slice(0, DESCRIPTION_FOLD).trimEnd()}…` : text;

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="application-description">
        {shown}
      </Typography>
      {folds && (
        <Button
          size="small"
          sx={{ px: 0, minWidth: 0 }}
          aria-label={`${expanded ? 'Show less' : 'Show more'} of the description of ${name}`}
          onClick={(event) => {
            // Inside a selectable row the toggle must not also select it.
            event.stopPropagation();
            if (usesPopup) setPopup(true);
            else setExpanded((value) => !value);
          }}
        >
          {expanded ? 'Show less' : 'Show more'}
        </Button>
      )}
      {usesPopup && (
        <Dialog open={popup} onClose={() => setPopup(false)} fullWidth maxWidth="sm" aria-labelledby={titleId} onClick={(event) => event.stopPropagation()}>
          <DialogTitle id={titleId}>{name}</DialogTitle>
          <DialogContent>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPopup(false)}>Close</Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
