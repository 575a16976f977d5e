import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import type { KnowledgeBaseSourceType } from '../../../../shared/rules/knowledge-base-form';
import { isCollectionKey, itemPath, useCollectionWrites } from '../../api/collection-writes';
import type { Group, PagedList } from '../../api/entities';
import { withQuery } from '../../api/query';
import { KNOWLEDGE_BASE_PAGE_SIZE, PROCESSING_POLL_MS } from './knowledge-base-rules';
import type { DeployAnswer, KnowledgeBase, KnowledgeBaseGroup, KnowledgeBaseList, KnowledgeBaseUsage } from './types';

export const KNOWLEDGE_BASES_PATH = '/api/knowledge-bases';

const isKnowledgeBaseKey = isCollectionKey(KNOWLEDGE_BASES_PATH);
const kbPath = (id: string, rest = '') => itemPath(KNOWLEDGE_BASES_PATH, id, rest);

/**
 * The refresh interval while something is processing. SWR asks a function-form interval again only
 * after a poll, so one answering 0 before the first answer never starts; the interval is a number
 * derived from the latest answer instead (as the file list does).
 */
function usePollWhile(pending: boolean): number {
  const [polling, setPolling] = useState(false);
  useEffect(() => setPolling(pending), [pending]);
  return polling ? PROCESSING_POLL_MS : 0;
}

/** Contract §15.1: one page (spec 02 §9: 10), newest change first, re-read while any row is processing. */
export function useKnowledgeBaseList(page: number, search: string) {
  const key = withQuery(KNOWLEDGE_BASES_PATH, { page, limit: KNOWLEDGE_BASE_PAGE_SIZE, search: search.trim() });
  const [pending, setPending] = useState(false);
  const refreshInterval = usePollWhile(pending);
  const answer = useSWR<KnowledgeBaseList>(key, { keepPreviousData: true, refreshInterval });
  const processing = answer.data?.knowledgeBases.some((kb) => kb.status === 'processing') ?? false;
  useEffect(() => setPending(processing), [processing]);
  return answer;
}

/** Contract §15.2, re-read while processing so the form sees the outcome. */
export function useKnowledgeBase(id: string | undefined) {
  const [pending, setPending] = useState(false);
  const refreshInterval = usePollWhile(pending);
  const answer = useSWR<KnowledgeBase>(id ? kbPath(id) : null, { refreshInterval });
  const processing = answer.data?.status === 'processing';
  useEffect(() => setPending(processing), [processing]);
  return answer;
}

/** Contract §15.3. */
export function useKnowledgeBaseUsage(id: string | undefined) {
  return useSWR<KnowledgeBaseUsage>(id ? kbPath(id, '/usage') : null, { revalidateOnMount: true });
}

/** Contract §15.8. */
export function useKnowledgeBaseGroups(id: string | undefined) {
  return useSWR<{ groups: KnowledgeBaseGroup[] }>(id ? kbPath(id, '/groups') : null, { revalidateOnMount: true });
}

/** Contract §8.1 with `all=true`: every group of the organization, for the access dialog. */
export function useOrganizationGroups(enabled: boolean) {
  return useSWR<PagedList<Group>>(enabled ? withQuery('/api/groups', { all: true, sort_by: 'name', sort_order: 'asc' }) : null);
}

/** §15.4 body. */
export interface KnowledgeBaseCreateBody {
  name: string;
  description: string;
  source_type: KnowledgeBaseSourceType;
  embedding_model?: string;
  chunk_size?: number;
  overlap?: number;
  data_source_ids: string[];
}

/** §15.5 body: only what may change. */
export type KnowledgeBaseUpdateBody = Partial<Omit<KnowledgeBaseCreateBody, 'source_type'>>;

type Cached = KnowledgeBaseList | KnowledgeBase | KnowledgeBaseUsage | { groups: KnowledgeBaseGroup[] } | undefined;

/** Marks one knowledge base as processing in every cached list and detail (spec 02 §4: "set to processing locally"). */
function markProcessing(id: string) {
  return (data: Cached): Cached => {
    if (!data || typeof data !== 'object') return data;
    if ('knowledgeBases' in data) return { ...data, knowledgeBases: data.knowledgeBases.map((kb) => (kb.id === id ? { ...kb, status: 'processing' } : kb)) };
    if ('id' in data && 'status' in data && data.id === id) return { ...data, status: 'processing' };
    return data;
  };
}

/** Every write of contract §15.4–§15.9; each reloads the cached knowledge bases afterwards. */
export function useKnowledgeBaseActions() {
  const { apiFetch, mutate, reload, create, update, remove } = useCollectionWrites<KnowledgeBase, KnowledgeBaseCreateBody, KnowledgeBaseUpdateBody>(KNOWLEDGE_BASES_PATH);
  /** Spec 02 §4: processing at once, then reloaded whatever the answer. */
  const deploy = useCallback(
    async (id: string) => {
      await mutate(isKnowledgeBaseKey, markProcessing(id), { revalidate: false });
      try {
        return await apiFetch<DeployAnswer>(kbPath(id, '/deploy'), { method: 'POST', body: {} });
      } finally {
        void reload();
      }
    },
    [apiFetch, mutate, reload],
  );
  const setGroups = useCallback(
    async (id: string, groupIds: string[]) => {
      const answer = await apiFetch<{ groups: KnowledgeBaseGroup[]; message: string }>(kbPath(id, '/groups'), { method: 'PUT', body: { groupIds } });
      await mutate(kbPath(id, '/groups'), { groups: answer.groups }, { revalidate: false });
      return answer;
    },
    [apiFetch, mutate],
  );
  return { create, update, remove, deploy, setGroups, reload };
}
