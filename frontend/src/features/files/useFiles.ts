import { useCallback, useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useApiFetch } from '../../api/ApiProvider';
import { withQuery } from '../../api/query';
import { hasPendingItems, PENDING_POLL_MS } from './file-rules';
import type { DataSourceDetails, DataSourceItem, DataSourceList, Folder, FolderDetails, FolderTree } from './types';

export const DATA_SOURCES_PATH = '/api/data-sources';
export const FOLDERS_PATH = '/api/folders';

const isFileKey = (key: unknown) => typeof key === 'string' && (key.startsWith(DATA_SOURCES_PATH) || key.startsWith(FOLDERS_PATH));

export type SourceFilter = 'all' | 'file_upload' | 'drive_sync';
export type SortField = 'name' | 'size' | 'updated_at';
export type SortOrder = 'asc' | 'desc';

export interface ListQuery {
  page: number;
  limit: number;
  search?: string;
  source?: SourceFilter;
  folderId?: string;
  sortBy?: SortField;
  sortOrder?: SortOrder;
  /** My Uploaded Files: the caller's own uploads (contract §9.1 preset). */
  createdBy?: 'me';
  recursive?: boolean;
  all?: boolean;
}


/** Contract §9.1. */
export function useDataSourceList(query: ListQuery | null) {
  const key = query
    ? withQuery(DATA_SOURCES_PATH, {
        page: query.all ? undefined : query.page,
        limit: query.all ? undefined : query.limit,
        search: query.search?.trim(),
        source: query.source && query.source !== 'all' ? query.source : undefined,
        folder_id: query.folderId,
        created_by: query.createdBy,
        recursive: query.recursive ? true : undefined,
        all: query.all ? true : undefined,
        sort_by: query.sortBy,
        sort_order: query.sortOrder,
      })
    : null;
  // Re-read every 2 s while a listed file is still pending, then stop. SWR's function form of
  // refreshInterval is only asked again after a poll, so one that answers 0 on mount (no data yet)
  // would never start polling; the interval is a number derived from the latest answer instead.
  const [polling, setPolling] = useState(false);
  const answer = useSWR<DataSourceList>(key, { keepPreviousData: true, refreshInterval: polling ? PENDING_POLL_MS : 0 });
  const pending = hasPendingItems(answer.data?.dataSources);
  useEffect(() => setPolling(pending), [pending]);
  return answer;
}

/** Contract §10.3 for a folder, §10.1 `root=true` for Home: the breadcrumb path and the folder itself. */
export function useCurrentFolder(folderId: string | undefined) {
  const key = folderId ? `${FOLDERS_PATH}/${encodeURIComponent(folderId)}` : withQuery(FOLDERS_PATH, { root: true });
  const answer = useSWR<FolderDetails | FolderTree>(key, { keepPreviousData: false });
  const data = answer.data;
  const folder: Folder | undefined = data ? ('folder' in data ? data.folder : data.rootFolder) : undefined;
  const path = data ? ('path' in data && Array.isArray(data.path) ? data.path : [{ id: data.rootFolder.id, name: data.rootFolder.name || 'Home' }]) : undefined;
  return { ...answer, folder, path, rootFolder: data?.rootFolder };
}

/** Contract §10.2: the whole tree, for the move dialog. */
export function useFolderHierarchy(enabled: boolean) {
  return useSWR<FolderTree>(enabled ? `${FOLDERS_PATH}/hierarchy` : null, { revalidateOnMount: true });
}

/** Contract §9.2. */
export function useDataSourceDetails(id: string | undefined) {
  return useSWR<DataSourceDetails>(id ? `${DATA_SOURCES_PATH}/${encodeURIComponent(id)}` : null);
}

export interface CreateFolderInput {
  name: string;
  description?: string;
  parentId?: string | null;
}

/** A hook point for tests: the browser leaves for the presigned download URL. */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
};

/** Every write of the file manager (contract §9.3–§9.8, §10.4–§10.7); each reloads the lists. */
export function useFileActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => mutate(isFileKey), [mutate]);
  const id = (value: string) => encodeURIComponent(value);

  const renameFile = useCallback(
    async (itemId: string, name: string) => {
      const item = await apiFetch<DataSourceItem>(`${DATA_SOURCES_PATH}/${id(itemId)}`, { method: 'PATCH', body: { name } });
      await reload();
      return item;
    },
    [apiFetch, reload],
  );
  const renameFolder = useCallback(
    async (folderId: string, name: string) => {
      const folder = await apiFetch<Folder>(`${FOLDERS_PATH}/${id(folderId)}`, { method: 'PATCH', body: { name } });
      await reload();
      return folder;
    },
    [apiFetch, reload],
  );
  const createFolder = useCallback(
    async (input: CreateFolderInput) => {
      const folder = await apiFetch<Folder>(FOLDERS_PATH, {
        method: 'POST',
        body: { name: input.name, ...(input.description ? { description: input.description } : {}), ...(input.parentId ? { parent_id: input.parentId } : {}) },
      });
      await reload();
      return folder;
    },
    [apiFetch, reload],
  );
  /** Deletes one item without reloading, so a bulk delete reloads once at the end. */
  const deleteOne = useCallback(
    (item: Pick<DataSourceItem, 'id' | 'item_type'>) =>
      apiFetch(`${item.item_type === 'folder' ? FOLDERS_PATH : DATA_SOURCES_PATH}/${id(item.id)}`, { method: 'DELETE' }),
    [apiFetch],
  );
  /** `folderId` null is the root (contract §9.7, §10.7). Does not reload; see `reload`. */
  const moveOne = useCallback(
    (item: Pick<DataSourceItem, 'id' | 'item_type'>, folderId: string | null) =>
      apiFetch(item.item_type === 'folder' ? `${FOLDERS_PATH}/move` : `${DATA_SOURCES_PATH}/move`, { method: 'POST', body: { sourceId: item.id, folderId } }),
    [apiFetch],
  );
  /**
   * Contract §9.8. The endpoint's default answer is a redirect, but a browser navigation cannot carry
   * the bearer token; `redirect=false` returns the same presigned URL as JSON, and the browser then
   * goes there. Its Content-Disposition is attachment, so the page stays where it is.
   */
  const download = useCallback(
    async (itemId: string) => {
      const answer = await apiFetch<{ url: string }>(withQuery(`/api/files/download/${id(itemId)}`, { redirect: false }));
      if (!answer?.url) throw new Error('Failed to download data-source');
      browserNavigation.assign(answer.url);
    },
    [apiFetch],
  );

  return { renameFile, renameFolder, createFolder, deleteOne, moveOne, download, reload };
}
