/**
 * The file-manager entities as the contract returns them (§2 DataSourceItem, Folder, StorageCredentials;
 * §9, §10, §11): their types come from the shared schemas in shared/api/schemas/files.ts.
 */
export type {
  DataSourceDetails,
  DataSourceItem,
  DataSourceList,
  DataSourceMetadata,
  FileSourceType,
  FileStatus,
  Folder,
  FolderDetails,
  FolderTree,
  ItemType,
  StorageCredentials,
  UploadTicket,
} from '../../../../shared/api/schemas/files';
