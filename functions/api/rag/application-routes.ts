import { appIdParamsSchema } from '../../../shared/api/schemas/common';
import {
  createApplicationRequestSchema,
  setApplicationEnabledRequestSchema,
  updateApplicationRequestSchema,
  type ApplicationInput,
} from '../../../shared/api/schemas/applications';
import { canSeeApplication, indexAccessOf, sharesAGroup } from '../../domain/applications/application-access';
import { applicationRequestContext, createApplication, deleteApplication, updateApplication } from '../../domain/applications/application-lifecycle';
import type { ApplicationRecord } from '../../domain/applications/application-record';
import { ApplicationRepository } from '../../domain/applications/application-repository';
import { toApplicationEntities, toPublicApplication } from '../../domain/applications/application-view';
import { implement, requireCaller, type Caller } from '../../http/api-types';
import { apiKeyCallerOf } from '../../http/authentication';
import { applyListQuery, parseListQuery, type ListDefinition } from '../../contracts/list-paging';
import { getPorts, type Ports } from '../../contracts/ports/ports';
import { withRateLimitHeaders } from '../../http/api-key-responses';
import { accessSubjectOfCaller, isAdminCaller, loadApplication, loadVisibleApplication } from '../../http/application-context';

const params = appIdParamsSchema;

const applicationList: ListDefinition<ApplicationRecord> = {
  sortFields: { name: (record) => record.name, created_at: (record) => record.created_at, updated_at: (record) => record.updated_at },
  defaultSortBy: 'updated_at',
  defaultSortOrder: 'desc',
  searchText: (record) => [record.name, record.description],
  id: (record) => record.id,
};

async function entityFor(ports: Ports, caller: Caller, record: ApplicationRecord) {
  const [entity] = await toApplicationEntities(ports.database, caller.organization.id, [record], isAdminCaller(caller) ? 'admin' : 'member');
  return entity;
}

/** §16.1: admins list every application; others those shared with one of their groups, disabled ones included. */
export const listApplications = implement({
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const query = parseListQuery(request.query, applicationList);
    const repository = new ApplicationRepository(ports.database);
    const [{ items, truncated }, subject] = await Promise.all([repository.list(caller.organization.id), accessSubjectOfCaller(ports, caller)]);
    const links = subject.everything ? undefined : await repository.groupLinks(caller.organization.id);
    const visible = links ? items.filter((record) => sharesAGroup(subject, links.get(record.id))) : items;
    const page = applyListQuery(visible, query, applicationList);
    const applications = await toApplicationEntities(ports.database, caller.organization.id, page.items, isAdminCaller(caller) ? 'admin' : 'member');
    return { status: 200, body: { applications, page: page.page, limit: page.limit, total: page.total, totalPages: page.totalPages, ...(truncated ? { truncated: true } : {}) } };
  },
});

/** §16.2: bearer callers with access, or the token's own application (its public fields only). */
export const getApplication = withRateLimitHeaders(
  implement({
    async handle(request) {
      const apiKey = apiKeyCallerOf(request.event);
      if (apiKey) return { status: 200, body: toPublicApplication(apiKey.application) };
      const caller = requireCaller(request);
      const ports = getPorts();
      const { record } = await loadVisibleApplication(ports, caller, request.params.appId ?? '');
      return { status: 200, body: await entityFor(ports, caller, record) };
    },
  }),
);

/** §16.3: never 403 within the organization, so the UI can show "No Access". */
export const accessCheck = implement({
  params,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const record = await loadApplication(ports, caller.organization.id, request.params.appId);
    const subject = await accessSubjectOfCaller(ports, caller);
    const hasRagAccess = await canSeeApplication(ports.database, subject, record);
    const access = hasRagAccess && !subject.everything ? await indexAccessOf(ports.database, subject, record) : [];
    return {
      status: 200,
      body: {
        hasRagAccess,
        indexAccess: record.index_ids.map((indexId) => ({
          indexId,
          hasAccess: hasRagAccess && (subject.everything || access.some((entry) => entry.indexId === indexId && entry.hasAccess)),
        })),
      },
    };
  },
});

/** §16.4: every problem of the body in the contract's field order; knowledge bases must be the organization's and ready. */
export const createApplicationRoute = implement<ApplicationInput>({
  body: ({ caller }) => createApplicationRequestSchema(applicationRequestContext(getPorts(), requireCaller({ caller }).organization.id)),
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const record = await createApplication(ports, caller.organization, caller.user, request.body);
    return { status: 201, body: await entityFor(ports, caller, record) };
  },
});

/** §16.5. The application is found (404) before the body is judged against it. */
export const updateApplicationRoute = implement({
  params,
  body: () => updateApplicationRequestSchema(),
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const stored = await loadApplication(ports, caller.organization.id, request.params.appId);
    const input = await request.validBody(updateApplicationRequestSchema(applicationRequestContext(ports, caller.organization.id, stored)));
    const record = await updateApplication(ports, caller.organization, stored, input);
    return { status: 200, body: await entityFor(ports, caller, record) };
  },
});

/** §16.6. */
export const deleteApplicationRoute = implement({
  params,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const record = await loadApplication(ports, caller.organization.id, request.params.appId);
    await deleteApplication(ports, record, caller.user.id);
    return { status: 204 };
  },
});

/** §16.7. */
export const setEnabled = implement({
  params,
  // The application is found before the body is judged.
  body: setApplicationEnabledRequestSchema,
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const stored = await loadApplication(ports, caller.organization.id, request.params.appId);
    const { enabled } = await request.validBody();
    const record = enabled === stored.enabled ? stored : await updateApplication(ports, caller.organization, stored, { enabled });
    return { status: 200, body: await entityFor(ports, caller, record) };
  },
});
