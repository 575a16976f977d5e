import useSWR from 'swr';
import type { OrgSettingsAnswer } from '../api/entities';
import type { ApiRequestOptions } from '../api/client';
import { SEARCH_DEBOUNCE_MS } from '../config/ui-constants';
import { useDebouncedValue } from '../hooks/useDebouncedValue';

const COMPLETE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Contract §4.4: the public settings (password policy, login methods) of the organization an email
 * belongs to, asked once the email looks complete and has stopped changing. A failure is not shown:
 * the screens fall back to the default policy and the server still enforces the real one.
 */
export function useOrgSettingsForEmail(email: string) {
  const settled = useDebouncedValue(email.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const key: readonly [string, ApiRequestOptions] | null = COMPLETE_EMAIL.test(settled)
    ? ['/api/auth/check-org-settings', { method: 'POST', body: { email: settled }, auth: false }]
    : null;
  return useSWR<OrgSettingsAnswer>(key, { shouldRetryOnError: false });
}
