import { vi } from 'vitest';
import { bodyOf, errorResponse, fakeRoutes, type FakeRoute } from '../../../__fixtures__/fake-api';
import { jsonResponse } from '../../../__fixtures__/test-auth';
import type { DataSourceItem, Folder } from '../../../features/files/types';

/**
 * An in-memory file manager behind the fake network of the page tests (contract §9–§11 shapes): a
 * root, a few folders and files, and the writes the pages send. Tests reach into `state` to change
 * what the next read answers (a pending file turning active, say).
 */
export function filesState() {
  const at = '2025-03-01T09:30:00.000Z';
  const root: Folder = { id: 'root', name: 'Home', is_root: true, parent_id: null, level: 0 };
  const folders: Folder[] = [
    { id: 'f-reports', name: 'Reports', is_root: false, parent_id: 'root', level: 1, total_file_count: 3, direct_file_count: 1, direct_subfolder_count: 1, total_subfolder_count: 1, total_size: 4096, created_by_name: 'Ada Lovelace' },
    { id: 'f-q1', name: 'Q1', is_root: false, parent_id: 'f-reports', level: 2, total_file_count: 2, direct_file_count: 2, direct_subfolder_count: 0, total_subfolder_count: 0, total_size: 2048 },
    { id: 'f-archive', name: 'Archive', is_root: false, parent_id: 'root', level: 1, total_file_count: 0, direct_file_count: 0, direct_subfolder_count: 0, total_subfolder_count: 0, total_size: 0 },
  ];
  const file = (id: string, name: string, extra: Partial<DataSourceItem> = {}): DataSourceItem => ({
    id,
    name,
    item_type: 'file',
    source_type: 'file_upload',
    status: 'active',
    folder_id: 'root',
    path: `Home/${name}`,
    created_by: 'user-1',
    created_by_name: 'Ada Lovelace',
    canManage: true,
    created_at: at,
    updated_at: at,
    metadata: { original_filename: name, file_size: 2048, mime_type: 'application/pdf', object_name: `org/o/files/${id}/${name}`, path_tokens: ['Home'] },
    ...extra,
  });
  const files: DataSourceItem[] = [
    file('d-handbook', 'handbook.pdf'),
    file('d-broken', 'broken.docx', { status: 'failed', metadata: { file_size: 100, error: 'File could not be parsed' } }),
    file('d-new', 'new.txt', { status: 'pending', created_by: 'someone-else', created_by_name: 'Bob Brown', canManage: false }),
  ];
  return { root, folders, files };
}

export type FilesState = ReturnType<typeof filesState>;

function folderItem(folder: Folder): DataSourceItem {
  return {
    id: folder.id,
    name: folder.name,
    item_type: 'folder',
    source_type: null,
    status: 'active',
    folder_id: folder.parent_id ?? null,
    canManage: true,
    created_by: 'user-1',
    updated_at: '2025-03-02T09:30:00.000Z',
    total_file_count: folder.total_file_count,
    direct_file_count: folder.direct_file_count,
    direct_subfolder_count: folder.direct_subfolder_count,
    total_subfolder_count: folder.total_subfolder_count,
    total_size: folder.total_size,
    created_by_name: folder.created_by_name,
  } as DataSourceItem;
}

function pathTo(state: FilesState, id: string): Array<{ id: string; name: string }> {
  const chain: Array<{ id: string; name: string }> = [];
  let current = state.folders.find((folder) => folder.id === id);
  while (current) {
    chain.unshift({ id: current.id, name: current.name });
    const parent = current.parent_id;
    current = state.folders.find((folder) => folder.id === parent);
  }
  return [{ id: state.root.id, name: 'Home' }, ...chain];
}

