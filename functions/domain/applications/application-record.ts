import type { LlmModel } from '../../../shared/rules/chat';
import { keys, newId } from '../../contracts/keys/table-keys';

/** The `api` integration as stored: the token only as a lookup hash and a ciphertext (§16). */
export interface ApiIntegrationRecord {
  type: 'api';
  enabled: boolean;
  token_hash?: string;
  token_cipher?: string;
  rate_limit: number;
  allowed_origins: string[];
}

/** The Slack integration as stored: both secrets encrypted, with their last 4 characters for the mask. */
export interface SlackIntegrationRecord {
  type: 'messaging';
  platform: 'slack';
  enabled: boolean;
  bot_token_cipher?: string;
  bot_token_last4?: string;
  signing_secret_cipher?: string;
  signing_secret_last4?: string;
  channels: string;
}

export type IntegrationRecord = ApiIntegrationRecord | SlackIntegrationRecord;

export interface ApplicationRecord {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  enabled: boolean;
  llm_model: LlmModel;
  index_ids: string[];
  integrations: IntegrationRecord[];
  created_by: string;
  created_by_name: string;
  created_at: string;
  updated_at: string;
}

export function newApplicationId(): string {
  return newId('app');
}

export const applicationKeys = {
  application: (organizationId: string, applicationId: string) => ({ PK: keys.organization(organizationId).PK, SK: `APP#${applicationId}` }),
  applicationGroup: (organizationId: string, applicationId: string, groupId: string) => ({
    PK: keys.organization(organizationId).PK,
    SK: `APPGROUP#${applicationId}#${groupId}`,
  }),
  /** Outside every organization: an API key arrives with nothing else to say whose it is (§17.5). */
  apiTokenClaim: (tokenHash: string) => ({ PK: `APITOKEN#${tokenHash}`, SK: 'APITOKEN' }),
  /** Outside every organization: the Slack receiver's URL names only the application (§18.1). */
  applicationLookup: (applicationId: string) => ({ PK: `APPLICATION#${applicationId}`, SK: 'APPLICATION' }),
} as const;

export const APPLICATION_SK_PREFIX = {
  application: 'APP#',
  groups: (applicationId: string) => `APPGROUP#${applicationId}#`,
  everyGroupLink: 'APPGROUP#',
} as const;

export function apiIntegrationOf(record: Pick<ApplicationRecord, 'integrations'>): ApiIntegrationRecord | undefined {
  return record.integrations.find((integration): integration is ApiIntegrationRecord => integration.type === 'api');
}

export function slackIntegrationOf(record: Pick<ApplicationRecord, 'integrations'>): SlackIntegrationRecord | undefined {
  return record.integrations.find((integration): integration is SlackIntegrationRecord => integration.type === 'messaging');
}
