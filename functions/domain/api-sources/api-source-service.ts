import {
  API_SOURCE_MESSAGES as M,
  authenticationProblems,
  type ApiSourceConfiguration,
  type CreateApiSourceRequest,
  type UpdateApiSourceRequest,
} from '../../../shared/api/schemas/api-sources';
import { conflict, notFound, validationError } from '../../contracts/contract-error';
import { newId, nowIso } from '../../contracts/keys/table-keys';
import { sourcePurgeMessage } from '../../contracts/messages/ingest-and-purge-messages';
import type { Ports } from '../../contracts/ports/ports';
import type { SecretContext } from '../../contracts/ports/secrets';
import { reindexKnowledgeBase } from '../knowledge-bases/deploy-knowledge-base';
import { KnowledgeBaseRepository } from '../knowledge-bases/knowledge-base-repository';
import { logger } from '../../observability/logger';
import { knowledgeBasesUsingSource } from '../knowledge-bases/source-usage';
import type { OrganizationRecord } from '../organizations/organization-repository';
import { retryOnStale } from '../table/fresh-read';
import { createWithinDataSourceLimit } from '../usage/data-source-quota';
import type { UserRecord } from '../users/user-repository';
import { completeConfiguration, splitSecrets, storedConfiguration, withSecrets } from './api-source-configuration';
import type { ApiSourceRecord } from './api-source-record';
import { ApiSourceRepository, StaleApiSourceError } from './api-source-repository';

function withFreshRead<T>(attempt: () => Promise<T>): Promise<T> {
  return retryOnStale(attempt, (error) => error instanceof StaleApiSourceError);
}

/** Bound to the ciphertext: secrets copied onto another source's item do not decrypt there. */
const secretContext = (organizationId: string, sourceId: string): SecretContext => ({ organizationId, apiSourceId: sourceId, purpose: 'api-source' });

export async function loadApiSource(ports: Pick<Ports, 'database'>, organizationId: string, sourceId: string): Promise<ApiSourceRecord> {
  const record = await new ApiSourceRepository(ports.database).get(organizationId, sourceId);
  if (!record) throw notFound(M.notFound);
  return record;
}

/** The configuration with its secrets, for the call itself and for an update's merge. */
export async function revealConfiguration(ports: Pick<Ports, 'secrets'>, record: ApiSourceRecord): Promise<ApiSourceConfiguration> {
  const configuration = storedConfiguration(record.configuration);
  if (!record.secrets_cipher) return configuration;
  const secrets = JSON.parse(await ports.secrets.decrypt(record.secrets_cipher, secretContext(record.organization_id, record.id))) as Record<string, string>;
  return withSecrets(configuration, secrets);
}

/** The masked configuration to store and its secrets sealed, after checking the merged whole. */
async function sealed(ports: Pick<Ports, 'secrets'>, organizationId: string, sourceId: string, configuration: ApiSourceConfiguration): Promise<Pick<ApiSourceRecord, 'configuration' | 'secrets_cipher'>> {
  const problems = authenticationProblems(configuration.authentication);
  if (problems.length > 0) throw validationError(problems.map((problem) => ({ field: `configuration.${problem.field}`, message: problem.message })));
  const { masked, secrets } = splitSecrets(configuration);
  const secrets_cipher = Object.keys(secrets).length > 0 ? await ports.secrets.encrypt(JSON.stringify(secrets), secretContext(organizationId, sourceId)) : null;
  return { configuration: masked, secrets_cipher };
}

/** §14.4: `active`, counted against `data_sources_limit` (§1.9). */
export async function createApiSource(ports: Ports, organization: OrganizationRecord, creator: UserRecord, input: CreateApiSourceRequest): Promise<ApiSourceRecord> {
  const now = nowIso();
  const id = newId('api');
  const record: ApiSourceRecord = {
    id,
    organization_id: organization.id,
    name: input.name,
    description: input.description ?? '',
    status: 'active',
    last_fetched_at: null,
    last_error: null,
    ...(await sealed(ports, organization.id, id, completeConfiguration(input.configuration))),
    created_by: creator.id,
    created_by_name: creator.full_name,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  await createWithinDataSourceLimit(ports.database, organization, (limit) => new ApiSourceRepository(ports.database).create(record, limit));
  return record;
}

/**
 * §14.5: any subset; masked and left-out secrets are kept. A new configuration re-indexes every
 * `ready` knowledge base that uses the source (`trigger: "source-updated"`, as §13.8 does for a
 * crawl), so what the chat cites follows the source.
 */
export async function updateApiSource(ports: Ports, organizationId: string, sourceId: string, changes: UpdateApiSourceRequest, requestedBy: string): Promise<ApiSourceRecord> {
  const repository = new ApiSourceRepository(ports.database);
  const record = await withFreshRead(async () => {
    const stored = await loadApiSource(ports, organizationId, sourceId);
    const configuration = changes.configuration ? await sealed(ports, organizationId, sourceId, completeConfiguration(changes.configuration, await revealConfiguration(ports, stored))) : {};
    return repository.replace(stored, {
      ...stored,
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description ?? '' } : {}),
      ...configuration,
      updated_at: nowIso(),
    });
  });
  if (changes.configuration) {
    const { items } = await new KnowledgeBaseRepository(ports.database).list(organizationId);
    for (const knowledgeBase of items.filter((candidate) => candidate.status === 'ready' && candidate.data_source_ids.includes(sourceId))) {
      await reindexKnowledgeBase(ports, organizationId, knowledgeBase.id, requestedBy);
    }
  }
  return record;
}

/** §14.6: refused while a knowledge base uses it; its chunks leave old index versions in the background. */
export async function deleteApiSource(ports: Ports, organizationId: string, sourceId: string, requestedBy: string): Promise<void> {
  await withFreshRead(async () => {
    const stored = await loadApiSource(ports, organizationId, sourceId);
    const users = await knowledgeBasesUsingSource(ports, organizationId, sourceId);
    if (users.length > 0) throw conflict(M.inUse(users.map((kb) => kb.name).join(', ')), { knowledgeBases: users });
    await new ApiSourceRepository(ports.database).delete(stored);
  });
  await ports.queue.send('indexing', sourcePurgeMessage(organizationId, requestedBy, { sourceKind: 'api_source', sourceId, knowledgeBaseIds: [] }));
}

/**
 * What the last call of the source did (a deploy's or a test's): `active` with `last_fetched_at`,
 * or `error` with `last_error`. A source deleted or changed meanwhile is left as it is, and a
 * failed write only costs the bookkeeping: the call's own outcome stands.
 */
export async function recordCallOutcome(ports: Pick<Ports, 'database'>, record: ApiSourceRecord, outcome: { error?: string }): Promise<void> {
  const now = nowIso();
  const next: ApiSourceRecord = outcome.error === undefined ? { ...record, status: 'active', last_fetched_at: now, last_error: null } : { ...record, status: 'error', last_error: outcome.error };
  try {
    await new ApiSourceRepository(ports.database).replace(record, next);
  } catch (error) {
    if (!(error instanceof StaleApiSourceError)) logger.warn('Could not record an API source call', { apiSourceId: record.id, error: (error as Error).message });
  }
}
