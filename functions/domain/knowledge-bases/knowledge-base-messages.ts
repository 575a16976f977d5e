import { KNOWLEDGE_BASE_REQUEST_MESSAGES } from '../../../shared/api/schemas/knowledge-bases';
import { KNOWLEDGE_BASE_SOURCE_TYPES, KNOWLEDGE_BASE_STATUSES } from './knowledge-base-record';

/** Contract §15 texts, exact; the few it leaves open follow §1.10's patterns. */
export const KNOWLEDGE_BASE_MESSAGES = {
  notFound: 'Knowledge base not found',
  noAccess: 'You do not have access to this knowledge base',
  /** The create and update bodies' texts (the form's among them), shared with the web client. */
  ...KNOWLEDGE_BASE_REQUEST_MESSAGES,
  inUse: (applicationNames: string[]) => `Cannot delete index as it is used in: ${applicationNames.join(', ')}`,
  deleteWhileProcessing: 'Cannot delete a knowledge base while it is processing',
  alreadyDeployed: 'Knowledge base is already deployed or being processed',
  sourcesNotReady: (names: string[]) => `Data sources are not ready for indexing: ${names.join(', ')}`,
  deploymentInitiated: 'Knowledge base deployment initiated',
  invalidGroupId: (id: string) => `Invalid group ID: ${id}`,
  groupsUpdated: 'Groups updated successfully',
  quotaExceeded: 'Knowledge base limit reached for your plan',
  statusFilterInvalid: `status must be one of ${KNOWLEDGE_BASE_STATUSES.join(', ')}`,
  sourceTypeFilterInvalid: `source_type must be one of ${KNOWLEDGE_BASE_SOURCE_TYPES.join(', ')}`,
} as const;

/** What a failed knowledge base says (`error`): for the people who run it, never internals. */
export const INDEXING_ERRORS = {
  nothingIndexed: 'No text could be indexed from the selected data sources',
  noEmbeddings: 'No embeddings model is configured, and this vector index can only search by vector',
  failed: 'Knowledge base could not be indexed',
} as const;
