import { useCallback } from 'react';
import useSWR from 'swr';
import { useApiFetch } from '../api/ApiProvider';

export const PASSWORD_STATUS_PATH = '/api/auth/password-status';

/** Contract §4.10: whether the signed-in user must change the password before anything else. */
export function usePasswordStatus(enabled: boolean) {
  return useSWR<{ force_password_change?: boolean }>(enabled ? PASSWORD_STATUS_PATH : null, { shouldRetryOnError: false, revalidateOnFocus: false });
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Contract §4.11: the in-app change. */
export function useChangePassword() {
  const apiFetch = useApiFetch();
  return useCallback((input: ChangePasswordInput) => apiFetch<{ message?: string }>('/api/auth/change-password', { method: 'POST', body: input }), [apiFetch]);
}
