import type { AdminIntegration, Application, ApplicationStatus, MemberIntegration, PublicApplication } from '../../../shared/api/schemas/applications';
import { SECRET_MASK } from '../../../shared/rules/application-form';
import { getPorts } from '../../contracts/ports/ports';
import type { DatabasePort } from '../../contracts/ports/database';
import type { KnowledgeBaseRecord } from '../knowledge-bases/knowledge-base-record';
import { hasCompletedIndex } from './application-knowledge-bases';
import { knowledgeBasesById } from '../knowledge-bases/knowledge-bases-by-id-store';
import type { ApplicationRecord, IntegrationRecord } from './application-record';
import { revealApiToken } from './integration-secrets';

/** Admins see the API token in full and the Slack secrets masked; everyone else sees no settings (§2 Integration). */
export type IntegrationAudience = 'admin' | 'member';

export function applicationStatus(record: Pick<ApplicationRecord, 'enabled' | 'index_ids'>, knowledgeBases: Map<string, KnowledgeBaseRecord>): ApplicationStatus {
  if (!record.enabled) return 'disabled';
  return record.index_ids.some((id) => {
    const knowledgeBase = knowledgeBases.get(id);
    return knowledgeBase !== undefined && hasCompletedIndex(knowledgeBase);
  })
    ? 'ready'
    : 'not_ready';
}

const masked = (last4: string | undefined) => (last4 ? `${SECRET_MASK}${last4}` : null);

/** Where Slack posts events for this application: the one API origin, as admins must paste it into Slack (§18.1). */
export function slackEventsUrl(applicationId: string): string {
  return `${getPorts().settings.webOrigin()}/api/integrations/slack/events/${applicationId}`;
}

/** What every role but admin reads of an integration: no settings at all. */
function memberIntegration(integration: IntegrationRecord): MemberIntegration {
  return integration.type === 'api'
    ? { type: 'api', platform: null, enabled: integration.enabled, settings: {} }
    : { type: 'messaging', platform: 'slack', enabled: integration.enabled, settings: {} };
}

async function adminIntegration(record: ApplicationRecord, integration: IntegrationRecord): Promise<AdminIntegration> {
  if (integration.type === 'api') {
    const token = await revealApiToken({ organizationId: record.organization_id, applicationId: record.id }, integration);
    return { type: 'api', platform: null, enabled: integration.enabled, settings: { token, rateLimit: integration.rate_limit, allowedOrigins: integration.allowed_origins } };
  }
  return {
    type: 'messaging',
    platform: 'slack',
    enabled: integration.enabled,
    settings: {
      botToken: masked(integration.bot_token_last4),
      signingSecret: masked(integration.signing_secret_last4),
      channels: integration.channels,
      eventsUrl: slackEventsUrl(record.id),
    },
  };
}

export async function toApplicationEntity(record: ApplicationRecord, knowledgeBases: Map<string, KnowledgeBaseRecord>, audience: IntegrationAudience): Promise<Application> {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    enabled: record.enabled,
    status: applicationStatus(record, knowledgeBases),
    llm_model: record.llm_model,
    index_ids: record.index_ids,
    knowledge_bases: record.index_ids.flatMap((id) => {
      const knowledgeBase = knowledgeBases.get(id);
      return knowledgeBase ? [{ id, name: knowledgeBase.name, description: knowledgeBase.description, status: knowledgeBase.status, source_type: knowledgeBase.source_type }] : [];
    }),
    integrations: await Promise.all(record.integrations.map((integration) => (audience === 'admin' ? adminIntegration(record, integration) : memberIntegration(integration)))),
    created_by: record.created_by,
    created_by_name: record.created_by_name,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** Entities of several applications of one organization, reading their knowledge bases once. */
export async function toApplicationEntities(database: DatabasePort, organizationId: string, records: ApplicationRecord[], audience: IntegrationAudience): Promise<Application[]> {
  const knowledgeBases = await knowledgeBasesById(database, organizationId, records.flatMap((record) => record.index_ids));
  return Promise.all(records.map((record) => toApplicationEntity(record, knowledgeBases, audience)));
}

/** What an API-key caller reads of its own application (§16.2). */
export function toPublicApplication(record: ApplicationRecord): PublicApplication {
  return { id: record.id, name: record.name, description: record.description, enabled: record.enabled, llm_model: record.llm_model };
}
