import { badRequest, conflict, forbidden, notFound } from '../../contracts/contract-error';
import type { DatabasePort } from '../../contracts/ports/database';
import { canManage, type Viewer } from '../files/data-source-item';
import { nowIso } from '../../contracts/keys/table-keys';
import { FOLDER_MESSAGES } from './folder-messages';
import { newFolderId, MAX_FOLDER_LEVEL, sameFolderName, ZERO_COUNTERS, type FolderRecord } from './folder-record';
import { FolderNameTakenError, FolderRepository } from './folder-repository';
import { FolderTree } from './folder-tree';
import { retryOnConflict } from '../table/tagged-transaction';

export interface FolderActor extends Viewer {
  organizationId: string;
  userName: string;
}

export interface FolderResult {
  folder: FolderRecord;
  tree: FolderTree;
}

function siblingNamed(tree: FolderTree, parentId: string, name: string, except?: string): boolean {
  return tree.childrenOf(parentId).some((sibling) => sibling.id !== except && sameFolderName(sibling.name, name));
}

function liveFolder(tree: FolderTree, folderId: string): FolderRecord {
  const folder = tree.get(folderId);
  if (!folder) throw notFound(FOLDER_MESSAGES.notFound);
  return folder;
}

function parentOrRoot(tree: FolderTree, parentId: string | null | undefined): FolderRecord {
  return parentId === undefined || parentId === null || parentId === '' ? tree.root : liveFolder(tree, parentId);
}

function manageable(actor: FolderActor, folder: FolderRecord): void {
  if (folder.is_root) throw badRequest(FOLDER_MESSAGES.rootLocked);
  if (!canManage(actor, folder.created_by)) throw forbidden();
}

/** A name claim lost to a concurrent write is the same 409 as a sibling found on read. */
async function claimingName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof FolderNameTakenError) throw conflict(FOLDER_MESSAGES.nameTaken);
    throw error;
  }
}

/** §10.4. The tree is read again on a conflict, so every check is made on what the write will see. */
export async function createFolder(database: DatabasePort, actor: FolderActor, input: { name: string; description?: string | null; parentId?: string | null }): Promise<FolderResult> {
  const folders = new FolderRepository(database);
  return retryOnConflict(async () => {
    const tree = await folders.tree(actor.organizationId);
    const parent = parentOrRoot(tree, input.parentId);
    if (tree.level(parent.id) + 1 > MAX_FOLDER_LEVEL) throw badRequest(FOLDER_MESSAGES.maxDepth);
    if (siblingNamed(tree, parent.id, input.name)) throw conflict(FOLDER_MESSAGES.nameTaken);
    const now = nowIso();
    const folder: FolderRecord = {
      id: newFolderId(),
      organization_id: actor.organizationId,
      name: input.name,
      parent_id: parent.id,
      is_root: false,
      description: input.description ?? '',
      created_by: actor.userId,
      created_by_name: actor.userName,
      created_at: now,
      updated_at: now,
      version: 1,
      ...ZERO_COUNTERS,
    };
    await claimingName(() => folders.create(tree, folder));
    return { folder, tree: new FolderTree([...tree.all(), folder]) };
  });
}

/** §10.5. A null description clears it (§1.1). */
export async function renameFolder(database: DatabasePort, actor: FolderActor, folderId: string, input: { name?: string; description?: string | null }): Promise<FolderResult> {
  const folders = new FolderRepository(database);
  return retryOnConflict(async () => {
    const tree = await folders.tree(actor.organizationId);
    const folder = liveFolder(tree, folderId);
    manageable(actor, folder);
    const name = input.name ?? folder.name;
    if (input.name !== undefined && siblingNamed(tree, folder.parent_id as string, name, folder.id)) throw conflict(FOLDER_MESSAGES.nameTaken);
    const description = input.description === undefined ? folder.description : (input.description ?? '');
    if (name === folder.name && description === folder.description) return { folder, tree };
    const renamed: FolderRecord = { ...folder, name, description, version: folder.version + 1, updated_at: nowIso() };
    await claimingName(() => folders.rename(folder, renamed));
    return { folder: renamed, tree: new FolderTree(tree.all().map((each) => (each.id === folder.id ? renamed : each))) };
  });
}

/** §10.7: only the folder's own item changes; its subtree follows because paths are derived. */
export async function moveFolder(database: DatabasePort, actor: FolderActor, folderId: string, targetId: string | null | undefined): Promise<FolderResult> {
  const folders = new FolderRepository(database);
  return retryOnConflict(async () => {
    const tree = await folders.tree(actor.organizationId);
    const folder = liveFolder(tree, folderId);
    manageable(actor, folder);
    const target = parentOrRoot(tree, targetId);
    if (tree.isSelfOrDescendant(target.id, folder.id)) throw badRequest(FOLDER_MESSAGES.intoItself);
    if (tree.level(target.id) + 1 + tree.heightBelow(folder.id) > MAX_FOLDER_LEVEL) throw badRequest(FOLDER_MESSAGES.maxDepth);
    if (target.id === folder.parent_id) return { folder, tree };
    if (siblingNamed(tree, target.id, folder.name)) throw conflict(FOLDER_MESSAGES.nameTaken);
    const moved: FolderRecord = { ...folder, parent_id: target.id, version: folder.version + 1, updated_at: nowIso() };
    await claimingName(() => folders.move(tree, folder, moved));
    return { folder: moved, tree: new FolderTree(tree.all().map((each) => (each.id === folder.id ? moved : each))) };
  });
}

/**
 * §10.6. `ownsSubtreeFiles` answers whether every file below belongs to the actor; it is only
 * asked of owners who are not admins, and only after the folders themselves passed.
 */
export async function deleteFolder(
  database: DatabasePort,
  actor: FolderActor,
  folderId: string,
  ownsSubtreeFiles: (tree: FolderTree, folder: FolderRecord) => Promise<boolean>,
): Promise<FolderRecord> {
  const folders = new FolderRepository(database);
  return retryOnConflict(async () => {
    const tree = await folders.tree(actor.organizationId);
    const folder = liveFolder(tree, folderId);
    manageable(actor, folder);
    if (!actor.isAdmin) {
      const othersFolder = tree.subtree(folder.id).some((each) => each.created_by !== actor.userId);
      if (othersFolder || !(await ownsSubtreeFiles(tree, folder))) throw forbidden();
    }
    await folders.delete(tree, folder);
    return folder;
  });
}
