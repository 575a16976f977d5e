import type { SxProps, Theme } from '@mui/material';

/**
 * The Actions cell of a list (header and rows). On a phone a table is wider than the screen and
 * scrolls sideways inside its TableContainer; the actions stay pinned to the right edge so every row
 * can still be managed without scrolling to find them (issue 21). The shadow marks the scrolled-under
 * edge; the background hides the cells passing beneath.
 */
export const STICKY_ACTIONS_SX: SxProps<Theme> = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  whiteSpace: 'nowrap',
  boxShadow: { xs: '-8px 0 8px -8px rgba(0, 0, 0, 0.3)', md: 'none' },
};

/** A column a phone can do without: its content is secondary or shown elsewhere in the row. */
export const HIDE_ON_PHONE_SX: SxProps<Theme> = { display: { xs: 'none', sm: 'table-cell' } };
