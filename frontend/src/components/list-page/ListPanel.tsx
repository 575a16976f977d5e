import { Box, LinearProgress, Paper, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import type { Pagination } from '../../api/entities';
import { ErrorAlert } from '../ErrorAlert';
import { SearchField } from '../SearchField';
import { ListPager, type PageSizeChoice } from './ListPager';
import type { ListPageState } from './useListPage';

export interface ListSearch {
  label: string;
  placeholder?: string;
  testId?: string;
  /** Enter searches at once instead of waiting for the debounce. */
  submitOnEnter?: boolean;
}

interface ListPanelProps {
  /** The page's search and paging state (useListPage); without `search` the panel has no search box. */
  list?: Pick<ListPageState, 'search' | 'changeSearch' | 'searchNow' | 'page' | 'setPage'>;
  search?: ListSearch;
  /** More controls in the toolbar, beside the search box (filters, a switch, a count). */
  toolbar?: ReactNode;
  /** The accessible name of the progress bar shown while the list refreshes, e.g. 'Loading groups'. */
  loadingLabel: string;
  /** The answer behind the list. */
  answer: { error?: unknown; isLoading: boolean; isValidating: boolean; data?: unknown };
  /** The catalogue text of a failed load, e.g. 'Failed to fetch groups'. */
  errorTitle: string;
  /** How many rows there are on this page; 0 shows `empty`. */
  count: number;
  /** The empty state, e.g. 'No knowledge bases found.'; a string is shown as the page's text. */
  empty: ReactNode;
  emptyTestId?: string;
  pagination: Pagination | undefined;
  /** The page and its change, when there is no `list`. */
  page?: number;
  onPageChange?: (page: number) => void;
  pageSize?: PageSizeChoice;
  /** The side column, e.g. an ActionsPanel; beside the list on desktop, above it on a phone. */
  actions?: ReactNode;
  actionsTestId?: string;
  /** The right margin the side column keeps (e.g. clear of open chat windows). */
  actionsOffsetPx?: number;
  /** 'plain' when the list already sits on a surface (e.g. inside a tab), so it draws no outline of its own. */
  surface?: 'outlined' | 'plain';
  /** The rows: a table or cards. */
  children: ReactNode;
}

/**
 * The list pattern of specs 02 and 03 in one place: search box, refresh bar, error, loading and empty
 * states, the rows, the 'Showing X to Y of Z entries' footer with its pager, and the Actions column.
 */
export function ListPanel(props: ListPanelProps) {
  const { list, search, toolbar, loadingLabel, answer, errorTitle, count, empty, emptyTestId, pagination, actions, actionsTestId, actionsOffsetPx = 0, surface = 'outlined', pageSize, children } = props;
  const page = list?.page ?? props.page ?? 1;
  const onPageChange = list?.setPage ?? props.onPageChange ?? (() => undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list?.searchNow();
  };

  const panel = (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%', ...(surface === 'plain' && { border: 0, bgcolor: 'transparent' }) }}>
      {(search || toolbar) && (
        <Box
          component={search?.submitOnEnter ? 'form' : 'div'}
          role={search?.submitOnEnter ? 'search' : undefined}
          onSubmit={search?.submitOnEnter ? submit : undefined}
          sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          {search && list && <SearchField value={list.search} onChange={list.changeSearch} label={search.label} placeholder={search.placeholder} testId={search.testId} />}
          {toolbar}
        </Box>
      )}
      {answer.isValidating && <LinearProgress sx={{ height: 2 }} aria-label={loadingLabel} />}
      {answer.error ? (
        <ErrorAlert title={errorTitle} error={answer.error} sx={{ m: 2 }} />
      ) : answer.isLoading && answer.data === undefined ? (
        <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
          Loading...
        </Typography>
      ) : count === 0 ? (
        typeof empty === 'string' ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid={emptyTestId}>
            {empty}
          </Typography>
        ) : (
          <Box data-testid={emptyTestId}>{empty}</Box>
        )
      ) : (
        children
      )}
      <ListPager pagination={pagination} page={page} onPageChange={onPageChange} pageSize={pageSize} />
    </Paper>
  );

  if (!actions) return panel;
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column-reverse', md: 'row' }, gap: 2, alignItems: 'flex-start' }}>
      {panel}
      <Box
        data-testid={actionsTestId}
        sx={{ width: { xs: '100%', md: 260 }, flexShrink: 0, position: { md: 'sticky' }, top: { md: 88 }, mr: `${actionsOffsetPx}px`, transition: 'margin 150ms' }}
      >
        {actions}
      </Box>
    </Box>
  );
}
