import { logger } from '../../observability/logger';
import type { Ports } from '../../contracts/ports/ports';
import { knowledgeBaseIndexName } from '../../contracts/ports/vectors';
import { liveIndexVersions } from './index-versions';
import { KnowledgeBaseRepository } from './knowledge-base-repository';

export interface KnowledgeBaseRef {
  id: string;
  name: string;
}

/**
 * The knowledge bases whose `data_source_ids` name a source (a file, web source or API source):
 * §9.2's `knowledge_bases`, §13.3 and §14.3's usage, and §13.6/§14.6's delete guard. One Query.
 */
export async function knowledgeBasesUsingSource(ports: Pick<Ports, 'database'>, organizationId: string, sourceId: string): Promise<KnowledgeBaseRef[]> {
  const { items } = await new KnowledgeBaseRepository(ports.database).list(organizationId);
  return items
    .filter((record) => record.data_source_ids.includes(sourceId))
    .map((record) => ({ id: record.id, name: record.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

/**
 * §9.4 / §23.1 `source.purge`: removes a deleted source's chunks from every index version of the
 * knowledge bases that reference it (the id itself stays, as an orphan). Idempotent; answers how
 * many chunks went. For the purge processor of the files, web-source and API-source families.
 */
export async function removeSourceFromKnowledgeBases(ports: Pick<Ports, 'database' | 'vectors'>, organizationId: string, sourceId: string): Promise<number> {
  const repository = new KnowledgeBaseRepository(ports.database);
  const { items } = await repository.list(organizationId);
  let removed = 0;
  for (const record of items.filter((candidate) => candidate.data_source_ids.includes(sourceId))) {
    for (const version of liveIndexVersions(record)) {
      try {
        removed += await ports.vectors.deleteBySource(knowledgeBaseIndexName(record.id, version), sourceId);
      } catch (error) {
        // A version dropped meanwhile (a swap, a failed deployment, a deletion) has nothing left to remove.
        const now = await repository.get(organizationId, record.id);
        if (now && liveIndexVersions(now).includes(version)) throw error;
        logger.info('Index version gone before its chunks were removed', { knowledgeBaseId: record.id, version });
      }
    }
  }
  return removed;
}
