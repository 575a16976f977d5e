import { z } from 'zod';
import { CHUNK_SIZE_RANGE, chunkingProblems, OVERLAP_RANGE } from '../../rules/chunking';
import { nameField } from '../../rules/fields';
import {
  DEFAULT_EMBEDDING_MODEL,
  EMBEDDING_MODELS,
  KNOWLEDGE_BASE_DESCRIPTION_MAX,
  KNOWLEDGE_BASE_FORM_MESSAGES,
  KNOWLEDGE_BASE_SOURCE_TYPES,
  KNOWLEDGE_BASE_STATUSES,
  MAX_DATA_SOURCE_IDS,
  type EmbeddingModel,
  type KnowledgeBaseSourceType,
} from '../../rules/knowledge-base-form';
import { isoDate } from './common';

/** The KnowledgeBase entity (contract §2), also called an index. */
export const knowledgeBaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  source_type: z.enum(KNOWLEDGE_BASE_SOURCE_TYPES),
  /** `null` for `apis` (§15.4). */
  chunk_size: z.number().int().nullable(),
  overlap: z.number().int().nullable(),
  embedding_model: z.enum(EMBEDDING_MODELS),
  data_source_ids: z.array(z.string()),
  status: z.enum(KNOWLEDGE_BASE_STATUSES),
  error: z.string().nullable(),
  document_count: z.number().int(),
  chunk_count: z.number().int(),
  last_indexed_at: isoDate.nullable(),
  created_by: z.string(),
  created_by_name: z.string(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;

/**
 * §15.1. `indexes` repeats `knowledgeBases` when the list was asked for by `ids` (the documents'
 * pickers read that key); `truncated` appears only when the server could not read every item.
 */
export const knowledgeBaseListSchema = z.object({
  knowledgeBases: z.array(knowledgeBaseSchema),
  indexes: z.array(knowledgeBaseSchema).optional(),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  truncated: z.literal(true).optional(),
});
export type KnowledgeBaseList = z.infer<typeof knowledgeBaseListSchema>;

/** An application as §15.3 and §15.6's details name it. */
export const applicationRefSchema = z.object({ id: z.string(), name: z.string() });
export type ApplicationRef = z.infer<typeof applicationRefSchema>;

/** §15.3. */
export const knowledgeBaseUsageSchema = z.object({
  isInUse: z.boolean(),
  applications: z.array(applicationRefSchema),
});
export type KnowledgeBaseUsage = z.infer<typeof knowledgeBaseUsageSchema>;

/** A group with access to a knowledge base (§15.8) or an application (§16.8). */
export const groupRefSchema = z.object({ id: z.string(), name: z.string(), is_admin_group: z.boolean() });
export type GroupRef = z.infer<typeof groupRefSchema>;

/** §15.8; §15.9 answers the same with its message. */
export const knowledgeBaseGroupsSchema = z.object({ groups: z.array(groupRefSchema) });
export type KnowledgeBaseGroups = z.infer<typeof knowledgeBaseGroupsSchema>;

/** §15.7's 202 answer; the message's text is the server's (knowledge-base-messages). */
export const deployKnowledgeBaseResponseSchema = z.object({
  message: z.string(),
  knowledgeBase: knowledgeBaseSchema,
});
export type DeployKnowledgeBaseResponse = z.infer<typeof deployKnowledgeBaseResponseSchema>;

/** §15.4 and §15.5's texts: the form's, and those only the server reports. */
export const KNOWLEDGE_BASE_REQUEST_MESSAGES = {
  ...KNOWLEDGE_BASE_FORM_MESSAGES,
  /** §1.10's enum pattern, worded like the embedding-model message. */
  sourceTypeInvalid: `Source type must be one of ${KNOWLEDGE_BASE_SOURCE_TYPES.join(', ')}`,
  sourceTypeChanged: 'Source type cannot be changed',
  embeddingModelInvalid: `Embedding model must be one of ${EMBEDDING_MODELS.join(', ')}`,
} as const;

const M = KNOWLEDGE_BASE_REQUEST_MESSAGES;

/** The fields of a new knowledge base as §15.4 stores them. */
export interface KnowledgeBaseFields {
  name: string;
  description: string;
  source_type: KnowledgeBaseSourceType;
  /** `null` for `apis`, whatever was sent. */
  chunk_size: number | null;
  overlap: number | null;
  embedding_model: EmbeddingModel;
  data_source_ids: string[];
}

/** §15.5: the fields sent, each to replace the stored one. */
export type KnowledgeBaseChanges = Partial<Omit<KnowledgeBaseFields, 'source_type'>>;

/** Answers which of `ids` exist as sources of that kind in the caller's organization. */
export type SourceLookup = (sourceType: KnowledgeBaseSourceType, ids: string[]) => Promise<ReadonlySet<string>>;

/** What only the server knows: which sources exist. Without it (the OpenAPI document) ids are not looked up. */
export interface KnowledgeBaseRequestContext {
  existingSources?: SourceLookup;
}

/** The stored knowledge base an update is judged against. */
export interface StoredKnowledgeBase {
  source_type: KnowledgeBaseSourceType;
  chunk_size: number | null;
  overlap: number | null;
  data_source_ids: readonly string[];
}

export interface KnowledgeBaseUpdateContext extends KnowledgeBaseRequestContext {
  stored?: StoredKnowledgeBase;
}

const isSourceType = (value: unknown): value is KnowledgeBaseSourceType => (KNOWLEDGE_BASE_SOURCE_TYPES as readonly unknown[]).includes(value);
const isEmbeddingModel = (value: unknown): value is EmbeddingModel => (EMBEDDING_MODELS as readonly unknown[]).includes(value);
/** Not sent, `null`, or blank: what the contract calls missing. */
const missing = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const idText = (id: unknown) => (typeof id === 'string' ? id.trim() : String(id));
const uniqueIds = (ids: unknown) => [...new Set((ids as unknown[]).map(idText))];

/** Trimmed, at most 1000 characters; `null` reads as empty. */
const descriptionField = z
  .string({ error: M.descriptionTooLong })
  .trim()
  .max(KNOWLEDGE_BASE_DESCRIPTION_MAX, M.descriptionTooLong)
  .nullish()
  .describe(`trimmed, at most ${KNOWLEDGE_BASE_DESCRIPTION_MAX} characters`);

/*
 * The fields judged after the object's own (name, description, source type), in the refinement
 * below: the contract's order puts the rules that depend on the source type between them, and the
 * embedding-model enum after the source ids. Their shapes are documented here for the OpenAPI document.
 */
const embeddingModelField = z
  .unknown()
  .optional()
  .meta({ type: 'string', enum: [...EMBEDDING_MODELS], description: `required unless source_type is apis (default ${DEFAULT_EMBEDDING_MODEL})` });
const chunkSizeField = z
  .unknown()
  .optional()
  .meta({ type: 'integer', minimum: CHUNK_SIZE_RANGE.min, maximum: CHUNK_SIZE_RANGE.max, description: `default ${CHUNK_SIZE_RANGE.default}; ignored for apis` });
const overlapField = z
  .unknown()
  .optional()
  .meta({ type: 'integer', minimum: OVERLAP_RANGE.min, maximum: OVERLAP_RANGE.max, description: `default ${OVERLAP_RANGE.default}, smaller than chunk_size; ignored for apis` });
const dataSourceIdsField = z
  .unknown()
  .optional()
  .meta({ type: 'array', items: { type: 'string' }, minItems: 1, maxItems: MAX_DATA_SOURCE_IDS, description: 'ids of sources of the source type' });

type Context = z.RefinementCtx;

function problem(ctx: Context, field: string, message: string): void {
  ctx.addIssue({ code: 'custom', path: [field], message });
}

/** `embedding_model` when it is missing: the default for `apis`, required otherwise. */
function checkEmbeddingRequired(value: unknown, apis: boolean, ctx: Context): void {
  if (missing(value) && !apis) problem(ctx, 'embedding_model', M.embeddingModelRequired);
}

/** Last of all in the contract's order: a model that is not one of the list. */
function checkEmbeddingModel(value: unknown, ctx: Context): void {
  if (!missing(value) && !isEmbeddingModel(value)) problem(ctx, 'embedding_model', M.embeddingModelInvalid);
}

function checkChunking(chunkSize: unknown, overlap: unknown, ctx: Context): void {
  for (const found of chunkingProblems({ chunkSize, overlap })) problem(ctx, found.field, found.message);
}

/**
 * `data_source_ids`: 1–500 distinct ids that exist as sources of the knowledge base's kind;
 * `kept` ids are accepted without looking (§15.5: already-orphaned ids may stay).
 */
async function checkSourceIds(value: unknown, sourceType: KnowledgeBaseSourceType | undefined, context: KnowledgeBaseRequestContext, ctx: Context, kept: ReadonlySet<string> = new Set()): Promise<void> {
  if (!Array.isArray(value) || value.length === 0) return problem(ctx, 'data_source_ids', M.sourcesRequired);
  const ids = uniqueIds(value);
  if (ids.length > MAX_DATA_SOURCE_IDS) return problem(ctx, 'data_source_ids', M.tooManySources);
  const malformed = value.filter((id) => typeof id !== 'string' || id.trim() === '').map(String);
  for (const id of malformed) problem(ctx, 'data_source_ids', M.invalidSourceId(id));
  // Without a valid kind there is nothing to look the ids up in; the source-type problem says why.
  if (!sourceType || !context.existingSources) return;
  const toCheck = ids.filter((id) => id !== '' && !kept.has(id) && !malformed.includes(id));
  const existing = toCheck.length > 0 ? await context.existingSources(sourceType, toCheck) : new Set<string>();
  for (const id of toCheck.filter((candidate) => !existing.has(candidate))) problem(ctx, 'data_source_ids', M.invalidSourceId(id));
}

/**
 * For a body's refinement that judges the fields the contract orders after the object's own: it
 * runs whatever the fields before found, so every problem is reported; only a body that is no
 * object at all has nothing for it to read.
 */
export const evenAfterFieldProblems = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};

