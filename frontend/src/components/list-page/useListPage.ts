import { useCallback, useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../config/ui-constants';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import type { PageSizeChoice } from './ListPager';

export interface ListPageState {
  /** What is typed in the search box. */
  search: string;
  /** The search once settled (debounced), which the list query uses. */
  query: string;
  /** Changing the search starts from page 1 again (spec 02 §7). */
  changeSearch: (value: string) => void;
  /** Search at once (Enter), without waiting for the debounce. */
  searchNow: () => void;
  page: number;
  setPage: (page: number | ((current: number) => number)) => void;
}

/** The search and page of a list page: the search waits `debounceMs` and resets the page to 1. */
export function useListPage(debounceMs: number = SEARCH_DEBOUNCE_MS): ListPageState {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const settled = useDebouncedValue(search, debounceMs);
  useEffect(() => setQuery(settled), [settled]);
  const changeSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);
  const searchNow = useCallback(() => {
    setQuery(search);
    setPage(1);
  }, [search]);
  return { search, query, changeSearch, searchNow, page, setPage };
}

/**
 * After deleting the last row of the last page, show the page before instead of an empty one.
 * `loaded` is whether the page's answer has come; `count` how many rows it holds.
 */
export function useStepBackWhenEmpty(list: Pick<ListPageState, 'page' | 'setPage'>, loaded: boolean, count: number): void {
  const { page, setPage } = list;
  const emptyPastEnd = loaded && count === 0 && page > 1;
  useEffect(() => {
    if (emptyPastEnd) setPage((current) => Math.max(1, current - 1));
  }, [emptyPastEnd, setPage]);
}

export interface RowSelection<T> {
  /** The selected row, while it is on the page shown. */
  selected: T | undefined;
  isSelected: (row: T) => boolean;
  /** Clicking a row selects it; clicking the selected row again clears the selection (spec 02 §7). */
  toggle: (row: T) => void;
  clear: () => void;
}

/** One selected row of a list, by id: a row that leaves the page (deleted, paged away) is no longer selected. */
export function useRowSelection<T extends { id: string }>(rows: readonly T[]): RowSelection<T> {
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const selected = selectedId === undefined ? undefined : rows.find((row) => row.id === selectedId);
  const toggle = useCallback((row: T) => setSelectedId((current) => (current === row.id ? undefined : row.id)), []);
  const clear = useCallback(() => setSelectedId(undefined), []);
  const isSelected = useCallback((row: T) => row.id === selectedId, [selectedId]);
  return { selected, isSelected, toggle, clear };
}

/** The rows of the page shown: their selection, and the step back from a page emptied by deletes. */
export function useListRows<T extends { id: string }>(list: Pick<ListPageState, 'page' | 'setPage'>, loaded: boolean, rows: readonly T[]): RowSelection<T> {
  useStepBackWhenEmpty(list, loaded, rows.length);
  return useRowSelection(rows);
}

/** A list's page size with its 'Rows per page' choice; choosing another size goes back to page 1. */
export function usePageSize(options: readonly number[], initial: number, setPage: (page: number) => void): PageSizeChoice {
  const [value, setValue] = useState(initial);
  const onChange = useCallback(
    (size: number) => {
      setValue(size);
      setPage(1);
    },
    [setPage],
  );
  return { value, options, onChange };
}
