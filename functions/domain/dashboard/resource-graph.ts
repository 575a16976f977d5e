import type { Role } from '../../../shared/auth/roles';
import type { DatabasePort } from '../../contracts/ports/database';
import { accessSubjectOf, sharesAGroup } from '../applications/application-access';
import { ApplicationRepository } from '../applications/application-repository';
import { applicationStatus } from '../applications/application-view';
import type { FileRecord } from '../files/file-record';
import { FileRepository } from '../files/file-repository';
import { FolderRepository } from '../folders/folder-repository';
import type { FolderTree } from '../folders/folder-tree';
import { visibilityOf } from '../knowledge-bases/knowledge-base-access';
import type { KnowledgeBaseRecord } from '../knowledge-bases/knowledge-base-record';
import { KnowledgeBaseRepository } from '../knowledge-bases/knowledge-base-repository';
import type { ApiSourceRecord } from '../api-sources/api-source-record';
import { ApiSourceRepository } from '../api-sources/api-source-repository';
import type { WebSourceRecord } from '../websites/web-source-record';
import { WebSourceRepository } from '../websites/web-source-repository';

/** Contract §22.1: at most this many data sources; `truncated` says more exist. */
export const DASHBOARD_SOURCE_LIMIT = 2000;

/** The §22.1 order of source types. */
const SOURCE_TYPE_ORDER = ['file_upload', 'web_source', 'api_source', 'drive_sync'] as const;
type SourceType = (typeof SOURCE_TYPE_ORDER)[number];

export interface DashboardItem {
  id: string;
  name: string;
  type: 'file' | 'web' | 'api' | 'drive';
  item_type: 'file' | 'web_source' | 'api_source' | 'drive_sync';
  source_type: SourceType;
  metadata: { full_path: string; display_path: string; file_count: number };
  description: string;
  status: string;
  file_path: string;
  folder_id: string | null;
}

export interface ResourceGraph {
  dataSources: DashboardItem[];
  knowledgeBases: Array<Pick<KnowledgeBaseRecord, 'id' | 'name' | 'description' | 'status' | 'source_type' | 'data_source_ids'>>;
  applications: Array<{ id: string; name: string; description: string; enabled: boolean; status: string; index_ids: string[] }>;
  truncated: boolean;
}

export interface DashboardViewer {
  organizationId: string;
  userId: string;
  role: Role;
  isSystemOrg: boolean;
}

function fileItem(file: FileRecord, tree: FolderTree): DashboardItem {
  const folderPath = tree.fullPath(file.folder_id);
  const drive = file.source_type === 'drive_sync';
  const fullPath = `${folderPath}/${file.name}`;
  return {
    id: file.id,
    name: file.name,
    type: drive ? 'drive' : 'file',
    item_type: drive ? 'drive_sync' : 'file',
    source_type: drive ? 'drive_sync' : 'file_upload',
    metadata: { full_path: fullPath, display_path: fullPath, file_count: 1 },
    description: file.metadata.description ?? '',
    status: file.status,
    file_path: fullPath,
    folder_id: file.folder_id,
  };
}

/** A website is one source, addressed by its start URL; its crawled pages count as its files. */
function webItem(source: WebSourceRecord): DashboardItem {
  const url = source.configuration.url;
  return {
    id: source.id,
    name: source.name,
    type: 'web',
    item_type: 'web_source',
    source_type: 'web_source',
    metadata: { full_path: url, display_path: url, file_count: source.page_count },
    description: source.description,
    status: source.status,
    file_path: url,
    folder_id: null,
  };
}

/** An API source is one source, addressed by its endpoint; each call's records are documents of the index, not files. */
function apiItem(source: ApiSourceRecord): DashboardItem {
  const endpoint = source.configuration.endpoint ?? '';
  return {
    id: source.id,
    name: source.name,
    type: 'api',
    item_type: 'api_source',
    source_type: 'api_source',
    metadata: { full_path: endpoint, display_path: endpoint, file_count: 1 },
    description: source.description,
    status: source.status,
    file_path: endpoint,
    folder_id: null,
  };
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.name.localeCompare(b.name);
const bySourceTypeThenName = (a: DashboardItem, b: DashboardItem) =>
  SOURCE_TYPE_ORDER.indexOf(a.source_type) - SOURCE_TYPE_ORDER.indexOf(b.source_type) || byName(a, b);

/**
 * Sources, knowledge bases and applications with the links between them (§22.1). An admin sees
 * the whole organization; anyone else the knowledge bases and applications shared with their
 * groups, and only the sources those knowledge bases use, so the picture never shows what the
 * lists would hide.
 */
export async function resourceGraph(database: DatabasePort, viewer: DashboardViewer): Promise<ResourceGraph> {
  const applications = new ApplicationRepository(database);
  const [knowledgeBaseList, applicationList, visibleKnowledgeBase, subject, files, tree, websites, apiSources] = await Promise.all([
    new KnowledgeBaseRepository(database).list(viewer.organizationId),
    applications.list(viewer.organizationId),
    visibilityOf(database, viewer),
    accessSubjectOf(database, viewer),
    new FileRepository(database).listRecent(viewer.organizationId),
    new FolderRepository(database).tree(viewer.organizationId),
    new WebSourceRepository(database).list(viewer.organizationId),
    new ApiSourceRepository(database).list(viewer.organizationId),
  ]);
  const knowledgeBases = knowledgeBaseList.items.filter(visibleKnowledgeBase);
  const links = subject.everything ? undefined : await applications.groupLinks(viewer.organizationId);
  const visibleApplications = links ? applicationList.items.filter((record) => sharesAGroup(subject, links.get(record.id))) : applicationList.items;

  const referenced = subject.everything ? undefined : new Set(knowledgeBases.flatMap((kb) => kb.data_source_ids));
  const sources = [
    ...files.files.filter((file) => tree.has(file.folder_id) && (!referenced || referenced.has(file.id))).map((file) => fileItem(file, tree)),
    ...websites.items.filter((source) => !referenced || referenced.has(source.id)).map(webItem),
    ...apiSources.items.filter((source) => !referenced || referenced.has(source.id)).map(apiItem),
  ].sort(bySourceTypeThenName);

  const allKnowledgeBases = new Map(knowledgeBaseList.items.map((kb) => [kb.id, kb]));
  return {
    dataSources: sources.slice(0, DASHBOARD_SOURCE_LIMIT),
    knowledgeBases: knowledgeBases
      .map(({ id, name, description, status, source_type, data_source_ids }) => ({ id, name, description, status, source_type, data_source_ids: [...data_source_ids] }))
      .sort(byName),
    applications: visibleApplications
      .map((record) => ({
        id: record.id,
        name: record.name,
        description: record.description,
        enabled: record.enabled,
        status: applicationStatus(record, allKnowledgeBases),
        index_ids: [...record.index_ids],
      }))
      .sort(byName),
    truncated: sources.length > DASHBOARD_SOURCE_LIMIT || files.truncated || websites.truncated || apiSources.truncated,
  };
}
