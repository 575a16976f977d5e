import type { ApplicationRef } from '../../../shared/api/schemas/knowledge-bases';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys } from '../../contracts/keys/table-keys';
import { queryAll } from '../table/query-all';

export type { ApplicationRef };

interface ApplicationItem {
  SK: string;
  id?: string;
  name?: string;
  index_ids?: unknown;
}

/** A list, or a string set should the applications' writer choose one. */
function indexIdsOf(item: ApplicationItem): unknown[] {
  if (Array.isArray(item.index_ids)) return item.index_ids;
  return item.index_ids instanceof Set ? [...item.index_ids] : [];
}

/**
 * The applications (`APP#` items, docs/data-model.md) whose `index_ids` name the knowledge base:
 * §15.3's usage and §15.6's delete guard. One Query over the organization's applications; an
 * organization without any simply has none using it.
 */
export async function applicationsUsing(database: DatabasePort, organizationId: string, knowledgeBaseId: string): Promise<ApplicationRef[]> {
  const { items } = await queryAll<ApplicationItem>(database, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.organization(organizationId).PK, ':sk': 'APP#' },
    ProjectionExpression: 'SK, id, #name, index_ids',
    ExpressionAttributeNames: { '#name': 'name' },
  });
  return items
    .filter((item) => indexIdsOf(item).includes(knowledgeBaseId))
    .map((item) => ({ id: item.id ?? item.SK.slice('APP#'.length), name: item.name ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}
