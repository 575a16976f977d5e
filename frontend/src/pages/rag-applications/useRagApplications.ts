import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useApiFetch } from '../../api/ApiProvider';
import { withQuery } from '../../api/query';
import type { AccessCheck, ApplicationList, GroupRef, KnowledgeBaseList, RagApplication } from './types';

export const RAG_PATH = '/api/rag';
export const KNOWLEDGE_BASES_PATH = '/api/knowledge-bases';

const applicationPath = (id: string) => `${RAG_PATH}/${encodeURIComponent(id)}`;
const isApplicationsKey = (key: unknown) => typeof key === 'string' && key.startsWith(RAG_PATH);

/** Contract §16.1: one page of applications, newest change first (the server's default order). */
export function useApplicationList(page: number, limit: number, search: string, enabled = true) {
  const key = enabled ? withQuery(RAG_PATH, { page, limit, search: search.trim() }) : null;
  return useSWR<ApplicationList>(key, { keepPreviousData: true });
}

/** Contract §16.2: the edit form's application. */
export function useApplication(id: string | undefined) {
  return useSWR<RagApplication>(id ? applicationPath(id) : null, { revalidateIfStale: false });
}

/** Contract §16.3: never 403 within the organization, so a card can say "No Access". */
export function useAccessCheck(id: string, enabled: boolean) {
  return useSWR<AccessCheck>(enabled ? `${applicationPath(id)}/access-check` : null, {
    // Spec 03 §8: one failed check is logged and the application shows without access info.
    onError: (error: unknown) => console.error(`Access check failed for application ${id}`, error),
  });
}

/** The body of contract §16.4 (create) and §16.5 (update). */
export interface ApplicationInput {
  name: string;
  description: string;
  llmModel: string;
  indexIds: string[];
  integrations: unknown[];
}

/** Create, update, delete and enable/disable (contract §16.4–§16.7); the lists reload afterwards. */
export function useApplicationActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => mutate(isApplicationsKey), [mutate]);

  const create = useCallback(
    async (input: ApplicationInput, selectedKnowledgeBases: Array<{ id: string; name: string }>) => {
      // `selectedKnowledgeBases` is what spec 03 §7 sends; the server takes `indexIds` as authoritative.
      const application = await apiFetch<RagApplication>(RAG_PATH, { method: 'POST', body: { ...input, selectedKnowledgeBases } });
      await reload();
      return application;
    },
    [apiFetch, reload],
  );
  const update = useCallback(
    async (id: string, input: ApplicationInput) => {
      const application = await apiFetch<RagApplication>(applicationPath(id), { method: 'PUT', body: input });
      await reload();
      return application;
    },
    [apiFetch, reload],
  );
  const remove = useCallback(
    async (id: string) => {
      await apiFetch(applicationPath(id), { method: 'DELETE' });
      // The deleted application's own keys must not answer from the cache any more.
      await mutate((key: unknown) => typeof key === 'string' && key.startsWith(applicationPath(id)), undefined, { revalidate: false });
      await reload();
    },
    [apiFetch, mutate, reload],
  );
  const setEnabled = useCallback(
    async (id: string, enabled: boolean) => {
      const application = await apiFetch<RagApplication>(`${applicationPath(id)}/enabled`, { method: 'PATCH', body: { enabled } });
      await reload();
      return application;
    },
    [apiFetch, reload],
  );
  return { create, update, remove, setEnabled };
}

/** The group dialog's data: every group of the organization (§8.1) and the application's (§16.8). */
export function useApplicationGroups(id: string) {
  const apiFetch = useApiFetch();
  const all = useSWR<{ data: GroupRef[] }>(withQuery('/api/groups', { all: true, sort_by: 'name', sort_order: 'asc' }));
  const assigned = useSWR<{ groups: GroupRef[] }>(`${applicationPath(id)}/groups`, { revalidateOnMount: true });
  const save = useCallback(
    async (groupIds: string[]) => {
      const answer = await apiFetch<{ groups: GroupRef[] }>(`${applicationPath(id)}/groups`, { method: 'PUT', body: { groupIds } });
      await assigned.mutate({ groups: answer.groups }, { revalidate: false });
      return answer;
    },
    [apiFetch, id, assigned],
  );
  return { all, assigned, save };
}

/** Every knowledge base for the picker (contract §15.1 `all=true`), by name. */
export function useKnowledgeBaseOptions(enabled: boolean) {
  const apiFetch = useApiFetch();
  const list = useSWR<KnowledgeBaseList>(enabled ? withQuery(KNOWLEDGE_BASES_PATH, { all: true, sort_by: 'name', sort_order: 'asc' }) : null);
  /** Contract §15.7; spec 03 §4: the row turns processing at once, and the list reloads either way. */
  const deploy = useCallback(
    async (id: string) => {
      await list.mutate(
        (current) => current && { ...current, knowledgeBases: current.knowledgeBases.map((kb) => (kb.id === id ? { ...kb, status: 'processing' } : kb)) },
        { revalidate: false },
      );
      try {
        await apiFetch(`${KNOWLEDGE_BASES_PATH}/${encodeURIComponent(id)}/deploy`, { method: 'POST', body: {} });
      } finally {
        void list.mutate();
      }
    },
    [apiFetch, list],
  );
  return { list, deploy };
}

const knowledgeBaseGroupsPath = (id: string) => `${KNOWLEDGE_BASES_PATH}/${encodeURIComponent(id)}/groups`;

/**
 * The groups of each of an application's knowledge bases (contract §15.8), and granting more (§15.9).
 * Application access does not reach its knowledge bases: a group given the application but not its
 * knowledge bases gets answers from none of them (issue 21).
 */
export function useKnowledgeBaseGrants(knowledgeBaseIds: readonly string[]) {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const grants = useSWR<Record<string, string[]>>(knowledgeBaseIds.length > 0 ? ['knowledge-base-grants', ...knowledgeBaseIds] : null, async () => {
    const answers = await Promise.all(knowledgeBaseIds.map((id) => apiFetch<{ groups: GroupRef[] }>(knowledgeBaseGroupsPath(id))));
    return Object.fromEntries(knowledgeBaseIds.map((id, index) => [id, (answers[index]?.groups ?? []).map((group) => group.id)]));
  });
  /** Adds the groups to the knowledge base's own, read afresh so a grant made meanwhile is kept. */
  const grant = useCallback(
    async (knowledgeBaseId: string, groupIds: readonly string[]) => {
      const current = await apiFetch<{ groups: GroupRef[] }>(knowledgeBaseGroupsPath(knowledgeBaseId));
      const union = [...new Set([...current.groups.map((group) => group.id), ...groupIds])];
      const answer = await apiFetch<{ groups: GroupRef[] }>(knowledgeBaseGroupsPath(knowledgeBaseId), { method: 'PUT', body: { groupIds: union } });
      await mutate(knowledgeBaseGroupsPath(knowledgeBaseId), { groups: answer.groups }, { revalidate: false });
    },
    [apiFetch, mutate],
  );
  return { grants, grant };
}
