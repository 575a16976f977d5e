import type { Folder } from '../folders/folder-entity';
import type { FolderRecord } from '../folders/folder-record';
import type { FolderTree } from '../folders/folder-tree';
import type { FileRecord, OriginalMetadata } from './file-record';

/** DataSourceItem (contract §2): a file or a folder of the file manager. */
export interface DataSourceItem {
  id: string;
  name: string;
  item_type: 'file' | 'folder';
  source_type: 'file_upload' | 'drive_sync' | null;
  status: 'active' | 'pending' | 'failed';
  folder_id: string | null;
  path: string;
  created_by: string;
  created_by_name: string;
  canManage: boolean;
  created_at: string;
  updated_at: string;
  metadata: {
    original_filename: string | null;
    file_size: number;
    mime_type: string | null;
    description: string | null;
    object_name: string | null;
    object_store?: 'platform' | 'user';
    upload_started_at?: string | null;
    upload_completed_at?: string | null;
    sync_started_at?: string | null;
    sync_completed_at?: string | null;
    drive_file_id?: string | null;
    folder_prefix: string;
    path_tokens: string[];
    original_metadata: OriginalMetadata | null;
    error?: string | null;
  };
  total_file_count?: number;
  direct_file_count?: number;
  direct_subfolder_count?: number;
  total_subfolder_count?: number;
  total_size?: number;
}

export interface Viewer {
  userId: string;
  isAdmin: boolean;
}

/** `canManage`: an admin, or the owner (§9). */
export function canManage(viewer: Viewer, createdBy: string): boolean {
  return viewer.isAdmin || viewer.userId === createdBy;
}

/**
 * A file as §2 shows it. `path`, `folder_prefix` and `path_tokens` come from the folder tree at
 * read time: a folder rename or move never rewrites files. `folder_prefix` is the folder's full
 * path; `path_tokens` the path's parts, the file name last. Bookkeeping of the ingest (claims,
 * ETags, extraction keys) stays internal.
 */
export function fileToItem(file: FileRecord, tree: FolderTree, viewer: Viewer): DataSourceItem {
  const folderTokens = tree.pathTokens(file.folder_id);
  const { metadata } = file;
  return {
    id: file.id,
    name: file.name,
    item_type: 'file',
    source_type: file.source_type,
    status: file.status,
    folder_id: file.folder_id,
    path: [...folderTokens, file.name].join('/'),
    created_by: file.created_by,
    created_by_name: file.created_by_name,
    canManage: canManage(viewer, file.created_by),
    created_at: file.created_at,
    updated_at: file.updated_at,
    metadata: {
      original_filename: metadata.original_filename,
      file_size: metadata.file_size,
      mime_type: metadata.mime_type,
      description: metadata.description ?? null,
      object_name: metadata.object_name,
      object_store: metadata.object_store,
      upload_started_at: metadata.upload_started_at ?? null,
      upload_completed_at: metadata.upload_completed_at ?? null,
      sync_started_at: metadata.sync_started_at ?? null,
      sync_completed_at: metadata.sync_completed_at ?? null,
      drive_file_id: metadata.drive_file_id ?? null,
      folder_prefix: folderTokens.join('/'),
      path_tokens: [...folderTokens, file.name],
      original_metadata: metadata.original_metadata,
      error: metadata.error ?? null,
    },
  };
}

/** A folder row of the file manager: the DataSourceItem shape with the folder's counts (§2). */
export function folderToItem(folder: FolderRecord, entity: Folder, viewer: Viewer): DataSourceItem {
  const parentTokens = entity.path_tokens.slice(0, -1);
  return {
    id: folder.id,
    name: entity.name,
    item_type: 'folder',
    source_type: null,
    status: 'active',
    folder_id: folder.parent_id,
    path: entity.full_path,
    created_by: folder.created_by,
    created_by_name: folder.created_by_name,
    canManage: canManage(viewer, folder.created_by),
    created_at: folder.created_at,
    updated_at: folder.updated_at,
    metadata: {
      original_filename: null,
      file_size: folder.total_size,
      mime_type: null,
      description: folder.description || null,
      object_name: null,
      folder_prefix: parentTokens.join('/'),
      path_tokens: entity.path_tokens,
      original_metadata: null,
    },
    total_file_count: folder.total_file_count,
    direct_file_count: folder.direct_file_count,
    direct_subfolder_count: folder.direct_subfolder_count,
    total_subfolder_count: folder.total_subfolder_count,
    total_size: folder.total_size,
  };
}
