import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApiFetch } from './ApiProvider';

/** `<collection>/<id><rest>`, the id encoded: an item of a contract collection, or a path under it. */
export const itemPath = (collection: string, id: string, rest = '') => `${collection}/${encodeURIComponent(id)}${rest}`;

/** Whether an SWR key reads the collection (a list page) or something of one of its items. */
export const isCollectionKey = (collection: string) => (key: unknown) => typeof key === 'string' && key.startsWith(collection);

/**
 * The writes every contract collection has (POST `<collection>`, PUT and DELETE `<collection>/<id>`),
 * each reloading what SWR holds of the collection afterwards. A delete re-reads only the lists: the
 * deleted item's own keys would answer 404. The fetch, SWR's mutate and the reload come along for a
 * collection's own actions (a deploy, a sync, a test call).
 */
export function useCollectionWrites<Saved, CreateBody, UpdateBody = CreateBody>(collection: string) {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => mutate(isCollectionKey(collection)), [mutate, collection]);

  const create = useCallback(
    async (body: CreateBody) => {
      const answer = await apiFetch<Saved>(collection, { method: 'POST', body });
      await reload();
      return answer;
    },
    [apiFetch, reload, collection],
  );
  const update = useCallback(
    async (id: string, body: UpdateBody) => {
      const answer = await apiFetch<Saved>(itemPath(collection, id), { method: 'PUT', body });
      await reload();
      return answer;
    },
    [apiFetch, reload, collection],
  );
  const remove = useCallback(
    async (id: string) => {
      await apiFetch(itemPath(collection, id), { method: 'DELETE' });
      await mutate((key: unknown) => isCollectionKey(collection)(key) && !String(key).startsWith(itemPath(collection, id)));
    },
    [apiFetch, mutate, collection],
  );
  return { apiFetch, mutate, reload, create, update, remove };
}
