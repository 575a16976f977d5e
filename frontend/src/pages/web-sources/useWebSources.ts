import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import type { CreateWebSourceRequest, WebSource, WebSourceList } from '../../../../shared/api/schemas/web-sources';
import { itemPath, useCollectionWrites } from '../../api/collection-writes';
import { withQuery } from '../../api/query';
import { CRAWL_POLL_MS, isCrawling, WEB_SOURCE_PAGE_SIZE } from './web-source-rules';

export const WEB_SOURCES_PATH = '/api/web-sources';

const sourcePath = (id: string, rest = '') => itemPath(WEB_SOURCES_PATH, id, rest);

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
  const { apiFetch, reload, create, update, remove } = useCollectionWrites<{ webSource: WebSource; message: string }, CreateWebSourceRequest>(WEB_SOURCES_PATH);
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
