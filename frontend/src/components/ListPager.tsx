import { Box, Pagination, Typography } from '@mui/material';
import type { Pagination as PageInfo } from '../api/entities';

interface ListPagerProps {
  pagination: PageInfo | undefined;
  page: number;
  onPageChange: (page: number) => void;
  /** What is being counted, e.g. "groups". */
  noun: string;
}

/** Spec 03 §9: a 5-page window with ellipses and first/last links, under a "1–10 of 23" count. */
export function ListPager({ pagination, page, onPageChange, noun }: ListPagerProps) {
  if (!pagination || pagination.total === 0) return null;
  const first = (pagination.page - 1) * pagination.limit + 1;
  const last = Math.min(pagination.total, first + pagination.limit - 1);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5, px: 2, py: 1.5 }}>
      <Typography variant="body2" color="text.secondary" data-testid="list-count">
        {first}–{last} of {pagination.total} {noun}
      </Typography>
      {pagination.totalPages > 1 && (
        <Pagination
          count={pagination.totalPages}
          page={page}
          onChange={(_event, next) => onPageChange(next)}
          siblingCount={2}
          boundaryCount={0}
          showFirstButton
          showLastButton
          shape="rounded"
          color="primary"
          size="small"
        />
      )}
    </Box>
  );
}
