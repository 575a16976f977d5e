import { useCallback } from 'react';
import useSWR from 'swr';
import { useApiFetch } from '../../api/ApiProvider';
import type { StorageCredentials } from '../../features/files/types';
import { credentialsBody, type StorageForm } from './storage-credentials';

const path = (userId: string) => `/api/storage-credentials/${encodeURIComponent(userId)}`;

/** Contract §11: one user's object-storage credentials, their save and the connection test. */
export function useStorageCredentials(userId: string | undefined, enabled: boolean) {
  const apiFetch = useApiFetch();
  const answer = useSWR<StorageCredentials>(enabled && userId ? path(userId) : null, { revalidateOnMount: true });
  const { mutate } = answer;

  const save = useCallback(
    async (form: StorageForm) => {
      if (!userId) throw new Error('No user');
      const saved = await apiFetch<StorageCredentials>(path(userId), { method: 'PUT', body: credentialsBody(form) });
      await mutate(saved, { revalidate: false });
      return saved;
    },
    [apiFetch, userId, mutate],
  );

  const test = useCallback(
    (form: StorageForm) =>
      apiFetch<{ success: boolean; message?: string }>('/api/storage-credentials/test', { method: 'POST', body: credentialsBody(form, { includeBucket: false }) }),
    [apiFetch],
  );

  return { ...answer, save, test };
}
