import type { ApiSourceConfiguration, ApiSourceStatus } from '../../../shared/api/schemas/api-sources';
import { keys } from '../../contracts/keys/table-keys';

/**
 * The stored API source (docs/data-model.md "API sources"): the entity's fields less `used_by_kbs`.
 * Its configuration holds every secret as the mask; the secrets themselves are only in
 * `secrets_cipher`, encrypted by the secrets port (api-source-secrets.ts).
 */
export interface ApiSourceRecord {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  status: ApiSourceStatus;
  last_fetched_at: string | null;
  last_error: string | null;
  configuration: ApiSourceConfiguration;
  secrets_cipher: string | null;
  created_by: string;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  /** Bumped by every write, so a write decided on an older read is refused. */
  version: number;
}

/** The prefix knowledge bases look API sources up by (source-reference-store.ts). */
export const API_SOURCE_SK_PREFIX = 'APISOURCE#';

export const apiSourceKeys = {
  source: (organizationId: string, sourceId: string) => ({ PK: keys.organization(organizationId).PK, SK: `${API_SOURCE_SK_PREFIX}${sourceId}` }),
};

export function apiSourceItem(record: ApiSourceRecord): Record<string, unknown> {
  return { ...apiSourceKeys.source(record.organization_id, record.id), entity: 'api_source', ...record };
}
