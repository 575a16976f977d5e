import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import { Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import type { Pagination } from '../../api/entities';
import { entriesText, pageWindow } from './page-window';

export interface PageSizeChoice {
  value: number;
  options: readonly number[];
  onChange: (size: number) => void;
}

interface ListPagerProps {
  pagination: Pagination | undefined;
  page: number;
  onPageChange: (page: number) => void;
  /** A 'Rows per page' choice, where the spec gives one (spec 02 §9: 10, 25, 50, 100 for files). */
  pageSize?: PageSizeChoice;
  /** Keep the footer on an empty list ('Showing 0 to 0 of 0 entries'), e.g. for its page-size choice. */
  keepWhenEmpty?: boolean;
}

/**
 * The footer of every list (spec 02, spec 03 §9): 'Showing X to Y of Z entries', and a pager with
 * first/last and Previous/Next buttons around a 5-page window, with ellipses for the pages beyond it.
 */
export function ListPager({ pagination, page, onPageChange, pageSize, keepWhenEmpty }: ListPagerProps) {
  if (!pagination || (pagination.total === 0 && !keepWhenEmpty)) return null;
  const total = Math.max(1, pagination.totalPages);
  const shown = pageWindow(page, total);
  const atFirst = page <= 1;
  const atLast = page >= total;
  return (
    <Box component="footer" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5, px: 2, py: 1.5 }}>
      <Typography variant="body2" color="text.secondary" data-testid="list-count">
        {entriesText(pagination)}
      </Typography>
      {pageSize && (
        <TextField
          select
          size="small"
          label="Rows per page"
          value={pageSize.value}
          onChange={(event) => pageSize.onChange(Number(event.target.value))}
          sx={{ minWidth: 120 }}
          data-testid="rows-per-page"
        >
          {pageSize.options.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box component="nav" aria-label="pagination navigation" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
        <IconButton size="small" aria-label="Go to first page" disabled={atFirst} onClick={() => onPageChange(1)}>
          <FirstPageIcon fontSize="small" />
        </IconButton>
        <Button size="small" color="inherit" aria-label="Go to previous page" disabled={atFirst} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        {shown.leadingEllipsis && <Ellipsis />}
        {shown.pages.map((number) => (
          <Button
            key={number}
            size="small"
            variant={number === page ? 'contained' : 'text'}
            color={number === page ? 'primary' : 'inherit'}
            aria-label={number === page ? `page ${number}` : `Go to page ${number}`}
            aria-current={number === page ? 'page' : undefined}
            onClick={() => number !== page && onPageChange(number)}
            sx={{ minWidth: 32, px: 1 }}
          >
            {number}
          </Button>
        ))}
        {shown.trailingEllipsis && <Ellipsis />}
        <Button size="small" color="inherit" aria-label="Go to next page" disabled={atLast} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
        <IconButton size="small" aria-label="Go to last page" disabled={atLast} onClick={() => onPageChange(total)}>
          <LastPageIcon fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
}

function Ellipsis() {
  return (
    <Typography component="span" color="text.secondary" aria-hidden data-testid="pager-ellipsis" sx={{ px: 0.5 }}>
      …
    </Typography>
  );
}
