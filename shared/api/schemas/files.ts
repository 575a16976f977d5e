import { z } from 'zod';
import { isoDate } from './common';

/**
 * The file-manager entities of contract §2 (DataSourceItem, Folder, StorageCredentials) and the
 * answers of §9–§11 as the API sends them. The web client takes its types from here; fields marked
 * optional are ones an answer may leave out.
 */

export const ITEM_TYPES = ['file', 'folder'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const FILE_SOURCE_TYPES = ['file_upload', 'drive_sync'] as const;
export type FileSourceType = (typeof FILE_SOURCE_TYPES)[number];
export const FILE_STATUSES = ['active', 'pending', 'failed'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

const optionalDate = isoDate.nullable().optional();

export const dataSourceMetadataSchema = z.object({
  original_filename: z.string().optional(),
  file_size: z.number().optional(),
  mime_type: z.string().optional(),
  description: z.string().nullable().optional(),
  object_name: z.string().optional(),
  upload_started_at: optionalDate,
  upload_completed_at: optionalDate,
  sync_started_at: optionalDate,
  sync_completed_at: optionalDate,
  drive_file_id: z.string().nullable().optional(),
  folder_prefix: z.string().optional(),
  path_tokens: z.array(z.string()).optional(),
  /** §9: why a file failed, e.g. "File is password-protected". */
  error: z.string().nullable().optional(),
});
export type DataSourceMetadata = z.infer<typeof dataSourceMetadataSchema>;

/** What folder rows of a list also carry (§2). */
const folderCounts = {
  total_file_count: z.number().int().optional(),
  direct_file_count: z.number().int().optional(),
  direct_subfolder_count: z.number().int().optional(),
  total_subfolder_count: z.number().int().optional(),
  total_size: z.number().optional(),
};

/** §2 DataSourceItem. */
export const dataSourceItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  item_type: z.enum(ITEM_TYPES),
  source_type: z.enum(FILE_SOURCE_TYPES).nullable().optional(),
  status: z.enum(FILE_STATUSES),
  folder_id: z.string().nullable().optional(),
  path: z.string().optional(),
  created_by: z.string().optional(),
  created_by_name: z.string().optional(),
  /** The caller is an admin or the owner. */
  canManage: z.boolean().optional(),
  created_at: isoDate.optional(),
  updated_at: isoDate.optional(),
  metadata: dataSourceMetadataSchema.optional(),
  ...folderCounts,
});
export type DataSourceItem = z.infer<typeof dataSourceItemSchema>;

const namedRef = z.object({ id: z.string(), name: z.string() });

/** §9.2: the item plus where it is used. */
export const dataSourceDetailsSchema = dataSourceItemSchema.extend({
  knowledge_bases: z.array(namedRef).optional(),
  shared_with_groups: z.array(namedRef).optional(),
});
export type DataSourceDetails = z.infer<typeof dataSourceDetailsSchema>;

/** §9.1. */
export const dataSourceListSchema = z.object({
  dataSources: z.array(dataSourceItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  truncated: z.boolean().optional(),
});
export type DataSourceList = z.infer<typeof dataSourceListSchema>;

/** §2 Folder. */
export const folderSchema = z.object({
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable().optional(),
  is_root: z.boolean(),
  description: z.string().nullable().optional(),
  level: z.number().int().optional(),
  depth: z.number().int().optional(),
  file_count: z.number().int().optional(),
  ...folderCounts,
  full_path: z.string().optional(),
  path_tokens: z.array(z.string()).optional(),
  created_by: z.string().optional(),
  created_by_name: z.string().optional(),
  created_at: isoDate.optional(),
  updated_at: isoDate.optional(),
});
export type Folder = z.infer<typeof folderSchema>;

/** §10.1 and §10.2. */
export const folderTreeSchema = z.object({ folders: z.array(folderSchema), rootFolder: folderSchema });
export type FolderTree = z.infer<typeof folderTreeSchema>;

/** §10.3: one folder with its breadcrumb path (root → folder). */
export const folderDetailsSchema = folderTreeSchema.extend({ folder: folderSchema, path: z.array(namedRef) });
export type FolderDetails = z.infer<typeof folderDetailsSchema>;

/** §9.5's answer. */
export const uploadTicketSchema = z.object({
  uploadUrl: z.string(),
  objectName: z.string(),
  dataSourceId: z.string(),
  method: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  expiresIn: z.number().int().optional(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** §2 StorageCredentials. */
export const storageCredentialsSchema = z.object({
  configured: z.boolean(),
  endpoint: z.string().nullable().optional(),
  accessKey: z.string().nullable().optional(),
  /** Masked as "********" + the last 4 characters; sending it back keeps the stored secret. */
  secretKey: z.string().nullable().optional(),
  bucket: z.string().nullable().optional(),
  updated_at: isoDate.nullable().optional(),
});
export type StorageCredentials = z.infer<typeof storageCredentialsSchema>;
