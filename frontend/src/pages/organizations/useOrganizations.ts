import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { CreateOrganizationRequest } from '../../../../shared/api/schemas/organizations';
import { useApiFetch } from '../../api/ApiProvider';
import type { CloudResources, CloudResourcesCheck, Organization, OrganizationStatus, InvitedUser, OrganizationType, PagedList, User } from '../../api/entities';
import { withQuery } from '../../api/query';
import { PAGE_SIZE } from '../../config/ui-constants';

export const ORGANIZATIONS_PATH = '/api/organizations';

export const organizationPath = (id: string, rest = '') => `${ORGANIZATIONS_PATH}/${encodeURIComponent(id)}${rest}`;

const isOrganizationsKey = (key: unknown) => typeof key === 'string' && key.startsWith(ORGANIZATIONS_PATH);

/** Contract §6.1: newest first, as the server orders by default. */
export function useOrganizationList(page: number, search: string) {
  const key = withQuery(ORGANIZATIONS_PATH, { page, limit: PAGE_SIZE, search: search.trim() });
  return useSWR<PagedList<Organization> | Organization[]>(key, { keepPreviousData: true });
}

/** Spec 03 §7 says the list may come as an array or as `data`; the contract sends `data` + `pagination`. */
export function organizationsOf(answer: PagedList<Organization> | Organization[] | undefined): { items: Organization[]; list: PagedList<Organization> | undefined } {
  if (!answer) return { items: [], list: undefined };
  if (Array.isArray(answer)) {
    return { items: answer, list: { data: answer, pagination: { page: 1, limit: answer.length, total: answer.length, totalPages: answer.length ? 1 : 0 } } };
  }
  return { items: answer.data ?? [], list: answer };
}

export function useOrganization(id: string | undefined) {
  return useSWR<Organization>(id ? organizationPath(id) : null);
}

/** Contract §6.2's body, from the shared schema the server validates it with. */
export type CreateOrganizationInput = CreateOrganizationRequest;

export interface CreateOrganizationAnswer {
  organization: Organization;
  adminUser: User;
  cloudResources?: CloudResources;
}

export interface UpdateOrganizationInput {
  name?: string;
  domain?: string;
  status?: OrganizationStatus;
  type?: OrganizationType;
}

/** Create (contract §6.2) and update (§6.4); the lists and the organization itself are reloaded. */
export function useOrganizationActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => mutate(isOrganizationsKey), [mutate]);

  const create = useCallback(
    async (input: CreateOrganizationInput) => {
      const answer = await apiFetch<CreateOrganizationAnswer>(ORGANIZATIONS_PATH, { method: 'POST', body: input });
      void reload();
      return answer;
    },
    [apiFetch, reload],
  );
  const update = useCallback(
    async (id: string, input: UpdateOrganizationInput) => {
      const organization = await apiFetch<Organization>(organizationPath(id), { method: 'PUT', body: input });
      await mutate(organizationPath(id), organization, { revalidate: false });
      void reload();
      return organization;
    },
    [apiFetch, mutate, reload],
  );
  return { create, update };
}

/** Contract §6.5: the organization's users, by full name. */
export function useOrganizationUsers(id: string, page: number, search: string) {
  const key = withQuery(organizationPath(id, '/users'), { page, limit: PAGE_SIZE, search: search.trim(), sort_by: 'full_name', sort_order: 'asc' });
  return useSWR<PagedList<User>>(key, { keepPreviousData: true });
}

export interface SystemInviteInput {
  email: string;
  fullName: string;
  role: 'user' | 'admin';
}

/** Contract §6.7: a system admin invites a user into any organization. */
export function useSystemInvite(id: string) {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: SystemInviteInput) => {
      const user = await apiFetch<InvitedUser>(organizationPath(id, '/system-invite-user'), { method: 'POST', body: input });
      void mutate((key: unknown) => typeof key === 'string' && key.startsWith(organizationPath(id)));
      return user;
    },
    [apiFetch, mutate, id],
  );
}

/** Contract §6.8, §6.9, §6.11: the stored state, a live re-check and a re-provision. */
export function useCloudResources(id: string) {
  const apiFetch = useApiFetch();
  const stored = useSWR<CloudResources>(organizationPath(id, '/cloud-resources'));
  const recheck = useCallback(() => apiFetch<CloudResourcesCheck>(organizationPath(id, '/cloud-resources/status')), [apiFetch, id]);
  const reprovision = useCallback(async () => {
    const resources = await apiFetch<CloudResources>(organizationPath(id, '/cloud-resources'), { method: 'POST' });
    await stored.mutate(resources, { revalidate: false });
    return resources;
  }, [apiFetch, id, stored]);
  return { stored, recheck, reprovision };
}
