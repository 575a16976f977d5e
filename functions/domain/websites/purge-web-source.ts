import { webSourcePrefix } from '../../contracts/keys/object-keys';
import type { Ports } from '../../contracts/ports/ports';
import { deletePrefix, platformStore } from '../files/file-store';
import { removeSourceFromKnowledgeBases } from '../knowledge-bases/source-usage';
import { WebSourceRepository } from './web-source-repository';

/**
 * `source.purge` for a deleted web source (§13.6): its page items, its stored texts and cursors, and
 * its chunks in any index still holding them. Each step works from what is left, so a redelivery
 * finishes the job.
 */
export async function purgeWebSource(ports: Ports, organizationId: string, sourceId: string): Promise<'done'> {
  const repository = new WebSourceRepository(ports.database);
  const pages = await repository.pages(organizationId, sourceId);
  await repository.deletePages(organizationId, sourceId, pages.map((page) => page.page_id));
  await deletePrefix(platformStore(ports.objects), webSourcePrefix(organizationId, sourceId));
  await removeSourceFromKnowledgeBases(ports, organizationId, sourceId);
  return 'done';
}
