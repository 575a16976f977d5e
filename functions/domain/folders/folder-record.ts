import { createHash } from 'node:crypto';
import { keys, newId } from '../../contracts/keys/table-keys';

/** The counters every folder keeps for its subtree (§10: updated along the ancestor chain). */
export interface FolderCounters {
  direct_file_count: number;
  total_file_count: number;
  direct_subfolder_count: number;
  total_subfolder_count: number;
  total_size: number;
}

export const COUNTER_FIELDS = ['direct_file_count', 'total_file_count', 'direct_subfolder_count', 'total_subfolder_count', 'total_size'] as const;

export interface FolderRecord extends FolderCounters {
  id: string;
  organization_id: string;
  name: string;
  /** null for the root ("Home"). */
  parent_id: string | null;
  is_root: boolean;
  description: string;
  created_by: string;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  /** Optimistic lock: every write of the folder item checks and bumps it. */
  version: number;
}

export const ROOT_FOLDER_NAME = 'Home';
/** §10: at most 10 levels below the root (root is level 0). */
export const MAX_FOLDER_LEVEL = 10;

export function newFolderId(): string {
  return newId('fld');
}

export const ZERO_COUNTERS: FolderCounters = { direct_file_count: 0, total_file_count: 0, direct_subfolder_count: 0, total_subfolder_count: 0, total_size: 0 };

const pk = (organizationId: string) => keys.organization(organizationId).PK;

export const FOLDER_SK_PREFIX = 'FOLDER#';

export const folderKeys = {
  folder: (organizationId: string, folderId: string) => ({ PK: pk(organizationId), SK: `${FOLDER_SK_PREFIX}${folderId}` }),
  /**
   * One root per organization: the root is created together with this claim, so two first
   * requests racing cannot both create one. `ROOTFOLDER` does not begin with `FOLDER#`.
   */
  rootClaim: (organizationId: string) => ({ PK: pk(organizationId), SK: 'ROOTFOLDER' }),
  /**
   * Sibling names are unique case-insensitively (§10). The name is hashed because 255 characters
   * of UTF-8 could pass DynamoDB's 1 KB sort-key limit.
   */
  nameClaim: (organizationId: string, parentId: string, name: string) => ({
    PK: pk(organizationId),
    SK: `FOLDERNAME#${parentId}#${createHash('sha256').update(name.trim().toLowerCase()).digest('hex')}`,
  }),
};

/** Names compare case-insensitively among siblings. */
export const sameFolderName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
