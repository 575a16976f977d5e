import { bodyOf, fakeRoutes, type FakeRoute } from '../../../__fixtures__/fake-api';
import { jsonResponse } from '../../../__fixtures__/test-auth';
import type { AccessCheck, GroupRef, KnowledgeBaseOption, RagApplication } from '../types';

/** Test data and a fake of contract §16 (and the §15.1, §8.1 reads the dialogs use) for these pages' tests. */
export function fakeApplication(id: string, name: string, extra: Partial<RagApplication> = {}): RagApplication {
  return {
    id,
    name,
    description: `${name} answers questions`,
    enabled: true,
    status: 'ready',
    llm_model: 'gpt-4',
    index_ids: ['kb-1'],
    knowledge_bases: [{ id: 'kb-1', name: 'Handbook', description: 'Company handbook', status: 'ready', source_type: 'files' }],
    integrations: [],
    created_at: '2025-03-01T09:30:00.000Z',
    updated_at: '2025-03-01T09:30:00.000Z',
    ...extra,
  };
}

export const ADMIN_GROUP: GroupRef = { id: 'g-admin', name: 'Administrators', is_admin_group: true };
export const ENGINEERING: GroupRef = { id: 'g-eng', name: 'Engineering', is_admin_group: false };
export const SALES: GroupRef = { id: 'g-sales', name: 'Sales', is_admin_group: false };

export const KNOWLEDGE_BASES: KnowledgeBaseOption[] = [
  { id: 'kb-1', name: 'Handbook', description: 'Company handbook', status: 'ready', source_type: 'files' },
  { id: 'kb-2', name: 'Pricing', description: 'Price lists', status: 'processing', source_type: 'files' },
  { id: 'kb-3', name: 'Legacy wiki', description: 'Old pages', status: 'failed', source_type: 'websites' },
  { id: 'kb-4', name: 'Travel policy', description: 'Trips and expenses', status: 'ready', source_type: 'files' },
];

export interface RagBackendOptions {
  applications: RagApplication[];
  access?: Record<string, AccessCheck | 'fail'>;
  groups?: GroupRef[];
  assigned?: Record<string, string[]>;
  /** Groups of each knowledge base (§15.8), besides the admin group every one has. */
  knowledgeBaseGrants?: Record<string, string[]>;
  reply?: Partial<Record<'create' | 'update' | 'delete' | 'enable', () => Response>>;
}

