import {
  API_SOURCE_MESSAGES as M,
  createApiSourceRequestSchema,
  updateApiSourceRequestSchema,
  type ApiSource,
  type CreateApiSourceRequest,
  type UpdateApiSourceRequest,
} from '../../../shared/api/schemas/api-sources';
import { idParamsSchema } from '../../../shared/api/schemas/common';
import { applyListQuery, parseListQuery, type ListDefinition } from '../../contracts/list-paging';
import { getPorts } from '../../contracts/ports/ports';
import { toApiSourceEntity } from '../../domain/api-sources/api-source-entity';
import { ApiSourceRepository } from '../../domain/api-sources/api-source-repository';
import { createApiSource, deleteApiSource, loadApiSource, updateApiSource } from '../../domain/api-sources/api-source-service';
import { testApiSource } from '../../domain/api-sources/test-api-source';
import { KnowledgeBaseRepository } from '../../domain/knowledge-bases/knowledge-base-repository';
import { knowledgeBasesUsingSource, type KnowledgeBaseRef } from '../../domain/knowledge-bases/source-usage';
import { urlProblem } from '../../domain/outbound/url-guard';
import { implement, requireCaller } from '../../http/api-types';

type IdParams = { id: string };
const context = { urlAllowed: async (url: string) => (await urlProblem(url)) === undefined };

const apiSourceList: ListDefinition<ApiSource> = {
  sortFields: { name: (source) => source.name, created_at: (source) => source.created_at, updated_at: (source) => source.updated_at },
  defaultSortBy: 'updated_at',
  defaultSortOrder: 'desc',
  searchText: (source) => [source.name, source.configuration.endpoint, source.description],
  id: (source) => source.id,
};

/** §14.1: every API source of the organization, each with the knowledge bases using it (one Query for all). */
export const listApiSources = implement({
  async handle(request) {
    const caller = requireCaller(request);
    const listQuery = parseListQuery(request.query, apiSourceList);
    const ports = getPorts();
    const [{ items, truncated }, knowledgeBases] = await Promise.all([
      new ApiSourceRepository(ports.database).list(caller.organization.id),
      new KnowledgeBaseRepository(ports.database).list(caller.organization.id),
    ]);
    const usedBy = (sourceId: string): KnowledgeBaseRef[] =>
      knowledgeBases.items.filter((kb) => kb.data_source_ids.includes(sourceId)).map((kb) => ({ id: kb.id, name: kb.name }));
    const page = applyListQuery(
      items.map((record) => toApiSourceEntity(record, usedBy(record.id))),
      listQuery,
      apiSourceList,
    );
    return {
      status: 200,
      body: { apiSources: page.items, page: page.page, limit: page.limit, total: page.total, totalPages: page.totalPages, ...(truncated ? { truncated: true } : {}) },
    };
  },
});

async function entityOf(organizationId: string, sourceId: string): Promise<ApiSource> {
  const ports = getPorts();
  const record = await loadApiSource(ports, organizationId, sourceId);
  return toApiSourceEntity(record, await knowledgeBasesUsingSource(ports, organizationId, sourceId));
}

/** §14.2 */
export const getApiSource = implement<undefined, Record<string, string | undefined>, IdParams>({
  params: idParamsSchema,
  async handle(request) {
    return { status: 200, body: { apiSource: await entityOf(requireCaller(request).organization.id, request.params.id) } };
  },
});

/** §14.3 */
export const getApiSourceUsage = implement<undefined, Record<string, string | undefined>, IdParams>({
  params: idParamsSchema,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    await loadApiSource(ports, caller.organization.id, request.params.id);
    return { status: 200, body: { knowledgeBases: await knowledgeBasesUsingSource(ports, caller.organization.id, request.params.id) } };
  },
});

/** §14.4: validated in the contract's order, the endpoint's host checked (§1.10). */
export const createApiSourceRoute = implement<CreateApiSourceRequest>({
  body: () => createApiSourceRequestSchema(context),
  async handle(request) {
    const caller = requireCaller(request);
    const record = await createApiSource(getPorts(), caller.organization, caller.user, request.body);
    return { status: 201, body: { apiSource: toApiSourceEntity(record, []), message: M.created } };
  },
});

/** §14.5: the source is found (404) before its body is judged. */
export const updateApiSourceRoute = implement<UpdateApiSourceRequest, Record<string, string | undefined>, IdParams>({
  params: idParamsSchema,
  body: () => updateApiSourceRequestSchema(context),
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    await loadApiSource(ports, caller.organization.id, request.params.id);
    const changes = (await request.validBody()) as UpdateApiSourceRequest;
    const record = await updateApiSource(ports, caller.organization.id, request.params.id, changes, caller.user.id);
    return { status: 200, body: { apiSource: toApiSourceEntity(record, await knowledgeBasesUsingSource(ports, caller.organization.id, record.id)), message: M.updated } };
  },
});

/** §14.6 */
export const deleteApiSourceRoute = implement<undefined, Record<string, string | undefined>, IdParams>({
  params: idParamsSchema,
  async handle(request) {
    const caller = requireCaller(request);
    await deleteApiSource(getPorts(), caller.organization.id, request.params.id, caller.user.id);
    return { status: 204 };
  },
});

/** §14.7: the body is ignored; the stored configuration is called once. */
export const testApiSourceRoute = implement<undefined, Record<string, string | undefined>, IdParams>({
  params: idParamsSchema,
  async handle(request) {
    const caller = requireCaller(request);
    return { status: 200, body: await testApiSource(getPorts(), caller.organization.id, request.params.id) };
  },
});
