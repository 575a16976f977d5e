import { toFolderEntity } from '../../domain/folders/folder-entity';
import { FOLDER_MESSAGES } from '../../domain/folders/folder-messages';
import { createFolder, deleteFolder, moveFolder, renameFolder } from '../../domain/folders/folder-operations';
import { FolderRepository } from '../../domain/folders/folder-repository';
import type { FolderTree } from '../../domain/folders/folder-tree';
import { FileRepository } from '../../domain/files/file-repository';
import { sourcePurgeMessage } from '../../contracts/messages/ingest-and-purge-messages';
import { implement, requireCaller } from '../../http/api-types';
import { notFound } from '../../contracts/contract-error';
import { booleanParameter } from '../../contracts/list-paging';
import { getPorts } from '../../contracts/ports/ports';
import { actorOf } from '../../http/folder-actor';
import { idParamsSchema as idParams } from '../../../shared/api/schemas/common';
import { createFolderRequestSchema, moveFolderRequestSchema, renameFolderRequestSchema } from '../../../shared/api/schemas/folders';

const entities = (tree: FolderTree, folders: ReturnType<FolderTree['all']>) => folders.map((folder) => toFolderEntity(folder, tree));

async function treeOf(organizationId: string): Promise<FolderTree> {
  return new FolderRepository(getPorts().database).tree(organizationId);
}

/** §10.1: the children of `parent_id`, or of the root (`root=true`, or neither given). */
export const listFolders = implement({
  async handle(request) {
    const caller = requireCaller(request);
    booleanParameter(request.query, 'root');
    const tree = await treeOf(caller.organization.id);
    const parentId = request.query.parent_id;
    const parent = parentId ? tree.get(parentId) : tree.root;
    if (!parent) throw notFound(FOLDER_MESSAGES.notFound);
    return { status: 200, body: { folders: entities(tree, tree.childrenOf(parent.id)), rootFolder: toFolderEntity(tree.root, tree) } };
  },
});

/** §10.2: every folder but the root, depth-first, siblings by name. */
export const folderHierarchy = implement({
  async handle(request) {
    const caller = requireCaller(request);
    const tree = await treeOf(caller.organization.id);
    return { status: 200, body: { folders: entities(tree, tree.subtree(tree.root.id).slice(1)), rootFolder: toFolderEntity(tree.root, tree), ...(tree.truncated ? { truncated: true } : {}) } };
  },
});

/** §10.3, with the breadcrumbs from the root. */
export const getFolder = implement({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    const tree = await treeOf(caller.organization.id);
    const folder = tree.get(request.params.id);
    if (!folder) throw notFound(FOLDER_MESSAGES.notFound);
    const entity = toFolderEntity(folder, tree);
    return {
      status: 200,
      body: {
        folder: entity,
        folders: entities(tree, tree.childrenOf(folder.id)),
        rootFolder: toFolderEntity(tree.root, tree),
        path: tree.chain(folder.id).map((each, index) => ({ id: each.id, name: entity.path_tokens[index] as string })),
      },
    };
  },
});

export const createFolderRoute = implement({
  body: createFolderRequestSchema,
  async handle(request) {
    const { name, description, parent_id: parentId } = request.body;
    const { folder, tree } = await createFolder(getPorts().database, actorOf(requireCaller(request)), { name, description: description?.trim() ?? '', parentId });
    return { status: 201, body: toFolderEntity(folder, tree) };
  },
});

export const renameFolderRoute = implement({
  params: idParams,
  body: renameFolderRequestSchema,
  async handle(request) {
    const { name, description } = request.body;
    const { folder, tree } = await renameFolder(getPorts().database, actorOf(requireCaller(request)), request.params.id, {
      name,
      description: description === undefined ? undefined : (description?.trim() ?? null),
    });
    return { status: 200, body: toFolderEntity(folder, tree) };
  },
});

export const moveFolderRoute = implement({
  body: moveFolderRequestSchema,
  async handle(request) {
    const { folder, tree } = await moveFolder(getPorts().database, actorOf(requireCaller(request)), request.body.sourceId, request.body.folderId);
    return { status: 200, body: toFolderEntity(folder, tree) };
  },
});

/** §10.6: gone from every read at once; the subtree's folders, files and objects go in the background. */
export const deleteFolderRoute = implement({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const actor = actorOf(caller);
    const files = new FileRepository(ports.database);
    const folder = await deleteFolder(ports.database, actor, request.params.id, async (tree, target) => {
      const { files: inSubtree } = await files.listFolders(actor.organizationId, tree.subtree(target.id).map((each) => each.id));
      return inSubtree.every((file) => file.created_by === actor.userId);
    });
    await ports.queue.send('indexing', sourcePurgeMessage(actor.organizationId, actor.userId, { sourceKind: 'folder', sourceId: folder.id, knowledgeBaseIds: [] }));
    return { status: 204 };
  },
});
