import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useApiFetch } from '../../api/ApiProvider';
import { withQuery } from '../../api/query';
import { API_SOURCE_PAGE_SIZE } from './api-source-rules';
import type { ApiSource, ApiSourceList, ApiSourceTestAnswer, SaveApiSourceBody } from './types';

export const API_SOURCES_PATH = '/api/api-sources';

const isApiSourceKey = (key: unknown) => typeof key === 'string' && key.startsWith(API_SOURCES_PATH);
const sourcePath = (id: string, rest = '') => `${API_SOURCES_PATH}/${encodeURIComponent(id)}${rest}`;

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
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => mutate(isApiSourceKey), [mutate]);

  const create = useCallback(
    async (body: SaveApiSourceBody) => {
      const answer = await apiFetch<{ apiSource: ApiSource; message: string }>(API_SOURCES_PATH, { method: 'POST', body });
      await reload();
      return answer;
    },
    [apiFetch, reload],
  );
  const update = useCallback(
    async (id: string, body: SaveApiSourceBody) => {
      const answer = await apiFetch<{ apiSource: ApiSource; message: string }>(sourcePath(id), { method: 'PUT', body });
      await reload();
      return answer;
    },
    [apiFetch, reload],
  );
  const remove = useCallback(
    async (id: string) => {
      await apiFetch(sourcePath(id), { method: 'DELETE' });
      // The deleted one's own key would answer 404 on a reload; only the lists are re-read.
      await mutate((key: unknown) => isApiSourceKey(key) && !String(key).startsWith(sourcePath(id)));
    },
    [apiFetch, mutate],
  );
  /** Contract §14.7: the stored configuration, called once by the server; the body is empty. */
  const test = useCallback((id: string) => apiFetch<ApiSourceTestAnswer>(sourcePath(id, '/test'), { method: 'POST', body: {} }), [apiFetch]);
  return { create, update, remove, test };
}
