import { fileToItem, folderToItem } from '../../domain/files/data-source-item';
import { listDataSources } from '../../domain/files/data-source-list';
import { folderOrRoot, deleteFileRecord } from '../../domain/files/file-lifecycle';
import { DOWNLOAD_URL_SECONDS, FILE_MESSAGES } from '../../domain/files/file-messages';
import { storeOfFile, StoreUnavailableError } from '../../domain/files/file-store';
import { commitFileChange, mutateFile, revise } from '../../domain/files/file-writes';
import { toFolderEntity } from '../../domain/folders/folder-entity';
import { FolderRepository } from '../../domain/folders/folder-repository';
import type { FolderTree } from '../../domain/folders/folder-tree';
import { retryOnConflict } from '../../domain/table/tagged-transaction';
import { knowledgeBaseGroups } from '../../domain/knowledge-bases/knowledge-base-groups';
import { knowledgeBasesUsingSource } from '../../domain/knowledge-bases/source-usage';
import { implement, requireCaller, type Caller } from '../../http/api-types';
import { conflict, ContractError, notFound } from '../../contracts/contract-error';
import { booleanParameter } from '../../contracts/list-paging';
import { getPorts, type Ports } from '../../contracts/ports/ports';
import { actorOf } from '../../http/folder-actor';
import { assertCanManage, visibleFile } from './data-source-access';
import { idParamsSchema as idParams } from '../../../shared/api/schemas/common';
import { moveDataSourceRequestSchema, renameDataSourceRequestSchema } from '../../../shared/api/schemas/data-sources';

async function treeAndViewer(caller: Caller): Promise<{ tree: FolderTree; viewer: ReturnType<typeof actorOf> }> {
  return { tree: await new FolderRepository(getPorts().database).tree(caller.organization.id), viewer: actorOf(caller) };
}

/** §9.1. */
export const listDataSourcesRoute = implement({
  async handle(request) {
    const caller = requireCaller(request);
    const { tree, viewer } = await treeAndViewer(caller);
    return { status: 200, body: await listDataSources(getPorts().database, tree, viewer, request.query) };
  },
});

/**
 * §9.2, with the knowledge bases that include the file and the union of their groups ("Shared
 * with Groups"). A folder's id answers the folder as a DataSourceItem, as the file manager lists
 * it; no knowledge base includes a folder.
 */
export const getDataSource = implement({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const { tree, viewer } = await treeAndViewer(caller);
    const folder = tree.get(request.params.id);
    if (folder) return { status: 200, body: { ...folderToItem(folder, toFolderEntity(folder, tree), viewer), knowledge_bases: [], shared_with_groups: [] } };
    const file = await visibleFile(ports.database, tree, request.params.id);
    return { status: 200, body: { ...fileToItem(file, tree, viewer), ...(await sharing(ports, caller.organization.id, file.id)) } };
  },
});

async function sharing(ports: Ports, organizationId: string, fileId: string) {
  const knowledgeBases = await knowledgeBasesUsingSource(ports, organizationId, fileId);
  const groups = new Map<string, { id: string; name: string }>();
  for (const knowledgeBase of knowledgeBases) {
    // A knowledge base deleted since the first read simply shares with no one.
    const granted = await knowledgeBaseGroups(ports, organizationId, knowledgeBase.id).catch(() => []);
    for (const group of granted) groups.set(group.id, { id: group.id, name: group.name });
  }
  const sharedWithGroups = [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  return { knowledge_bases: knowledgeBases, shared_with_groups: sharedWithGroups };
}

/** §9.3: `name` is the display name; the original file name stays in the metadata. */
export const renameDataSource = implement({
  params: idParams,
  body: renameDataSourceRequestSchema,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const { tree, viewer } = await treeAndViewer(caller);
    const file = await visibleFile(ports.database, tree, request.params.id);
    assertCanManage(viewer, file);
    const { name, description } = request.body;
    const renamed = await mutateFile(
      ports.database,
      caller.organization.id,
      file.id,
      (current) => {
        const nextName = name ?? current.name;
        const nextDescription = description === undefined ? current.metadata.description : description === null ? null : description.trim();
        if (nextName === current.name && nextDescription === current.metadata.description) return current;
        return revise(current, { name: nextName, metadata: { description: nextDescription } });
      },
      { storageLimitBytes: null },
    );
    if (!renamed) throw notFound(FILE_MESSAGES.notFound);
    return { status: 200, body: fileToItem(renamed, tree, viewer) };
  },
});

/** §9.4. */
export const deleteDataSource = implement({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const { tree, viewer } = await treeAndViewer(caller);
    const file = await visibleFile(ports.database, tree, request.params.id);
    assertCanManage(viewer, file);
    await deleteFileRecord(ports, file, caller.user.id);
    return { status: 204 };
  },
});

/**
 * §9.7. One file per call: the Files page's bulk move is one call per item, so a refusal of one
 * ("Some items could not be moved") leaves the others moved. The counters of both folder chains
 * change with the item in one transaction.
 */
export const moveDataSource = implement({
  body: moveDataSourceRequestSchema,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const viewer = actorOf(caller);
    const folders = new FolderRepository(ports.database);
    const { moved, tree } = await retryOnConflict(async () => {
      const tree = await folders.tree(caller.organization.id);
      const file = await visibleFile(ports.database, tree, request.body.sourceId);
      assertCanManage(viewer, file);
      const target = folderOrRoot(tree, request.body.folderId);
      if (target.id === file.folder_id) return { moved: file, tree };
      const next = revise(file, { folder_id: target.id });
      await commitFileChange(ports.database, file, next, { storageLimitBytes: null, tree });
      return { moved: next, tree };
    });
    return { status: 200, body: fileToItem(moved, tree, viewer) };
  },
});

/** §9.8: the bytes come from storage through a presigned GET, never through the function. */
export const downloadFile = implement({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const redirect = booleanParameter(request.query, 'redirect') ?? true;
    const { tree, viewer } = await treeAndViewer(caller);
    const file = await visibleFile(ports.database, tree, request.params.id);
    assertCanManage(viewer, file);
    if (file.status !== 'active') throw conflict(FILE_MESSAGES.notDownloadable);
    let url: string;
    try {
      const store = await storeOfFile(ports.database, ports.objects, file);
      url = await store.presignGet(file.metadata.object_name, DOWNLOAD_URL_SECONDS, file.name);
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw new ContractError('UPSTREAM_ERROR', FILE_MESSAGES.storeUnavailable);
      throw error;
    }
    if (redirect) return { status: 302, headers: { Location: url, 'Cache-Control': 'no-store' } };
    return { status: 200, body: { url, filename: file.name, mimeType: file.metadata.mime_type, size: file.metadata.file_size, expiresIn: DOWNLOAD_URL_SECONDS } };
  },
});
