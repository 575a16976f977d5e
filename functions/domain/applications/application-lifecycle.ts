import type { ApplicationInput, ApplicationRequestContext, IntegrationInput } from '../../../shared/api/schemas/applications';
import type { Ports } from '../../contracts/ports/ports';
import { conflict, forbidden } from '../../contracts/contract-error';
import { sourcePurgeMessage } from '../../contracts/messages/ingest-and-purge-messages';
import { knowledgeBasesById } from '../knowledge-bases/knowledge-bases-by-id-store';
import { GroupRepository } from '../groups/group-repository';
import type { OrganizationRecord } from '../organizations/organization-repository';
import { organizationSettings } from '../organizations/organization-settings';
import { nowIso } from '../../contracts/keys/table-keys';
import { APPLICATION_MESSAGES as M } from './application-messages';
import { apiIntegrationOf, newApplicationId, type ApplicationRecord, type IntegrationRecord } from './application-record';
import { ApiTokenTakenError, ApplicationGoneError, ApplicationRepository } from './application-repository';
import { integrationRecords } from './integration-secrets';
import { includesApiAccess, planInForce } from '../plans/organization-plan';
import { apiAccessQuotaError } from '../plans/plan-errors';

/**
 * What §16.4 and §16.5's bodies are judged against: the organization's knowledge bases, and on
 * update the stored application.
 */
export function applicationRequestContext(ports: Pick<Ports, 'database'>, organizationId: string, stored?: ApplicationRecord): ApplicationRequestContext {
  return { knowledgeBases: (ids) => knowledgeBasesById(ports.database, organizationId, ids), stored };
}

/**
 * Switching the `api` integration on needs the plan's API access (402) and the organization's
 * `apiTokensEnabled` (403). One that stays on is left alone, so an edit after a downgrade still
 * saves; its key is refused at every call anyway (§17.5).
 */
async function assertApiEnabling(ports: Ports, organization: OrganizationRecord, stored: IntegrationRecord[], inputs: IntegrationInput[]): Promise<void> {
  const wanted = inputs.find((input) => input.type === 'api');
  if (!wanted?.enabled || apiIntegrationOf({ integrations: stored })?.enabled) return;
  if (!includesApiAccess((await planInForce(ports.database, organization)).plan)) throw apiAccessQuotaError();
  if (!organizationSettings(organization).security.apiTokensEnabled) throw forbidden(M.apiTokensDisabled);
}

async function saveIntegrations(ports: Ports, organization: OrganizationRecord, applicationId: string, inputs: IntegrationInput[] | undefined, stored: IntegrationRecord[]): Promise<IntegrationRecord[]> {
  if (inputs === undefined) return stored;
  await assertApiEnabling(ports, organization, stored, inputs);
  return integrationRecords({ organizationId: organization.id, applicationId }, inputs, stored);
}

/** §16.4: enabled, shared with the admin group only. */
export async function createApplication(ports: Ports, organization: OrganizationRecord, creator: { id: string; full_name: string }, input: ApplicationInput): Promise<ApplicationRecord> {
  const id = newApplicationId();
  const integrations = await saveIntegrations(ports, organization, id, input.integrations ?? [], []);
  const now = nowIso();
  const record: ApplicationRecord = {
    id,
    organization_id: organization.id,
    name: input.name as string,
    description: input.description ?? '',
    enabled: true,
    llm_model: input.llmModel as ApplicationRecord['llm_model'],
    index_ids: input.indexIds as string[],
    integrations,
    created_by: creator.id,
    created_by_name: creator.full_name,
    created_at: now,
    updated_at: now,
  };
  const adminGroup = await new GroupRepository(ports.database).findAdminGroup(organization.id);
  try {
    await new ApplicationRepository(ports.database).create(record, adminGroup ? [adminGroup.id] : []);
  } catch (error) {
    if (error instanceof ApiTokenTakenError) throw conflict(M.apiTokenTaken);
    throw error;
  }
  return record;
}

/** §16.5 and §16.7: what was sent replaces what was stored; the rest stays. */
export async function updateApplication(ports: Ports, organization: OrganizationRecord, stored: ApplicationRecord, input: ApplicationInput & { enabled?: boolean }): Promise<ApplicationRecord> {
  const integrations = await saveIntegrations(ports, organization, stored.id, input.integrations, stored.integrations);
  const updated: ApplicationRecord = {
    ...stored,
    name: input.name ?? stored.name,
    description: input.description ?? stored.description,
    llm_model: input.llmModel ?? stored.llm_model,
    index_ids: input.indexIds ?? stored.index_ids,
    enabled: input.enabled ?? stored.enabled,
    integrations,
    updated_at: nowIso(),
  };
  // Two saves within one millisecond would share a version; the later one wins the condition anyway.
  if (updated.updated_at === stored.updated_at) updated.updated_at = new Date(Date.parse(stored.updated_at) + 1).toISOString();
  try {
    await new ApplicationRepository(ports.database).update(stored, updated);
  } catch (error) {
    if (error instanceof ApiTokenTakenError) throw conflict(M.apiTokenTaken);
    if (error instanceof ApplicationGoneError) throw conflict(M.changedMeanwhile);
    throw error;
  }
  return updated;
}

/** §16.6: the application, its token and its groups now; its sessions and messages in the background. */
export async function deleteApplication(ports: Ports, record: ApplicationRecord, requestedBy: string): Promise<void> {
  await new ApplicationRepository(ports.database).delete(record);
  await ports.queue.send(
    'indexing',
    sourcePurgeMessage(record.organization_id, requestedBy, { sourceKind: 'application', sourceId: record.id, knowledgeBaseIds: [] }),
  );
}
