import { bodyOf, errorResponse, fakeRoutes, paged, type FakeRoute } from '../../../__fixtures__/fake-api';
import { jsonResponse, type FetchHandler } from '../../../__fixtures__/test-auth';
import { filesBackend, filesState } from '../../files/__fixtures__/fake-files-backend';
import { webBackend, webState } from '../../web-sources/__fixtures__/fake-web-backend';
import type { KnowledgeBase } from '../types';

/**
 * An in-memory knowledge-base backend (contract §15 shapes) behind the fake network of the page tests,
 * over the file manager's (§9, §10) and the web sources' (§13) fakes for the pickers. API sources
 * answer 501 as the real server does in this release. Tests reach into `state` to change what the next read answers.
 */

const CREATED = '2025-03-01T09:30:00.000Z';
const UPDATED = '2025-04-02T10:00:00.000Z';

export function fakeKnowledgeBase(id: string, name: string, extra: Partial<KnowledgeBase> = {}): KnowledgeBase {
  return {
    id,
    name,
    description: `${name} description`,
    source_type: 'files',
    chunk_size: 500,
    overlap: 50,
    embedding_model: 'text-embedding-ada-002',
    data_source_ids: ['d-handbook'],
    status: 'draft',
    error: null,
    document_count: 0,
    chunk_count: 0,
    last_indexed_at: null,
    created_by: 'user-1',
    created_by_name: 'Ada Lovelace',
    created_at: CREATED,
    updated_at: CREATED,
    ...extra,
  };
}

export const GROUPS = [
  { id: 'g-admin', name: 'Administrators', description: '', member_count: 1, is_admin_group: true },
  { id: 'g-eng', name: 'Engineering', description: '', member_count: 2, is_admin_group: false },
  { id: 'g-sales', name: 'Sales', description: '', member_count: 3, is_admin_group: false },
];

export function kbState() {
  return {
    files: filesState(),
    web: webState(),
    knowledgeBases: [
      fakeKnowledgeBase('kb-draft', 'Handbook', { data_source_ids: ['d-handbook', 'd-new'] }),
      fakeKnowledgeBase('kb-ready', 'Policies', { status: 'ready', updated_at: UPDATED, document_count: 2, chunk_count: 14 }),
      fakeKnowledgeBase('kb-web', 'Docs site', { source_type: 'websites', data_source_ids: ['w-1'], status: 'failed', error: 'No text could be indexed from the selected data sources' }),
      fakeKnowledgeBase('kb-api', 'Orders API', { source_type: 'apis', chunk_size: null, overlap: null, data_source_ids: ['a-1'], status: 'processing' }),
    ],
    /** Knowledge base id → the applications using it (§15.3). */
    usage: new Map<string, Array<{ id: string; name: string }>>([['kb-ready', [{ id: 'app-1', name: 'Support Bot' }]]]),
    /** Knowledge base id → its granted non-admin groups. */
    grants: new Map<string, string[]>([['kb-draft', ['g-sales']]]),
    /** What the next deploy answers instead of accepting. */
    deployReply: undefined as (() => Response) | undefined,
    /** What the next delete answers instead of deleting. */
    deleteReply: undefined as (() => Response) | undefined,
    /** What the next create or update answers instead of saving. */
    saveReply: undefined as (() => Response) | undefined,
  };
}

export type KbState = ReturnType<typeof kbState>;

const notImplemented = () => errorResponse(501, 'This endpoint is not available yet in this release', 'NOT_IMPLEMENTED');

