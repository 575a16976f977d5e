import { useCallback } from 'react';
import { useApiFetch } from '../../api/ApiProvider';

export interface AcceptInvitationInput {
  token: string;
  password?: string;
  fullName?: string;
}

/** Contract §7.7: public, so no bearer token and no refresh on a 401. */
export function useAcceptInvitation() {
  const apiFetch = useApiFetch();
  return useCallback(
    (input: AcceptInvitationInput) => apiFetch<{ message?: string }>('/api/users/accept-invitation', { method: 'POST', auth: false, body: input }),
    [apiFetch],
  );
}
