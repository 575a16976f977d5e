/**
 * The file-manager entities as the contract returns them (§2 DataSourceItem, Folder, StorageCredentials;
 * §9, §10, §11). Only the fields the screens read are typed; the server may send more.
 */

export type ItemType = 'file' | 'folder';
export type FileSourceType = 'file_upload' | 'drive_sync';
export type FileStatus = 'active' | 'pending' | 'failed';

export interface DataSourceMetadata {
  original_filename?: string;
  file_size?: number;
  mime_type?: string;
  description?: string | null;
  object_name?: string;
  upload_started_at?: string | null;
  upload_completed_at?: string | null;
  sync_started_at?: string | null;
  sync_completed_at?: string | null;
  drive_file_id?: string | null;
  folder_prefix?: string;
  path_tokens?: string[];
  /** Contract §9: why a file failed, e.g. "File is password-protected". */
  error?: string | null;
}

export interface DataSourceItem {
  id: string;
  name: string;
  item_type: ItemType;
  source_type?: FileSourceType | null;
  status: FileStatus;
  folder_id?: string | null;
  path?: string;
  created_by?: string;
  created_by_name?: string;
  /** Contract §2: the caller is an admin or the owner. */
  canManage?: boolean;
  created_at?: string;
  updated_at?: string;
  metadata?: DataSourceMetadata;
  // Folder rows of the list (contract §2: "folder items also carry").
  total_file_count?: number;
  direct_file_count?: number;
  direct_subfolder_count?: number;
  total_subfolder_count?: number;
  total_size?: number;
}

/** §9.2: the item plus where it is used. */
export interface DataSourceDetails extends DataSourceItem {
  knowledge_bases?: Array<{ id: string; name: string }>;
  shared_with_groups?: Array<{ id: string; name: string }>;
}

/** §9.1 list shape. */
export interface DataSourceList {
  dataSources: DataSourceItem[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  truncated?: boolean;
}

export interface Folder {
  id: string;
  name: string;
  parent_id?: string | null;
  is_root: boolean;
  description?: string | null;
  level?: number;
  depth?: number;
  file_count?: number;
  total_file_count?: number;
  direct_file_count?: number;
  direct_subfolder_count?: number;
  total_subfolder_count?: number;
  total_size?: number;
  full_path?: string;
  path_tokens?: string[];
  created_by?: string;
  created_by_name?: string;
  created_at?: string;
  updated_at?: string;
}

/** §10.1 and §10.2. */
export interface FolderTree {
  folders: Folder[];
  rootFolder: Folder;
}

/** §10.3: one folder with its breadcrumb path (root → folder). */
export interface FolderDetails extends FolderTree {
  folder: Folder;
  path: Array<{ id: string; name: string }>;
}

/** §9.5 answer. */
export interface UploadTicket {
  uploadUrl: string;
  objectName: string;
  dataSourceId: string;
  method?: string;
  headers?: Record<string, string>;
  expiresIn?: number;
}

/** §2 StorageCredentials. */
export interface StorageCredentials {
  configured: boolean;
  endpoint?: string | null;
  accessKey?: string | null;
  /** Masked as "********" + the last 4 characters; sending it back keeps the stored secret. */
  secretKey?: string | null;
  bucket?: string | null;
  updated_at?: string | null;
}