export function kbBackend(state: KbState): FetchHandler {
  const files = filesBackend(state.files);
  const web = webBackend(state.web);
  const find = (id: string | undefined) => state.knowledgeBases.find((kb) => kb.id === id);
  const grantsOf = (id: string) => GROUPS.filter((group) => group.is_admin_group || (state.grants.get(id) ?? []).includes(group.id)).map(({ id: gid, name, is_admin_group }) => ({ id: gid, name, is_admin_group }));
  const toFiles: (method: FakeRoute['method']) => FakeRoute = (method) => ({ method, path: /^\/api\/(data-sources|folders|files)/, reply: (_m, url, init) => files(url.toString(), init) });

  return fakeRoutes([
    {
      method: 'GET',
      path: /^\/api\/knowledge-bases$/,
      reply: (_m, url) => {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const page = Number(url.searchParams.get('page') ?? 1);
        const limit = Number(url.searchParams.get('limit') ?? 10);
        const all = state.knowledgeBases.filter((kb) => `${kb.name} ${kb.description}`.toLowerCase().includes(search));
        return jsonResponse({ knowledgeBases: all.slice((page - 1) * limit, page * limit), page, limit, total: all.length, totalPages: Math.ceil(all.length / limit) });
      },
    },
    { method: 'GET', path: /^\/api\/knowledge-bases\/([^/]+)$/, reply: (m) => (find(m[1]) ? jsonResponse(find(m[1])) : errorResponse(404, 'Knowledge base not found', 'NOT_FOUND')) },
    {
      method: 'GET',
      path: /^\/api\/knowledge-bases\/([^/]+)\/usage$/,
      reply: (m) => {
        const applications = state.usage.get(m[1] ?? '') ?? [];
        return jsonResponse({ isInUse: applications.length > 0, applications });
      },
    },
    {
      method: 'POST',
      path: /^\/api\/knowledge-bases$/,
      reply: (_m, _u, init) => {
        if (state.saveReply) return state.saveReply();
        const body = bodyOf(init) as Partial<KnowledgeBase>;
        const kb = fakeKnowledgeBase(`kb-${state.knowledgeBases.length + 1}`, String(body.name), { ...body, status: 'draft' });
        state.knowledgeBases.unshift(kb);
        return jsonResponse(kb, 201);
      },
    },
    {
      method: 'PUT',
      path: /^\/api\/knowledge-bases\/([^/]+)$/,
      reply: (m, _u, init) => {
        if (state.saveReply) return state.saveReply();
        const kb = find(m[1]);
        if (!kb) return errorResponse(404, 'Knowledge base not found', 'NOT_FOUND');
        Object.assign(kb, bodyOf(init), { updated_at: UPDATED });
        return jsonResponse(kb);
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/knowledge-bases\/([^/]+)$/,
      reply: (m) => {
        if (state.deleteReply) return state.deleteReply();
        state.knowledgeBases = state.knowledgeBases.filter((kb) => kb.id !== m[1]);
        return new Response(null, { status: 204 });
      },
    },
    {
      method: 'POST',
      path: /^\/api\/knowledge-bases\/([^/]+)\/deploy$/,
      reply: (m) => {
        if (state.deployReply) return state.deployReply();
        const kb = find(m[1]);
        if (!kb) return errorResponse(404, 'Knowledge base not found', 'NOT_FOUND');
        kb.status = 'processing';
        return jsonResponse({ message: 'Knowledge base deployment initiated', knowledgeBase: kb }, 202);
      },
    },
    { method: 'GET', path: /^\/api\/knowledge-bases\/([^/]+)\/groups$/, reply: (m) => jsonResponse({ groups: grantsOf(m[1] ?? '') }) },
    {
      method: 'PUT',
      path: /^\/api\/knowledge-bases\/([^/]+)\/groups$/,
      reply: (m, _u, init) => {
        const { groupIds } = bodyOf(init) as { groupIds: string[] };
        state.grants.set(m[1] ?? '', groupIds);
        return jsonResponse({ groups: grantsOf(m[1] ?? ''), message: 'Groups updated successfully' });
      },
    },
    { method: 'GET', path: /^\/api\/groups$/, reply: () => jsonResponse(paged(GROUPS)) },
    {
      method: 'GET',
      path: /^\/api\/data-sources$/,
      reply: (_m, url, init) => {
        const ids = url.searchParams.get('ids');
        if (ids === null) return files(url.toString(), init);
        const wanted = ids.split(',');
        const found = state.files.files.filter((item) => wanted.includes(item.id));
        return jsonResponse({ dataSources: found, total: found.length, page: 1, limit: found.length, totalPages: found.length ? 1 : 0 });
      },
    },
    { method: 'GET', path: /^\/api\/web-sources/, reply: (_m, url, init) => web(url.toString(), init) },
    { method: 'GET', path: /^\/api\/api-sources/, reply: notImplemented },
    toFiles('GET'),
    toFiles('POST'),
  ]);
}
