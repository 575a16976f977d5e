import { badRequest, notFound } from '../../contracts/contract-error';
import { applyListQuery, booleanParameter, parseListQuery, type ListDefinition, type ListQuery, type RawQuery } from '../../contracts/list-paging';
import type { DatabasePort } from '../../contracts/ports/database';
import { toFolderEntity } from '../folders/folder-entity';
import { FOLDER_MESSAGES } from '../folders/folder-messages';
import type { FolderTree } from '../folders/folder-tree';
import { fileToItem, folderToItem, type DataSourceItem, type Viewer } from './data-source-item';
import { FILE_MESSAGES } from './file-messages';
import type { FileRecord } from './file-record';
import { FileRepository } from './file-repository';

const SOURCES = ['all', 'file_upload', 'drive_sync'] as const;
type Source = (typeof SOURCES)[number];

/** §9.1's sorts: folders by their total size for `size`. */
export const DATA_SOURCE_LIST: ListDefinition<DataSourceItem> = {
  sortFields: {
    name: (item) => item.name,
    size: (item) => item.metadata.file_size,
    updated_at: (item) => item.updated_at,
  },
  defaultSortBy: 'updated_at',
  defaultSortOrder: 'desc',
  searchText: (item) => [item.name],
  id: (item) => item.id,
};

export interface DataSourcePage {
  dataSources: DataSourceItem[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  truncated?: true;
}

interface Ranked {
  rank: number;
  item: DataSourceItem;
}

/** One group (folders, or files) sorted the way the query asks, search already applied. */
function sortedGroup(items: DataSourceItem[], query: ListQuery): DataSourceItem[] {
  return applyListQuery(items, { ...query, search: '', ids: undefined, all: false, page: 1, limit: Number.MAX_SAFE_INTEGER }, DATA_SOURCE_LIST).items;
}

/**
 * §9.1: folders first, then files, each sorted within its group; one page over both. Paging (and
 * `all`'s caps) is list-query's own, applied to the concatenation in its order.
 */
function pageOf(folders: DataSourceItem[], files: DataSourceItem[], query: ListQuery): DataSourcePage {
  const ranked: Ranked[] = [...sortedGroup(folders, query), ...sortedGroup(files, query)].map((item, rank) => ({ rank, item }));
  const definition: ListDefinition<Ranked> = { sortFields: { rank: (entry) => entry.rank }, defaultSortBy: 'rank', defaultSortOrder: 'asc', searchText: () => [], id: (entry) => entry.item.id };
  const page = applyListQuery(ranked, { ...query, search: '', ids: undefined, sortBy: 'rank', sortOrder: 'asc' }, definition, (entry) => JSON.stringify(entry.item).length);
  return { dataSources: page.items.map((entry) => entry.item), total: page.total, page: page.page, limit: page.limit, totalPages: page.totalPages };
}

const matches = (needle: string, name: string) => !needle || name.toLowerCase().includes(needle);

/**
 * GET /api/data-sources (§9.1). Served from the folder tree plus the file items of the folders in
 * scope: one Query per folder, or, for the whole tree, one newest-first index Query, bounded as
 * §1.5 says (`truncated`). Files whose folder is no longer in the tree (a deleted subtree waiting
 * for its purge) are never shown.
 */
export async function listDataSources(database: DatabasePort, tree: FolderTree, viewer: Viewer, raw: RawQuery): Promise<DataSourcePage> {
  const query = parseListQuery(raw, DATA_SOURCE_LIST);
  const source = (raw.source ?? 'all') as Source;
  if (!SOURCES.includes(source)) throw badRequest(FILE_MESSAGES.invalidSource);
  const recursive = booleanParameter(raw, 'recursive') ?? false;
  const createdBy = raw.created_by === 'me' ? viewer.userId : raw.created_by || undefined;
  const files = new FileRepository(database);
  const organizationId = tree.root.organization_id;
  const toItem = (file: FileRecord) => fileToItem(file, tree, viewer);

  if (query.ids) {
    const picked = (await files.getMany(organizationId, query.ids)).filter((file) => tree.has(file.folder_id));
    const items = picked.map(toItem);
    return { dataSources: items, total: items.length, page: 1, limit: items.length, totalPages: items.length === 0 ? 0 : 1 };
  }

  const scope = raw.folder_id ? tree.get(raw.folder_id) : tree.root;
  if (!scope) throw notFound(FOLDER_MESSAGES.notFound);
  const needle = query.search.toLowerCase();
  const subtree = recursive || needle !== '';
  const scopeFolders = subtree ? tree.subtree(scope.id) : [scope];

  const read = subtree && scope.is_root ? await files.listRecent(organizationId) : await files.listFolders(organizationId, scopeFolders.map((folder) => folder.id));
  const fileItems = read.files
    .filter((file) => tree.has(file.folder_id) && (source === 'all' || file.source_type === source) && (!createdBy || file.created_by === createdBy) && matches(needle, file.name))
    .map(toItem);

  const folderItems =
    source === 'all' && !createdBy
      ? (subtree ? scopeFolders.slice(1) : tree.childrenOf(scope.id))
          .filter((folder) => matches(needle, folder.name))
          .map((folder) => folderToItem(folder, toFolderEntity(folder, tree), viewer))
      : [];

  const page = pageOf(folderItems, fileItems, query);
  return tree.truncated || read.truncated ? { ...page, truncated: true } : page;
}
