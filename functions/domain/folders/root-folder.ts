import type { DatabasePort } from '../../contracts/ports/database';
import type { FolderRecord } from './folder-record';
import { FolderRepository } from './folder-repository';

/** The organization's "Home" (§10), created once; the creation of an organization and the seed call it. */
export function ensureRootFolder(database: DatabasePort, organizationId: string): Promise<FolderRecord> {
  return new FolderRepository(database).ensureRoot(organizationId);
}