export function filesBackend(state: FilesState, extra: FakeRoute[] = []) {
  return fakeRoutes([
    ...extra,
    { method: 'GET', path: /^\/api\/folders\/hierarchy$/, reply: () => jsonResponse({ folders: state.folders, rootFolder: state.root }) },
    {
      method: 'GET',
      path: /^\/api\/folders\/([^/]+)$/,
      reply: (match) => {
        const folder = state.folders.find((candidate) => candidate.id === match[1]);
        if (!folder) return errorResponse(404, 'Folder not found', 'NOT_FOUND');
        return jsonResponse({ folder, folders: state.folders.filter((child) => child.parent_id === folder.id), rootFolder: state.root, path: pathTo(state, folder.id) });
      },
    },
    { method: 'GET', path: /^\/api\/folders$/, reply: () => jsonResponse({ folders: state.folders.filter((folder) => folder.parent_id === 'root'), rootFolder: state.root }) },
    {
      method: 'GET',
      path: /^\/api\/data-sources$/,
      reply: (_match, url) => {
        const folderId = url.searchParams.get('folder_id') ?? 'root';
        const search = url.searchParams.get('search')?.toLowerCase();
        const createdBy = url.searchParams.get('created_by');
        let folders = createdBy ? [] : state.folders.filter((folder) => folder.parent_id === folderId).map(folderItem);
        let files = createdBy ? state.files.filter((item) => item.created_by === 'user-1') : state.files.filter((item) => (item.folder_id ?? 'root') === folderId);
        if (search) {
          folders = folders.filter((item) => item.name.toLowerCase().includes(search));
          files = files.filter((item) => item.name.toLowerCase().includes(search));
        }
        const all = [...folders, ...files];
        const limit = Number(url.searchParams.get('limit') ?? 10);
        const page = Number(url.searchParams.get('page') ?? 1);
        const slice = url.searchParams.get('all') === 'true' ? all : all.slice((page - 1) * limit, page * limit);
        return jsonResponse({ dataSources: slice, total: all.length, page, limit, totalPages: Math.ceil(all.length / limit) });
      },
    },
    {
      method: 'GET',
      path: /^\/api\/data-sources\/([^/]+)$/,
      reply: (match) => {
        const item = state.files.find((candidate) => candidate.id === match[1]);
        if (!item) return errorResponse(404, 'Data source not found', 'NOT_FOUND');
        return jsonResponse({ ...item, knowledge_bases: [{ id: 'kb-1', name: 'Handbook KB' }], shared_with_groups: [{ id: 'g-1', name: 'Engineering' }] });
      },
    },
    {
      method: 'POST',
      path: /^\/api\/data-sources\/move$/,
      reply: (_match, _url, init) => {
        const { sourceId, folderId } = bodyOf(init) as { sourceId: string; folderId: string | null };
        const item = state.files.find((candidate) => candidate.id === sourceId);
        if (!item) return errorResponse(404, 'Data source not found', 'NOT_FOUND');
        item.folder_id = folderId ?? 'root';
        return jsonResponse(item);
      },
    },
    {
      method: 'POST',
      path: /^\/api\/folders\/move$/,
      reply: (_match, _url, init) => {
        const { sourceId, folderId } = bodyOf(init) as { sourceId: string; folderId: string | null };
        const folder = state.folders.find((candidate) => candidate.id === sourceId);
        if (!folder) return errorResponse(404, 'Folder not found', 'NOT_FOUND');
        folder.parent_id = folderId ?? 'root';
        return jsonResponse(folder);
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/data-sources\/([^/]+)$/,
      reply: (match) => {
        state.files.splice(
          state.files.findIndex((item) => item.id === match[1]),
          1,
        );
        return new Response(null, { status: 204 });
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/folders\/([^/]+)$/,
      reply: (match) => {
        state.folders.splice(
          state.folders.findIndex((folder) => folder.id === match[1]),
          1,
        );
        return new Response(null, { status: 204 });
      },
    },
    {
      method: 'POST',
      path: /^\/api\/folders$/,
      reply: (_match, _url, init) => {
        const body = bodyOf(init) as { name: string; parent_id?: string };
        const folder: Folder = { id: `f-${body.name.toLowerCase()}`, name: body.name, is_root: false, parent_id: body.parent_id ?? 'root', level: 1 };
        state.folders.push(folder);
        return jsonResponse(folder, 201);
      },
    },
    {
      method: 'POST',
      path: /^\/api\/data-sources\/upload-url$/,
      reply: (_match, _url, init) => {
        const body = bodyOf(init) as { filename: string; mimeType: string; folderId?: string };
        const id = `d-up-${state.files.length}`;
        state.files.push({
          id,
          name: body.filename,
          item_type: 'file',
          source_type: 'file_upload',
          status: 'pending',
          folder_id: body.folderId ?? 'root',
          created_by: 'user-1',
          canManage: true,
          metadata: { file_size: 10, mime_type: body.mimeType },
        });
        return jsonResponse({ uploadUrl: `http://objects.test/bucket/${id}?X-Amz-Signature=abc`, objectName: `org/o/files/${id}/${body.filename}`, dataSourceId: id, method: 'PUT', headers: { 'Content-Type': body.mimeType }, expiresIn: 900 }, 201);
      },
    },
    {
      method: 'POST',
      path: /^\/api\/data-sources\/upload-complete$/,
      reply: (_match, _url, init) => {
        const body = bodyOf(init) as { dataSourceId: string };
        return jsonResponse(state.files.find((item) => item.id === body.dataSourceId));
      },
    },
  ]);
}

/**
 * A stand-in for XMLHttpRequest: records each PUT and answers it on the next tick with progress and the
 * given status, as a browser talking to object storage would.
 */
export function installFakeXhr(status = 200) {
  const sent: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];
  class FakeXhr {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    status = 0;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      sent.push({ method: this.method, url: this.url, headers: this.headers, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        this.status = status;
        if (status === 0) this.onerror?.();
        else this.onload?.();
      }, 0);
    }
    abort() {
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
