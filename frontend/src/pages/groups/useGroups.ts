import { useCallback, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useApiFetch } from '../../api/ApiProvider';
import type { Group, PagedList, User } from '../../api/entities';
import { withQuery } from '../../api/query';
import { MEMBER_SEARCH_LIMIT, PAGE_SIZE } from '../../config/ui-constants';

export const GROUPS_PATH = '/api/groups';

/** Spec 03 §8: the membership alert. */
export const MEMBERSHIP_ERROR = 'Failed to update group membership. Please try again.';

const isGroupsKey = (key: unknown) => typeof key === 'string' && key.startsWith(GROUPS_PATH);

/** Contract §8.1: one page of groups, sorted by name, with the search applied by the server. */
export function useGroupList(page: number, search: string) {
  const key = withQuery(GROUPS_PATH, { page, limit: PAGE_SIZE, search: search.trim(), sort_by: 'name', sort_order: 'asc' });
  return useSWR<PagedList<Group>>(key, { keepPreviousData: true });
}

export interface GroupInput {
  name: string;
  description: string;
}

/** Create, update and delete (contract §8.2, §8.4, §8.5); every list page is reloaded afterwards. */
export function useGroupActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => mutate(isGroupsKey), [mutate]);

  const create = useCallback(
    async (input: GroupInput) => {
      const group = await apiFetch<Group>(GROUPS_PATH, { method: 'POST', body: input });
      await reload();
      return group;
    },
    [apiFetch, reload],
  );
  const update = useCallback(
    async (id: string, input: GroupInput) => {
      const group = await apiFetch<Group>(`${GROUPS_PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
      await reload();
      return group;
    },
    [apiFetch, reload],
  );
  const remove = useCallback(
    async (id: string) => {
      await apiFetch(`${GROUPS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
      await reload();
    },
    [apiFetch, reload],
  );
  return { create, update, remove, reload };
}

export type MembershipAction = 'add' | 'remove';

const byFullName = (a: User, b: User) =>
  (a.full_name || a.email).localeCompare(b.full_name || b.email, undefined, { sensitivity: 'base' });

function without(list: PagedList<User> | undefined, user: User): PagedList<User> | undefined {
  if (!list) return list;
  const data = list.data.filter((u) => u.id !== user.id);
  const removed = list.data.length - data.length;
  return { ...list, data, pagination: { ...list.pagination, total: Math.max(0, list.pagination.total - removed) } };
}

function including(list: PagedList<User> | undefined, user: User): PagedList<User> | undefined {
  if (!list || list.data.some((u) => u.id === user.id)) return list;
  return { ...list, data: [...list.data, user].sort(byFullName), pagination: { ...list.pagination, total: list.pagination.total + 1 } };
}

/**
 * The member modal's two lists (contract §8.6 members, §7.1 `exclude_group_id` for the others), both
 * sorted by full name and searched with the same text, and the membership change of spec 03 §4:
 * applied optimistically, the user marked as being processed, rolled back and reloaded on failure.
 */
export function useGroupMembership(group: Group | undefined, search: string) {
  const apiFetch = useApiFetch();
  const { mutate: mutateAny } = useSWRConfig();
  const id = group?.id;
  const query = { page: 1, limit: MEMBER_SEARCH_LIMIT, search: search.trim(), sort_by: 'full_name', sort_order: 'asc' };
  const membersKey = id ? withQuery(`${GROUPS_PATH}/${encodeURIComponent(id)}/users`, query) : null;
  // The admin group's members follow the admin role (contract §1.3): nobody is "available" to add.
  const availableKey = id && !group.is_admin_group ? withQuery('/api/users', { ...query, exclude_group_id: id }) : null;
  const members = useSWR<PagedList<User>>(membersKey, { keepPreviousData: true });
  const available = useSWR<PagedList<User>>(availableKey, { keepPreviousData: true });
  const [processing, setProcessing] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | undefined>();

  const change = useCallback(
    async (user: User, action: MembershipAction): Promise<boolean> => {
      if (!id) return false;
      const before = { members: members.data, available: available.data };
      setError(undefined);
      setProcessing((current) => new Set(current).add(user.id));
      const [fromList, toList] = action === 'add' ? [available, members] : [members, available];
      await Promise.all([fromList.mutate(without(fromList.data, user), { revalidate: false }), toList.mutate(including(toList.data, user), { revalidate: false })]);
      let ok = true;
      try {
        await apiFetch(`${GROUPS_PATH}/${encodeURIComponent(id)}/users/${encodeURIComponent(user.id)}`, { method: action === 'add' ? 'POST' : 'DELETE' });
      } catch (changeError) {
        ok = false;
        console.error(action === 'add' ? 'Failed to add user to group' : 'Failed to remove user from group', changeError);
        await Promise.all([members.mutate(before.members, { revalidate: false }), available.mutate(before.available, { revalidate: false })]);
        setError(MEMBERSHIP_ERROR);
      } finally {
        setProcessing((current) => {
          const next = new Set(current);
          next.delete(user.id);
          return next;
        });
      }
      // Reloaded either way: the server's lists (and the groups' member counts) are the truth.
      void members.mutate();
      void available.mutate();
      void mutateAny((key: unknown) => typeof key === 'string' && key.startsWith(`${GROUPS_PATH}?`));
      return ok;
    },
    [id, members, available, apiFetch, mutateAny],
  );

  return { members, available, processing, error, clearError: () => setError(undefined), change };
}
