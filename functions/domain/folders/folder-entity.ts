import type { FolderRecord } from './folder-record';
import type { FolderTree } from './folder-tree';

/** The Folder entity of contract §2. `s3_prefix` is informational: objects never move with folders. */
export interface Folder {
  id: string;
  name: string;
  parent_id: string | null;
  is_root: boolean;
  description: string;
  level: number;
  depth: number;
  file_count: number;
  total_file_count: number;
  direct_file_count: number;
  direct_subfolder_count: number;
  total_subfolder_count: number;
  total_size: number;
  s3_prefix: string;
  path_tokens: string[];
  full_path: string;
  created_by: string;
  created_by_name: string;
  created_at: string;
  updated_at: string;
}

export function toFolderEntity(folder: FolderRecord, tree: FolderTree): Folder {
  const level = tree.level(folder.id);
  const pathTokens = tree.pathTokens(folder.id);
  return {
    id: folder.id,
    name: folder.is_root ? 'Home' : folder.name,
    parent_id: folder.parent_id,
    is_root: folder.is_root,
    description: folder.description ?? '',
    level,
    depth: level,
    file_count: folder.total_file_count,
    total_file_count: folder.total_file_count,
    direct_file_count: folder.direct_file_count,
    direct_subfolder_count: folder.direct_subfolder_count,
    total_subfolder_count: folder.total_subfolder_count,
    total_size: folder.total_size,
    s3_prefix: `org/${folder.organization_id}/files/`,
    path_tokens: pathTokens,
    full_path: pathTokens.join('/'),
    created_by: folder.created_by,
    created_by_name: folder.created_by_name,
    created_at: folder.created_at,
    updated_at: folder.updated_at,
  };
}
