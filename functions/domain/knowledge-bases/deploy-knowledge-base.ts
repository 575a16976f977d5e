import { randomUUID } from 'node:crypto';
import { badRequest, conflict } from '../../contracts/contract-error';
import { logger } from '../../observability/logger';
import type { Ports } from '../../contracts/ports/ports';
import { nowIso } from '../../contracts/keys/table-keys';
import { kbIndexMessage, type KbIndexPayload } from '../../contracts/messages/kb-index-message';
import { loadKnowledgeBase, withFreshRead } from './knowledge-base-lifecycle';
import { INDEXING_ERRORS, KNOWLEDGE_BASE_MESSAGES as M } from './knowledge-base-messages';
import type { KnowledgeBaseRecord } from './knowledge-base-record';
import { KnowledgeBaseRepository } from './knowledge-base-repository';
import { findSources } from './source-reference-store';

/** The next index version: never one handed out before, so a superseded deployment cannot write into it. */
export function nextIndexVersion(record: Pick<KnowledgeBaseRecord, 'last_index_version' | 'active_index_version'>): number {
  return Math.max(record.last_index_version ?? 0, record.active_index_version ?? 0) + 1;
}

/**
 * §15.7: checks the sources, moves the knowledge base to `processing` with a new deployment, and
 * enqueues `kb.index` for it. Chat keeps reading the previous index version until the indexer
 * swaps the new one in.
 */
export async function deployKnowledgeBase(ports: Ports, organizationId: string, knowledgeBaseId: string, requestedBy: string): Promise<KnowledgeBaseRecord> {
  return startDeployment(ports, organizationId, knowledgeBaseId, requestedBy, 'deploy', async (stored) => {
    if (stored.status === 'processing' || stored.status === 'ready') throw conflict(M.alreadyDeployed);
    await assertSourcesReady(ports, stored);
  });
}

/**
 * §13.8's re-index after a source changed (`trigger: "source-updated"`), for the crawler: a
 * deployed knowledge base goes `ready` → `processing` → `ready` while its previous version stays
 * queryable. One already processing gets a newer deployment, which supersedes the running one. A
 * draft was never deployed, so it is left alone (undefined).
 */
export async function reindexKnowledgeBase(ports: Ports, organizationId: string, knowledgeBaseId: string, requestedBy: string): Promise<KnowledgeBaseRecord | undefined> {
  try {
    return await startDeployment(ports, organizationId, knowledgeBaseId, requestedBy, 'source-updated', async (stored) => {
      if (stored.status === 'draft') throw new NotDeployedError();
    });
  } catch (error) {
    if (error instanceof NotDeployedError) return undefined;
    throw error;
  }
}

class NotDeployedError extends Error {}

async function startDeployment(
  ports: Ports,
  organizationId: string,
  knowledgeBaseId: string,
  requestedBy: string,
  trigger: KbIndexPayload['trigger'],
  check: (stored: KnowledgeBaseRecord) => Promise<void>,
): Promise<KnowledgeBaseRecord> {
  const repository = new KnowledgeBaseRepository(ports.database);
  const { before, after } = await withFreshRead(async () => {
    const stored = await loadKnowledgeBase(ports, organizationId, knowledgeBaseId);
    await check(stored);
    const version = nextIndexVersion(stored);
    const next: KnowledgeBaseRecord = {
      ...stored,
      status: 'processing',
      error: null,
      deployment_id: `dep_${randomUUID()}`,
      deployment_version: version,
      last_index_version: version,
      index_slice: 0,
      index_failures: 0,
      updated_at: nowIso(),
    };
    await repository.replace(stored, next);
    return { before: stored, after: { ...next, version: stored.version + 1 } };
  });

  try {
    await ports.queue.send(
      'indexing',
      kbIndexMessage(organizationId, requestedBy, {
        knowledgeBaseId,
        deploymentId: after.deployment_id as string,
        trigger,
        sourceType: after.source_type,
        dataSourceIds: after.data_source_ids,
        ...(after.chunk_size !== null ? { chunkSize: after.chunk_size } : {}),
        ...(after.overlap !== null ? { overlap: after.overlap } : {}),
        embeddingModel: after.embedding_model,
        indexVersion: after.deployment_version as number,
      }),
    );
  } catch (error) {
    // Nothing will ever index it: back to where it was, so it can be deployed again. A deployment
    // it superseded will not finish either, so "processing" becomes "failed".
    const restored = before.status === 'processing' ? { status: 'failed', error: INDEXING_ERRORS.failed } : { status: before.status, error: before.error };
    await repository
      .updateForDeployment(organizationId, knowledgeBaseId, after.deployment_id as string, restored, { expression: '#s = :processing', names: { '#s': 'status' }, values: { ':processing': 'processing' } })
      .catch(() => false);
    logger.error('Could not enqueue a knowledge-base deployment', { knowledgeBaseId, error: (error as Error).message });
    throw error;
  }
  return after;
}

/** §15.7's preconditions, in its order of errors. */
async function assertSourcesReady(ports: Ports, record: KnowledgeBaseRecord): Promise<void> {
  const sources = await findSources(ports.database, record.organization_id, record.source_type, record.data_source_ids);
  const existing = record.data_source_ids.flatMap((id) => sources.get(id) ?? []);
  if (existing.length === 0) throw badRequest(M.sourcesRequired);
  const notReady = existing.filter((source) => !source.ready);
  if (notReady.length > 0) {
    throw conflict(M.sourcesNotReady(notReady.map((source) => source.name)), { dataSources: notReady.map(({ id, name, status }) => ({ id, name, status })) });
  }
}
