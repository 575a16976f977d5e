import { CHUNK_SIZE_RANGE, CHUNKING_MESSAGES, chunkingProblems, OVERLAP_RANGE } from './chunking';
import { FIELD_MESSAGES } from './fields';

/**
 * Knowledge-base values and create/update rules (contract §15.4, §15.5; spec 02 §3–§5, §9) that the
 * form and the API both apply. The server adds what only it can check (ids that exist, the locked
 * fields of a stored knowledge base); the client runs the pure checks before it sends anything.
 */

export const KNOWLEDGE_BASE_SOURCE_TYPES = ['files', 'websites', 'apis'] as const;
export type KnowledgeBaseSourceType = (typeof KNOWLEDGE_BASE_SOURCE_TYPES)[number];

export const EMBEDDING_MODELS = ['text-embedding-ada-002', 'bge-large-en', 'gte-large', 'e5-large-v2'] as const;
export type EmbeddingModel = (typeof EMBEDDING_MODELS)[number];
/** Spec 02 §9: the default, and contract §15.4's model for `apis` when none is sent. */
export const DEFAULT_EMBEDDING_MODEL: EmbeddingModel = 'text-embedding-ada-002';
/** Spec 02 §9 labels only the default; the others are shown by their model names. */
export const EMBEDDING_MODEL_LABELS: Record<EmbeddingModel, string> = {
  'text-embedding-ada-002': 'OpenAI Ada 002',
  'bge-large-en': 'bge-large-en',
  'gte-large': 'gte-large',
  'e5-large-v2': 'e5-large-v2',
};

export const KNOWLEDGE_BASE_STATUSES = ['draft', 'processing', 'ready', 'failed'] as const;
export type KnowledgeBaseStatus = (typeof KNOWLEDGE_BASE_STATUSES)[number];

/** Contract §15.4: how many sources one knowledge base may reference. */
export const MAX_DATA_SOURCE_IDS = 500;
export const KNOWLEDGE_BASE_NAME_MAX = 255;
export const KNOWLEDGE_BASE_DESCRIPTION_MAX = 1000;

export { CHUNK_SIZE_RANGE, OVERLAP_RANGE };

/** Contract §15.4–§15.6 texts, exact. */
export const KNOWLEDGE_BASE_FORM_MESSAGES = {
  nameRequired: FIELD_MESSAGES.nameRequired,
  nameTooLong: FIELD_MESSAGES.nameTooLong,
  descriptionTooLong: FIELD_MESSAGES.descriptionTooLong,
  sourceTypeRequired: 'Source type is required',
  embeddingModelRequired: 'Embedding model is required',
  chunkSize: CHUNKING_MESSAGES.chunkSize,
  overlap: CHUNKING_MESSAGES.overlap,
  overlapNotSmaller: CHUNKING_MESSAGES.overlapNotSmaller,
  sourcesRequired: 'At least one file/website/API endpoint/data source must be selected',
  tooManySources: `At most ${MAX_DATA_SOURCE_IDS} data sources can be selected`,
  invalidSourceId: (id: string) => `Invalid source ID: ${id}`,
  onlyNameAndDescription: 'Only name and description can be modified',
} as const;

/** Contract §15.5: a ready or processing knowledge base keeps everything but its name and description. */
export function isLockedStatus(status: string): boolean {
  return status === 'ready' || status === 'processing';
}

/** Contract §15.7 / spec 02 §4: deploy is allowed unless the status is processing or ready. */
export function canDeployStatus(status: string): boolean {
  return status !== 'processing' && status !== 'ready';
}

export interface KnowledgeBaseFormValues {
  name: string;
  description: string;
  /** Empty while no type is chosen. */
  sourceType: KnowledgeBaseSourceType | '';
  embeddingModel: EmbeddingModel | '';
  /** Numbers as typed; anything that is not an integer in range is a problem. */
  chunkSize: unknown;
  overlap: unknown;
  dataSourceIds: readonly string[];
}

export interface KnowledgeBaseFormProblem {
  field: 'name' | 'description' | 'source_type' | 'embedding_model' | 'chunk_size' | 'overlap' | 'data_source_ids';
  message: string;
}

/**
 * Every broken rule of the form, in contract §15.4's order (the order the server joins its
 * messages in). `chunk_size`, `overlap` and the embedding model are not asked of `apis`.
 */
export function knowledgeBaseFormProblems(values: KnowledgeBaseFormValues): KnowledgeBaseFormProblem[] {
  const M = KNOWLEDGE_BASE_FORM_MESSAGES;
  const problems: KnowledgeBaseFormProblem[] = [];
  const name = values.name.trim();
  if (name === '') problems.push({ field: 'name', message: M.nameRequired });
  else if (name.length > KNOWLEDGE_BASE_NAME_MAX) problems.push({ field: 'name', message: M.nameTooLong });
  if (values.description.trim().length > KNOWLEDGE_BASE_DESCRIPTION_MAX) problems.push({ field: 'description', message: M.descriptionTooLong });
  if (values.sourceType === '') problems.push({ field: 'source_type', message: M.sourceTypeRequired });
  const apis = values.sourceType === 'apis';
  if (!apis && values.embeddingModel === '') problems.push({ field: 'embedding_model', message: M.embeddingModelRequired });
  if (!apis) problems.push(...chunkingProblems({ chunkSize: values.chunkSize, overlap: values.overlap }));
  if (values.dataSourceIds.length === 0) problems.push({ field: 'data_source_ids', message: M.sourcesRequired });
  else if (values.dataSourceIds.length > MAX_DATA_SOURCE_IDS) problems.push({ field: 'data_source_ids', message: M.tooManySources });
  return problems;
}
