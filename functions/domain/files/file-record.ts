import { keys, newId } from '../../contracts/keys/table-keys';

export type FileStatus = 'active' | 'pending' | 'failed';
export type FileSourceType = 'file_upload' | 'drive_sync';
/** `user`: the object lives in the uploader's own bucket (§9.5, §11). */
export type ObjectStoreKind = 'platform' | 'user';

export interface OriginalMetadata {
  mime_type: string;
  file_size: number;
  original_filename: string;
  object_name: string;
}

/** A live ingest of one object version: which delivery holds it and until when (see ingestion/ingest-claim). */
export interface IngestClaim {
  etag: string;
  message_id: string;
  expires_at: string;
  attempts: number;
}

export interface FileMetadata {
  original_filename: string;
  file_size: number;
  mime_type: string;
  description?: string | null;
  object_name: string;
  object_store: ObjectStoreKind;
  upload_started_at?: string;
  upload_completed_at?: string;
  sync_started_at?: string;
  sync_completed_at?: string;
  drive_file_id?: string;
  original_metadata: OriginalMetadata;
  error?: string;
  /** The object version whose text is extracted; a delivery for the same ETag does nothing. */
  ingested_etag?: string;
  ingest_attempts?: number;
  ingest_claim?: IngestClaim;
  /** Key of the stored extraction in the platform bucket. */
  extraction_key?: string;
  extracted_at?: string;
}

export interface FileRecord {
  id: string;
  organization_id: string;
  name: string;
  item_type: 'file';
  source_type: FileSourceType;
  status: FileStatus;
  folder_id: string;
  created_by: string;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  /** Optimistic lock: every write of the item checks and bumps it. */
  version: number;
  metadata: FileMetadata;
}

export function newFileId(): string {
  return newId('fil');
}

const pk = (organizationId: string) => keys.organization(organizationId).PK;

export const FILE_SK_PREFIX = 'FILE#';
/** Sparse GSI1 partition of uploads that are still waiting for their completion (cleanup, §23.2). */
export const PENDING_UPLOADS_PARTITION = 'UPLOADS_PENDING';

export const fileKeys = {
  /** Files live under their folder, so a folder's files are one Query (§9.1). */
  file: (organizationId: string, folderId: string, fileId: string) => ({ PK: pk(organizationId), SK: `${FILE_SK_PREFIX}${folderId}#${fileId}` }),
  folderFilesPrefix: (folderId: string) => `${FILE_SK_PREFIX}${folderId}#`,
  /** Where a file id is found when only the id is known (details, rename, ids=). */
  pointer: (organizationId: string, fileId: string) => ({ PK: pk(organizationId), SK: `FILEID#${fileId}` }),
  /** GSI2: the organization's files newest first, for whole-tree scopes within the §1.5 bound. */
  recentPartition: (organizationId: string) => `${pk(organizationId)}#FILES`,
};

/** Every key and index attribute of a file item. */
export function fileItem(file: FileRecord): Record<string, unknown> {
  const waitingForCompletion = file.status === 'pending' && file.source_type === 'file_upload' && !file.metadata.upload_completed_at;
  return {
    ...fileKeys.file(file.organization_id, file.folder_id, file.id),
    GSI2PK: fileKeys.recentPartition(file.organization_id),
    GSI2SK: `${file.updated_at}#${file.id}`,
    ...(waitingForCompletion ? { GSI1PK: PENDING_UPLOADS_PARTITION, GSI1SK: `${file.metadata.upload_started_at ?? file.created_at}#${file.organization_id}#${file.id}` } : {}),
    entity: 'file',
    ...file,
  };
}
