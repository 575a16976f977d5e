import type { KnowledgeBaseChanges, KnowledgeBaseFields, SourceLookup } from '../../../shared/api/schemas/knowledge-bases';
import { ContractError, conflict, notFound } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { GroupRepository } from '../groups/group-repository';
import type { OrganizationRecord } from '../organizations/organization-repository';
import { nowIso } from '../../contracts/keys/table-keys';
import type { UserRecord } from '../users/user-repository';
import { applicationsUsing } from './application-usage';
import { dropIndexVersions, liveIndexVersions } from './index-versions';
import { changesLockedFields, isLocked } from './knowledge-base-lock';
import { KNOWLEDGE_BASE_MESSAGES as M } from './knowledge-base-messages';
import { knowledgeBaseLimitOf } from './knowledge-base-quota';
import { newKnowledgeBaseId, type KnowledgeBaseRecord } from './knowledge-base-record';
import { KnowledgeBaseLimitError, KnowledgeBaseProcessingError, KnowledgeBaseRepository, StaleKnowledgeBaseError } from './knowledge-base-repository';
import { findSources } from './source-reference-store';
import { retryOnStale } from '../table/fresh-read';

/** The source look-up the create and update bodies' schemas check `data_source_ids` with. */
export function sourceLookup(ports: Pick<Ports, 'database'>, organizationId: string): SourceLookup {
  return async (sourceType, ids) => new Set((await findSources(ports.database, organizationId, sourceType, ids)).keys());
}

/** A knowledge base of the organization; another organization's id reads exactly as an unknown one (§1.3). */
export async function loadKnowledgeBase(ports: Pick<Ports, 'database'>, organizationId: string, knowledgeBaseId: string): Promise<KnowledgeBaseRecord> {
  const record = await new KnowledgeBaseRepository(ports.database).get(organizationId, knowledgeBaseId);
  if (!record) throw notFound(M.notFound);
  return record;
}

/** Runs a read-decide-write until it lands on an unchanged knowledge base. */
export function withFreshRead<T>(attempt: () => Promise<T>): Promise<T> {
  return retryOnStale(attempt, (error) => error instanceof StaleKnowledgeBaseError);
}

/** §15.4: a `draft`, granted to the admin group only, counted against the plan (§1.9). */
export async function createKnowledgeBase(ports: Ports, organization: OrganizationRecord, creator: UserRecord, input: KnowledgeBaseFields): Promise<KnowledgeBaseRecord> {
  const now = nowIso();
  const record: KnowledgeBaseRecord = {
    id: newKnowledgeBaseId(),
    organization_id: organization.id,
    ...input,
    status: 'draft',
    error: null,
    document_count: 0,
    chunk_count: 0,
    last_indexed_at: null,
    created_by: creator.id,
    created_by_name: creator.full_name,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  const adminGroup = await new GroupRepository(ports.database).findAdminGroup(organization.id);
  const limit = await knowledgeBaseLimitOf(ports.database, organization);
  try {
    await new KnowledgeBaseRepository(ports.database).create(record, adminGroup?.id, limit);
  } catch (error) {
    if (!(error instanceof KnowledgeBaseLimitError)) throw error;
    throw new ContractError('QUOTA_EXCEEDED', M.quotaExceeded, { details: { resource: 'knowledge_bases', limit: error.limit, used: error.used } });
  }
  return record;
}

/**
 * §15.5. The body is judged against the stored knowledge base (`changesOf`, the body's schema), so
 * a round that finds it changed underneath judges the body again against what it now reads.
 */
export async function updateKnowledgeBase(ports: Ports, organizationId: string, knowledgeBaseId: string, changesOf: (stored: KnowledgeBaseRecord) => Promise<KnowledgeBaseChanges>): Promise<KnowledgeBaseRecord> {
  const repository = new KnowledgeBaseRepository(ports.database);
  return withFreshRead(async () => {
    const stored = await loadKnowledgeBase(ports, organizationId, knowledgeBaseId);
    const changes = await changesOf(stored);
    if (isLocked(stored) && changesLockedFields(stored, changes)) throw conflict(M.onlyNameAndDescription);
    const next: KnowledgeBaseRecord = { ...stored, ...changes, updated_at: nowIso() };
    await repository.replace(stored, next);
    return { ...next, version: stored.version + 1 };
  });
}

/**
 * §15.6: refused while processing or while an application uses it; otherwise the item, its
 * grants and its count go, then its index versions are dropped here and now: dropping an index
 * is one call per version whatever its size, so no background purge is needed.
 */
export async function deleteKnowledgeBase(ports: Ports, organizationId: string, knowledgeBaseId: string): Promise<void> {
  const repository = new KnowledgeBaseRepository(ports.database);
  const deleted = await withFreshRead(async () => {
    const stored = await loadKnowledgeBase(ports, organizationId, knowledgeBaseId);
    if (stored.status === 'processing') throw conflict(M.deleteWhileProcessing);
    const applications = await applicationsUsing(ports.database, organizationId, knowledgeBaseId);
    if (applications.length > 0) throw conflict(M.inUse(applications.map((application) => application.name)), { applications });
    try {
      await repository.delete(stored);
    } catch (error) {
      if (error instanceof KnowledgeBaseProcessingError) throw conflict(M.deleteWhileProcessing);
      throw error;
    }
    return stored;
  });
  await dropIndexVersions(ports.vectors, deleted.id, liveIndexVersions(deleted));
}