/**
 * §15.4, every problem in the contract's order (name, description, source type, embedding model
 * required, chunking, sources, invalid source ids, embedding-model enum). `chunk_size` and
 * `overlap` are stored null for `apis`, whatever was sent, and its model defaults.
 */
export function createKnowledgeBaseRequestSchema(context: KnowledgeBaseRequestContext = {}) {
  return z
    .object({
      name: nameField(),
      description: descriptionField,
      source_type: z.enum(KNOWLEDGE_BASE_SOURCE_TYPES, { error: (issue) => (missing(issue.input) ? M.sourceTypeRequired : M.sourceTypeInvalid) }),
      embedding_model: embeddingModelField,
      chunk_size: chunkSizeField,
      overlap: overlapField,
      data_source_ids: dataSourceIdsField,
    })
    .superRefine(async (body, ctx) => {
      const sourceType = isSourceType(body.source_type) ? body.source_type : undefined;
      const apis = sourceType === 'apis';
      checkEmbeddingRequired(body.embedding_model, apis, ctx);
      if (!apis) checkChunking(body.chunk_size ?? CHUNK_SIZE_RANGE.default, body.overlap ?? OVERLAP_RANGE.default, ctx);
      await checkSourceIds(body.data_source_ids, sourceType, context, ctx);
      checkEmbeddingModel(body.embedding_model, ctx);
    }, evenAfterFieldProblems)
    .transform((body): KnowledgeBaseFields => {
      const apis = body.source_type === 'apis';
      return {
        name: body.name,
        description: body.description ?? '',
        source_type: body.source_type,
        chunk_size: apis ? null : ((body.chunk_size ?? CHUNK_SIZE_RANGE.default) as number),
        overlap: apis ? null : ((body.overlap ?? OVERLAP_RANGE.default) as number),
        embedding_model: missing(body.embedding_model) ? DEFAULT_EMBEDDING_MODEL : (body.embedding_model as EmbeddingModel),
        data_source_ids: uniqueIds(body.data_source_ids),
      };
    });
}

