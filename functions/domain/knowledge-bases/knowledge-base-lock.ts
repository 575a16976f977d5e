import type { KnowledgeBaseChanges } from '../../../shared/api/schemas/knowledge-bases';
import { isLockedStatus } from '../../../shared/rules/knowledge-base-form';
import type { KnowledgeBaseRecord } from './knowledge-base-record';

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** §15.5: whether `changes` touch anything but the name and description (sending a value unchanged does not). */
export function changesLockedFields(stored: KnowledgeBaseRecord, changes: KnowledgeBaseChanges): boolean {
  return (
    (changes.chunk_size !== undefined && changes.chunk_size !== stored.chunk_size) ||
    (changes.overlap !== undefined && changes.overlap !== stored.overlap) ||
    (changes.embedding_model !== undefined && changes.embedding_model !== stored.embedding_model) ||
    (changes.data_source_ids !== undefined && !sameIds(changes.data_source_ids, stored.data_source_ids))
  );
}

/** §15.5: `ready` and `processing` knowledge bases keep everything but their name and description. */
export function isLocked(stored: Pick<KnowledgeBaseRecord, 'status'>): boolean {
  return isLockedStatus(stored.status);
}
