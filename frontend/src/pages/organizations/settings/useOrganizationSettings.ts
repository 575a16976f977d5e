import { useCallback } from 'react';
import useSWR from 'swr';
import { useApiFetch } from '../../../api/ApiProvider';
import type { AuthSettings, SecuritySettings } from '../../../api/entities';
import { organizationPath } from '../useOrganizations';

/** Contract §6.12–§6.13. */
export function useAuthSettings(organizationId: string) {
  const apiFetch = useApiFetch();
  const key = organizationPath(organizationId, '/auth-settings');
  const settings = useSWR<AuthSettings>(key);
  const save = useCallback(
    async (values: AuthSettings) => {
      const saved = await apiFetch<AuthSettings>(key, { method: 'PUT', body: values });
      await settings.mutate(saved, { revalidate: false });
      return saved;
    },
    [apiFetch, key, settings],
  );
  return { settings, save };
}

export interface ValidationAnswer {
  valid: boolean;
  errors: Array<{ field: string; message: string }>;
}

/** Contract §6.14–§6.17: read, save, validate without saving, and the defaults. */
export function useSecuritySettings(organizationId: string) {
  const apiFetch = useApiFetch();
  const key = organizationPath(organizationId, '/security-settings');
  const settings = useSWR<SecuritySettings>(key);
  const save = useCallback(
    async (values: SecuritySettings) => {
      const saved = await apiFetch<SecuritySettings>(key, { method: 'PUT', body: values });
      await settings.mutate(saved, { revalidate: false });
      return saved;
    },
    [apiFetch, key, settings],
  );
  const validate = useCallback((values: SecuritySettings) => apiFetch<ValidationAnswer>(`${key}/validate`, { method: 'POST', body: values }), [apiFetch, key]);
  const defaults = useCallback(() => apiFetch<SecuritySettings>(`${key}/defaults`), [apiFetch, key]);
  return { settings, save, validate, defaults };
}
