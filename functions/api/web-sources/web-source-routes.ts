import {
  createWebSourceRequestSchema,
  updateWebSourceRequestSchema,
  WEB_SOURCE_MESSAGES as M,
  WEB_SOURCE_STATUSES,
  type CreateWebSourceRequest,
  type UpdateWebSourceRequest,
  type WebSource,
} from '../../../shared/api/schemas/web-sources';
import { idParamsSchema } from '../../../shared/api/schemas/common';
import { badRequest } from '../../contracts/contract-error';
import { applyListQuery, parseListQuery, type ListDefinition } from '../../contracts/list-paging';
import { getPorts } from '../../contracts/ports/ports';
import { KnowledgeBaseRepository } from '../../domain/knowledge-bases/knowledge-base-repository';
import { knowledgeBasesUsingSource, type KnowledgeBaseRef } from '../../domain/knowledge-bases/source-usage';
import { urlProblem } from '../../domain/outbound/url-guard';
import { toWebSourceEntity } from '../../domain/websites/web-source-entity';
import { WebSourceRepository } from '../../domain/websites/web-source-repository';
import { createWebSource, deleteWebSource, loadWebSource, syncWebSource, updateWebSource } from '../../domain/websites/web-source-service';
import { implement, requireCaller } from '../../http/api-types';

type IdParams = { id: string };
const context = { urlAllowed: async (url: string) => (await urlProblem(url)) === undefined };

const webSourceList: ListDefinition<WebSource> = {
  sortFields: { name: (source) => source.name, created_at: (source) => source.created_at, updated_at: (source) => source.updated_at },
  defaultSortBy: 'updated_at',
  defaultSortOrder: 'desc',
  searchText: (source) => [source.name, source.configuration.url, source.description],
  id: (source) => source.id,
};

/** §13.1: every web source of the organization, each with the knowledge bases using it (one Query for all). */
export const listWebSources = implement({
  async handle(request) {
    const caller = requireCaller(request);
    const listQuery = parseListQuery(request.query, webSourceList);
    const statusFilter = request.query.status?.trim().toLowerCase();
    if (statusFilter && !(WEB_SOURCE_STATUSES as readonly string[]).includes(statusFilter)) throw badRequest(`status must be one of ${WEB_SOURCE_STATUSES.join(', ')}`);
    const ports = getPorts();
    const [{ items, truncated }, knowledgeBases] = await Promise.all([
      new WebSourceRepository(ports.database).list(caller.organization.id),
      new KnowledgeBaseRepository(ports.database).list(caller.organization.id),
    ]);
    const usedBy = (sourceId: string): KnowledgeBaseRef[] =>
      knowledgeBases.items.filter((kb) => kb.data_source_ids.includes(sourceId)).map((kb) => ({ id: kb.id, name: kb.name }));
    const entities = items.filter((record) => !statusFilter || record.status === statusFilter).map((record) => toWebSourceEntity(record, usedBy(record.id)));
    const page = applyListQuery(entities, listQuery, webSourceList);
    return {
      status: 200,
      body: { webSources: page.items, page: page.page, limit: page.limit, total: page.total, totalPages: page.totalPages, ...(truncated ? { truncated: true } : {}) },
    };
  },
});

async function entityOf(organizationId: string, sourceId: string): Promise<WebSource> {
  const ports = getPorts();
  const record = await loadWebSource(ports, organizationId, sourceId);
  return toWebSourceEntity(record, await knowledgeBasesUsingSource(ports, organizationId, sourceId));
}

/** §13.2 */
export const getWebSource = implement<undefined, Record<string, string | undefined>, IdParams>({
  params: idParamsSchema,
  async handle(request) {
    return { status: 200, body: { webSource: await entityOf(requireCaller(request).organization.id, request.params.id) } };
  },
});

/** §13.3 */
export const getWebSourceUsage = implement<undefined, Record<string, string | undefined>, IdParams>({
  params: idParamsSchema,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    await loadWebSource(ports, caller.organization.id, request.params.id);
    return { status: 200, body: { knowledgeBases: await knowledgeBasesUsingSource(ports, caller.organization.id, request.params.id) } };
  },
});

/** §13.4: validated in the contract's order, the hosts checked (§1.10); the first crawl is enqueued at once. */
export const createWebSourceRoute = implement<CreateWebSourceRequest>({
  body: () => createWebSourceRequestSchema(context),
  async handle(request) {
    const caller = requireCaller(request);
    const record = await createWebSource(getPorts(), caller.organization, caller.user, request.body);
    return { status: 201, body: { webSource: toWebSourceEntity(record, []), message: M.created } };
  },
});

/** §13.5: the source is found (404) before its body is judged. */
export const updateWebSourceRoute = implement<UpdateWebSourceRequest, Record<string, string | undefined>, IdParams>({
  params: idParamsSchema,
  body: () => updateWebSourceRequestSchema(context),
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    await loadWebSource(ports, caller.organization.id, request.params.id);
    const changes = (await request.validBody()) as UpdateWebSourceRequest;
    const record = await updateWebSource(ports, caller.organization.id, request.params.id, changes, caller.user.id);
    return { status: 200, body: { webSource: toWebSourceEntity(record, await knowledgeBasesUsingSource(ports, caller.organization.id, record.id)), message: M.updated } };
  },
});

/** §13.6 */
export const deleteWebSourceRoute = implement<undefined, Record<string, string | undefined>, IdParams>({
  params: idParamsSchema,
  async handle(request) {
    const caller = requireCaller(request);
    await deleteWebSource(getPorts(), caller.organization.id, request.params.id, caller.user.id);
    return { status: 204 };
  },
});

/** §13.7 */
export const syncWebSourceRoute = implement<undefined, Record<string, string | undefined>, IdParams>({
  params: idParamsSchema,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const record = await syncWebSource(ports, caller.organization, request.params.id, caller.user.id);
    return { status: 202, body: { message: M.syncStarted, webSource: toWebSourceEntity(record, await knowledgeBasesUsingSource(ports, caller.organization.id, record.id)) } };
  },
});