/**
 * §15.5: only the fields sent are checked and changed, in §15.4's order; `source_type` may be
 * sent, only with its stored value. Chunking is checked on the merged values, so an overlap sent
 * alone is still compared with the stored chunk size. Without `stored` (the OpenAPI document) the
 * stored values read as the defaults.
 */
export function updateKnowledgeBaseRequestSchema(context: KnowledgeBaseUpdateContext = {}) {
  const { stored } = context;
  const apis = stored?.source_type === 'apis';
  return z
    .object({
      name: nameField().optional(),
      description: descriptionField,
      source_type: z
        .unknown()
        .refine((value) => !stored || value === stored.source_type, M.sourceTypeChanged)
        .optional()
        .meta({ type: 'string', enum: [...KNOWLEDGE_BASE_SOURCE_TYPES], description: 'the stored value only' }),
      embedding_model: embeddingModelField,
      chunk_size: chunkSizeField,
      overlap: overlapField,
      data_source_ids: dataSourceIdsField,
    })
    .superRefine(async (body, ctx) => {
      if (body.embedding_model !== undefined) checkEmbeddingRequired(body.embedding_model, apis, ctx);
      if (!apis && (body.chunk_size !== undefined || body.overlap !== undefined)) {
        const merged = (sent: unknown, kept: number | null | undefined, fallback: number) => (sent !== undefined ? sent : (kept ?? fallback));
        checkChunking(merged(body.chunk_size, stored?.chunk_size, CHUNK_SIZE_RANGE.default), merged(body.overlap, stored?.overlap, OVERLAP_RANGE.default), ctx);
      }
      if (body.data_source_ids !== undefined) await checkSourceIds(body.data_source_ids, stored?.source_type, context, ctx, new Set(stored?.data_source_ids));
      if (body.embedding_model !== undefined) checkEmbeddingModel(body.embedding_model, ctx);
    }, evenAfterFieldProblems)
    .transform((body): KnowledgeBaseChanges => {
      const changes: KnowledgeBaseChanges = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.description !== undefined) changes.description = body.description ?? '';
      if (body.embedding_model !== undefined) changes.embedding_model = missing(body.embedding_model) ? DEFAULT_EMBEDDING_MODEL : (body.embedding_model as EmbeddingModel);
      if (!apis && body.chunk_size !== undefined) changes.chunk_size = body.chunk_size as number;
      if (!apis && body.overlap !== undefined) changes.overlap = body.overlap as number;
      if (body.data_source_ids !== undefined) changes.data_source_ids = uniqueIds(body.data_source_ids);
      return changes;
    });
}
