import { useCallback } from 'react';
import useSWR from 'swr';
import { itemPath, useCollectionWrites } from '../../api/collection-writes';
import { withQuery } from '../../api/query';
import { API_SOURCE_PAGE_SIZE } from './api-source-rules';
import type { ApiSource, ApiSourceList, ApiSourceTestAnswer, SaveApiSourceBody } from './types';

export const API_SOURCES_PATH = '/api/api-sources';

const sourcePath = (id: string, rest = '') => itemPath(API_SOURCES_PATH, id, rest);

/** Contract §14.1: one page (spec 02 §9: 10). */
export function useApiSourceList(page: number, search: string) {
  return useSWR<ApiSourceList>(withQuery(API_SOURCES_PATH, { page, limit: API_SOURCE_PAGE_SIZE, search: search.trim() }), { keepPreviousData: true });
}

/** Contract §14.2. */
export function useApiSource(id: string | undefined) {
  // The form is filled once from this answer: a re-read on focus would change nothing on screen.
  return useSWR<{ apiSource: ApiSource }>(id ? sourcePath(id) : null, { revalidateOnFocus: false });
}

/** Every write of contract §14.4–§14.7; each reloads the cached API sources afterwards. */
export function useApiSourceActions() {
  const { apiFetch, create, update, remove } = useCollectionWrites<{ apiSource: ApiSource; message: string }, SaveApiSourceBody>(API_SOURCES_PATH);
  /** Contract §14.7: the stored configuration, called once by the server; the body is empty. */
  const test = useCallback((id: string) => apiFetch<ApiSourceTestAnswer>(sourcePath(id, '/test'), { method: 'POST', body: {} }), [apiFetch]);
  return { create, update, remove, test };
}
