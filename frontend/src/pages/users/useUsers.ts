import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useApiFetch } from '../../api/ApiProvider';
import type { Group, InvitedUser, PagedList, User, UserRole, UserStatus } from '../../api/entities';
import { withQuery } from '../../api/query';
import { PAGE_SIZE } from '../../config/ui-constants';

export const USERS_PATH = '/api/users';

const isUsersKey = (key: unknown) => typeof key === 'string' && key.startsWith(USERS_PATH);

/** Contract §7.1: one page of the organization's users, sorted by full name. */
export function useUserList(page: number, search: string) {
  const key = withQuery(USERS_PATH, { page, limit: PAGE_SIZE, search: search.trim(), sort_by: 'full_name', sort_order: 'asc' });
  return useSWR<PagedList<User>>(key, { keepPreviousData: true });
}

/** Every group, for the form's group picker (contract §8.1 `all=true`). */
export function useAllGroups(enabled: boolean) {
  return useSWR<PagedList<Group>>(enabled ? withQuery('/api/groups', { all: true, sort_by: 'name', sort_order: 'asc' }) : null);
}

export interface InviteInput {
  email: string;
  fullName: string;
  role: Exclude<UserRole, 'system_admin'>;
  status: UserStatus;
  groupIds: string[];
}

export type UpdateInput = Partial<Omit<InviteInput, 'email'>>;

export interface AdminResetAnswer {
  temporaryPasswordSet: boolean;
  /** The generated temporary password, shown once; null when the admin chose one. */
  token?: string | null;
  message?: string;
}

/** Invite, update and delete (contract §7.4–§7.6) and the consumer check (§6.18). */
export function useUserActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  // Group member counts change with memberships, so the groups lists are reloaded too.
  const reload = useCallback(() => mutate((key: unknown) => isUsersKey(key) || (typeof key === 'string' && key.startsWith('/api/groups'))), [mutate]);

  const invite = useCallback(
    async (input: InviteInput) => {
      const user = await apiFetch<InvitedUser>(`${USERS_PATH}/invite`, { method: 'POST', body: input });
      await reload();
      return user;
    },
    [apiFetch, reload],
  );
  const update = useCallback(
    async (id: string, input: UpdateInput) => {
      const user = await apiFetch<User>(`${USERS_PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
      await reload();
      return user;
    },
    [apiFetch, reload],
  );
  const remove = useCallback(
    async (id: string) => {
      await apiFetch(`${USERS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
      await reload();
    },
    [apiFetch, reload],
  );
  const isConsumer = useCallback(
    async (organizationId: string) => {
      const answer = await apiFetch<{ isConsumer?: unknown }>(`/api/organizations/${encodeURIComponent(organizationId)}/is-consumer`);
      if (typeof answer?.isConsumer !== 'boolean') throw new Error('Invalid response format');
      return answer.isConsumer;
    },
    [apiFetch],
  );
  return { invite, update, remove, isConsumer, reload };
}

/** Contract §4.13: an admin (or a system admin, for any organization) sets a temporary password. */
export function useAdminPasswordReset() {
  const apiFetch = useApiFetch();
  return useCallback(
    (userId: string, temporaryPassword?: string) =>
      apiFetch<AdminResetAnswer>('/api/auth/reset-password/admin', {
        method: 'POST',
        body: temporaryPassword ? { userId, temporaryPassword } : { userId },
      }),
    [apiFetch],
  );
}
