import { applicationsUsing } from '../../domain/knowledge-bases/application-usage';
import { visibilityOf } from '../../domain/knowledge-bases/knowledge-base-access';
import { toKnowledgeBaseEntity, type KnowledgeBase } from '../../domain/knowledge-bases/knowledge-base-entity';
import { KNOWLEDGE_BASE_MESSAGES as M } from '../../domain/knowledge-bases/knowledge-base-messages';
import { KNOWLEDGE_BASE_SOURCE_TYPES, KNOWLEDGE_BASE_STATUSES } from '../../domain/knowledge-bases/knowledge-base-record';
import { KnowledgeBaseRepository } from '../../domain/knowledge-bases/knowledge-base-repository';
import { implement, requireCaller } from '../../http/api-types';
import { badRequest } from '../../contracts/contract-error';
import { applyListQuery, parseListQuery, type ListDefinition, type RawQuery } from '../../contracts/list-paging';
import { getPorts } from '../../contracts/ports/ports';
import { idParams, readableKnowledgeBase, viewerOf } from './knowledge-base-viewer';

const knowledgeBaseList: ListDefinition<KnowledgeBase> = {
  sortFields: { name: (kb) => kb.name, created_at: (kb) => kb.created_at, updated_at: (kb) => kb.updated_at },
  defaultSortBy: 'updated_at',
  defaultSortOrder: 'desc',
  searchText: (kb) => [kb.name, kb.description],
  id: (kb) => kb.id,
};

/** An optional enum filter; an unknown value is a 400 rather than an empty list that hides a typo. */
function enumFilter<T extends string>(query: RawQuery, name: string, values: readonly T[], message: string): T | undefined {
  const value = query[name]?.trim().toLowerCase();
  if (!value) return undefined;
  if (!(values as readonly string[]).includes(value)) throw badRequest(message);
  return value as T;
}

/** §15.1: an admin lists every knowledge base, anyone else those shared with one of their groups (§1.3). */
export const listKnowledgeBases = implement({
  async handle(request) {
    const caller = requireCaller(request);
    const query = request.query;
    const listQuery = parseListQuery(query, knowledgeBaseList);
    const status = enumFilter(query, 'status', KNOWLEDGE_BASE_STATUSES, M.statusFilterInvalid);
    const sourceType = enumFilter(query, 'source_type', KNOWLEDGE_BASE_SOURCE_TYPES, M.sourceTypeFilterInvalid);
    const ports = getPorts();
    const [{ items, truncated }, visible] = await Promise.all([
      new KnowledgeBaseRepository(ports.database).list(caller.organization.id),
      visibilityOf(ports.database, viewerOf(caller)),
    ]);
    const entities = items
      .filter((record) => visible(record) && (!status || record.status === status) && (!sourceType || record.source_type === sourceType))
      .map(toKnowledgeBaseEntity);
    const page = applyListQuery(entities, listQuery, knowledgeBaseList);
    return {
      status: 200,
      body: {
        knowledgeBases: page.items,
        // The documents' pickers read `indexes` from an id-filtered answer (§15.1).
        ...(listQuery.ids ? { indexes: page.items } : {}),
        page: page.page,
        limit: page.limit,
        total: page.total,
        totalPages: page.totalPages,
        ...(truncated ? { truncated: true } : {}),
      },
    };
  },
});

/** §15.2. */
export const getKnowledgeBase = implement({
  params: idParams,
  async handle(request) {
    const record = await readableKnowledgeBase(getPorts(), requireCaller(request), request.params.id);
    return { status: 200, body: toKnowledgeBaseEntity(record) };
  },
});

/** §15.3: the applications whose `index_ids` name it. */
export const getKnowledgeBaseUsage = implement({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const record = await readableKnowledgeBase(ports, caller, request.params.id);
    const applications = await applicationsUsing(ports.database, caller.organization.id, record.id);
    return { status: 200, body: { isInUse: applications.length > 0, applications } };
  },
});
