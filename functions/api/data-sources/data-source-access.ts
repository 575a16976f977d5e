import { canManage, type Viewer } from '../../domain/files/data-source-item';
import { FILE_MESSAGES } from '../../domain/files/file-messages';
import type { FileRecord } from '../../domain/files/file-record';
import { FileRepository } from '../../domain/files/file-repository';
import type { FolderTree } from '../../domain/folders/folder-tree';
import { badRequest, forbidden, notFound } from '../../contracts/contract-error';
import type { DatabasePort } from '../../contracts/ports/database';

/**
 * A file of the caller's organization that is still in the tree. Another organization's id, an
 * unknown one and a file of a deleted subtree all read "Data source not found" (§1.3, §10.6);
 * a folder's id is pointed at the folder endpoints.
 */
export async function visibleFile(database: DatabasePort, tree: FolderTree, fileId: string): Promise<FileRecord> {
  if (tree.has(fileId)) throw badRequest(FILE_MESSAGES.useFolderEndpoints);
  const file = await new FileRepository(database).get(tree.root.organization_id, fileId);
  if (!file || !tree.has(file.folder_id)) throw notFound(FILE_MESSAGES.notFound);
  return file;
}

/** Rename, move, delete and download: an admin or the owner (§9). */
export function assertCanManage(viewer: Viewer, file: FileRecord): void {
  if (!canManage(viewer, file.created_by)) throw forbidden();
}