export function ragBackend(options: RagBackendOptions) {
  const applications = [...options.applications];
  const groups = options.groups ?? [ADMIN_GROUP, ENGINEERING, SALES];
  const assigned = { ...options.assigned };
  const knowledgeBaseGrants = { ...options.knowledgeBaseGrants };
  const knowledgeBaseGroups = (id: string) => groups.filter((group) => group.is_admin_group || (knowledgeBaseGrants[id] ?? []).includes(group.id));
  return fakeRoutes([
    {
      method: 'GET',
      path: /^\/api\/rag$/,
      reply: (_m, url) => {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const limit = Number(url.searchParams.get('limit') ?? 10);
        const page = Number(url.searchParams.get('page') ?? 1);
        const found = applications.filter((app) => app.name.toLowerCase().includes(search));
        return jsonResponse({ applications: found.slice((page - 1) * limit, page * limit), page, limit, total: found.length, totalPages: Math.ceil(found.length / limit) });
      },
    },
    {
      method: 'GET',
      path: /^\/api\/rag\/([^/]+)\/access-check$/,
      reply: (match) => {
        const answer = options.access?.[match[1] ?? ''];
        if (answer === 'fail') return jsonResponse({ message: 'Internal server error', status: 500, code: 'INTERNAL_ERROR' }, 500);
        const app = applications.find((a) => a.id === match[1]);
        return jsonResponse(answer ?? { hasRagAccess: true, indexAccess: (app?.index_ids ?? []).map((indexId) => ({ indexId, hasAccess: true })) });
      },
    },
    { method: 'GET', path: /^\/api\/groups$/, reply: () => jsonResponse({ data: groups, pagination: { page: 1, limit: groups.length, total: groups.length, totalPages: 1 } }) },
    {
      method: 'GET',
      path: /^\/api\/rag\/([^/]+)\/groups$/,
      reply: (match) => {
        const ids = new Set(['g-admin', ...(assigned[match[1] ?? ''] ?? [])]);
        return jsonResponse({ groups: groups.filter((group) => ids.has(group.id)) });
      },
    },
    {
      method: 'PUT',
      path: /^\/api\/rag\/([^/]+)\/groups$/,
      reply: (match, _u, init) => {
        const ids = bodyOf(init).groupIds as string[];
        assigned[match[1] ?? ''] = ids;
        return jsonResponse({ groups: groups.filter((group) => ids.includes(group.id)), message: 'Groups updated successfully' });
      },
    },
    {
      method: 'PATCH',
      path: /^\/api\/rag\/([^/]+)\/enabled$/,
      reply: (match, _u, init) => {
        if (options.reply?.enable) return options.reply.enable();
        const index = applications.findIndex((a) => a.id === match[1]);
        const enabled = bodyOf(init).enabled as boolean;
        const updated = { ...applications[index]!, enabled, status: enabled ? ('ready' as const) : ('disabled' as const) };
        applications[index] = updated;
        return jsonResponse(updated);
      },
    },
    ...(options.knowledgeBaseGrants
      ? ([
          { method: 'GET', path: /^\/api\/knowledge-bases\/([^/]+)\/groups$/, reply: (match) => jsonResponse({ groups: knowledgeBaseGroups(match[1] ?? '') }) },
          {
            method: 'PUT',
            path: /^\/api\/knowledge-bases\/([^/]+)\/groups$/,
            reply: (match, _u, init) => {
              knowledgeBaseGrants[match[1] ?? ''] = bodyOf(init).groupIds as string[];
              return jsonResponse({ groups: knowledgeBaseGroups(match[1] ?? ''), message: 'Groups updated successfully' });
            },
          },
        ] satisfies FakeRoute[])
      : []),
    { method: 'GET', path: /^\/api\/knowledge-bases$/, reply: () => jsonResponse({ knowledgeBases: KNOWLEDGE_BASES, page: 1, limit: KNOWLEDGE_BASES.length, total: KNOWLEDGE_BASES.length, totalPages: 1 }) },
    {
      method: 'GET',
      path: /^\/api\/rag\/([^/]+)$/,
      reply: (match) => {
        const app = applications.find((a) => a.id === match[1]);
        return app ? jsonResponse(app) : jsonResponse({ message: 'Application not found', status: 404, code: 'NOT_FOUND' }, 404);
      },
    },
    {
      method: 'POST',
      path: /^\/api\/rag$/,
      reply: (_m, _u, init) => {
        if (options.reply?.create) return options.reply.create();
        const body = bodyOf(init);
        const created = fakeApplication('app-new', String(body.name), { index_ids: body.indexIds as string[] });
        applications.unshift(created);
        return jsonResponse(created, 201);
      },
    },
    {
      method: 'PUT',
      path: /^\/api\/rag\/([^/]+)$/,
      reply: (match, _u, init) => {
        if (options.reply?.update) return options.reply.update();
        const index = applications.findIndex((a) => a.id === match[1]);
        const updated = { ...applications[index]!, name: String(bodyOf(init).name) };
        applications[index] = updated;
        return jsonResponse(updated);
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/rag\/([^/]+)$/,
      reply: (match) => {
        if (options.reply?.delete) return options.reply.delete();
        const index = applications.findIndex((a) => a.id === match[1]);
        applications.splice(index, 1);
        return new Response(null, { status: 204 });
      },
    },
  ]);
}
