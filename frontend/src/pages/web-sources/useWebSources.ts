import { useCallback, useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { CreateWebSourceRequest, WebSource, WebSourceList } from '../../../../shared/api/schemas/web-sources';
import { useApiFetch } from '../../api/ApiProvider';
import { withQuery } from '../../api/query';
import { CRAWL_POLL_MS, isCrawling, WEB_SOURCE_PAGE_SIZE } from './web-source-rules';

export const WEB_SOURCES_PATH = '/api/web-sources';

const isWebSourceKey = (key: unknown) => typeof key === 'string' && key.startsWith(WEB_SOURCES_PATH);
const sourcePath = (id: string, rest = '') => `${WEB_SOURCES_PATH}/${encodeURIComponent(id)}${rest}`;

/**
 * The refresh interval while a crawl is pending or running. SWR asks a function-form interval again
 * only after a poll, so the interval is a number derived from the latest answer (as the knowledge
 * bases do).
 */
function usePollWhile(pending: boolean): number {
  const [polling, setPolling] = useState(false);
  useEffect(() => setPolling(pending), [pending]);
  return polling ? CRAWL_POLL_MS : 0;
}

/** Contract §13.1: one page (spec 02 §9: 10), re-read while any row is crawling. */
export function useWebSourceList(page: number, search: string, enabled = true) {
  const key = enabled ? withQuery(WEB_SOURCES_PATH, { page, limit: WEB_SOURCE_PAGE_SIZE, search: search.trim() }) : null;
  const [pending, setPending] = useState(false);
  const refreshInterval = usePollWhile(pending);
  const answer = useSWR<WebSourceList>(key, { keepPreviousData: true, refreshInterval });
  const crawling = answer.data?.webSources.some((source) => isCrawling(source.status)) ?? false;
  useEffect(() => setPending(crawling), [crawling]);
  return answer;
}

/** Contract §13.2, re-read while pending or crawling so the crawl report grows on screen. */
export function useWebSource(id: string | undefined) {
  const [pending, setPending] = useState(false);
  const refreshInterval = usePollWhile(pending);
  const answer = useSWR<{ webSource: WebSource }>(id ? sourcePath(id) : null, { refreshInterval });
  const crawling = isCrawling(answer.data?.webSource.status);
  useEffect(() => setPending(crawling), [crawling]);
  return answer;
}

/** Every write of contract §13.4–§13.7; each reloads the cached web sources afterwards. */
export function useWebSourceActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => mutate(isWebSourceKey), [mutate]);

  const create = useCallback(
    async (body: CreateWebSourceRequest) => {
      const answer = await apiFetch<{ webSource: WebSource; message: string }>(WEB_SOURCES_PATH, { method: 'POST', body });
      await reload();
      return answer;
    },
    [apiFetch, reload],
  );
  const update = useCallback(
    async (id: string, body: CreateWebSourceRequest) => {
      const answer = await apiFetch<{ webSource: WebSource; message: string }>(sourcePath(id), { method: 'PUT', body });
      await reload();
      return answer;
    },
    [apiFetch, reload],
  );
  const remove = useCallback(
    async (id: string) => {
      await apiFetch(sourcePath(id), { method: 'DELETE' });
      // The deleted one's own key would answer 404 on a reload; only the lists are re-read.
      await mutate((key: unknown) => isWebSourceKey(key) && !String(key).startsWith(sourcePath(id)));
    },
    [apiFetch, mutate],
  );
  /** Spec 02 §4: started with an empty request. */
  const sync = useCallback(
    async (id: string) => {
      const answer = await apiFetch<{ webSource: WebSource; message: string }>(sourcePath(id, '/sync'), { method: 'POST', body: {} });
      await reload();
      return answer;
    },
    [apiFetch, reload],
  );
  return { create, update, remove, sync };
}
