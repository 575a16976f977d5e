import type { ValidationDetail } from '../../../shared/api/errors';
import { CHUNK_SIZE_RANGE, chunkingProblems, OVERLAP_RANGE } from '../../../shared/rules/chunking';
import { KNOWLEDGE_BASE_MESSAGES as M } from './knowledge-base-messages';
import {
  DEFAULT_EMBEDDING_MODEL,
  EMBEDDING_MODELS,
  KNOWLEDGE_BASE_SOURCE_TYPES,
  MAX_DATA_SOURCE_IDS,
  type EmbeddingModel,
  type KnowledgeBaseRecord,
  type KnowledgeBaseSourceType,
} from './knowledge-base-record';

/** Answers which of `ids` exist as sources of that kind in the caller's organization. */
export type SourceLookup = (sourceType: KnowledgeBaseSourceType, ids: string[]) => Promise<Set<string>>;

export interface KnowledgeBaseFields {
  name: string;
  description: string;
  source_type: KnowledgeBaseSourceType;
  chunk_size: number | null;
  overlap: number | null;
  embedding_model: EmbeddingModel;
  data_source_ids: string[];
}

export type KnowledgeBaseChanges = Partial<Omit<KnowledgeBaseFields, 'source_type'>>;

/** The problems found, in the contract's order (§15.4), or the parsed value. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; details: ValidationDetail[] };

type Body = Record<string, unknown>;

const bodyOf = (raw: unknown): Body => (raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Body) : {});
const isSourceType = (value: unknown): value is KnowledgeBaseSourceType => (KNOWLEDGE_BASE_SOURCE_TYPES as readonly unknown[]).includes(value);
const isEmbeddingModel = (value: unknown): value is EmbeddingModel => (EMBEDDING_MODELS as readonly unknown[]).includes(value);
const missing = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The checks both bodies share, each pushing its problems into one ordered list. The contract's
 * order (§15.4) puts "Invalid source ID" after the sources and the embedding-model enum last, so
 * each check reports into its own slot and the slots are joined in that order at the end.
 */
class Problems {
  private readonly slots = {
    name: [] as ValidationDetail[],
    description: [] as ValidationDetail[],
    sourceType: [] as ValidationDetail[],
    embeddingRequired: [] as ValidationDetail[],
    chunking: [] as ValidationDetail[],
    sources: [] as ValidationDetail[],
    sourceIds: [] as ValidationDetail[],
    embeddingInvalid: [] as ValidationDetail[],
  };

  add(slot: keyof Problems['slots'], field: string, message: string): void {
    this.slots[slot].push({ field, message });
  }

  all(): ValidationDetail[] {
    return Object.values(this.slots).flat();
  }
}

function parseName(value: unknown, problems: Problems): string | undefined {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') return void problems.add('name', 'name', M.nameRequired);
  if (name.length > 255) return void problems.add('name', 'name', M.nameTooLong);
  return name;
}

function parseDescription(value: unknown, problems: Problems): string | undefined {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string' || value.trim().length > 1000) return void problems.add('description', 'description', M.descriptionTooLong);
  return value.trim();
}

function parseChunking(chunkSize: unknown, overlap: unknown, problems: Problems): { chunk_size: number; overlap: number } | undefined {
  const found = chunkingProblems({ chunkSize, overlap });
  for (const problem of found) problems.add('chunking', problem.field, problem.message);
  return found.length === 0 ? { chunk_size: chunkSize as number, overlap: overlap as number } : undefined;
}

/**
 * `data_source_ids`: 1–500 distinct ids that exist as sources of the knowledge base's kind;
 * `kept` ids are accepted without looking (§15.5: already-orphaned ids may stay).
 */
async function parseSourceIds(value: unknown, sourceType: KnowledgeBaseSourceType | undefined, lookup: SourceLookup, problems: Problems, kept: ReadonlySet<string> = new Set()): Promise<string[] | undefined> {
  if (!Array.isArray(value) || value.length === 0) return void problems.add('sources', 'data_source_ids', M.sourcesRequired);
  const ids = [...new Set(value.map((id) => (typeof id === 'string' ? id.trim() : String(id))))];
  if (ids.length > MAX_DATA_SOURCE_IDS) return void problems.add('sources', 'data_source_ids', M.tooManySources);
  const malformed = value.filter((id) => typeof id !== 'string' || id.trim() === '').map(String);
  for (const id of malformed) problems.add('sourceIds', 'data_source_ids', M.invalidSourceId(id));
  // Without a valid kind there is nothing to look the ids up in; the source-type problem says why.
  if (!sourceType) return undefined;
  const toCheck = ids.filter((id) => id !== '' && !kept.has(id) && !malformed.includes(id));
  const existing = toCheck.length > 0 ? await lookup(sourceType, toCheck) : new Set<string>();
  const unknown = toCheck.filter((id) => !existing.has(id));
  for (const id of unknown) problems.add('sourceIds', 'data_source_ids', M.invalidSourceId(id));
  return malformed.length === 0 && unknown.length === 0 ? ids : undefined;
}

function done<T>(problems: Problems, value: () => T): Parsed<T> {
  const details = problems.all();
  return details.length > 0 ? { ok: false, details } : { ok: true, value: value() };
}

/** §15.4's body. `chunk_size` and `overlap` are stored null for `apis`, whatever was sent. */
export async function parseCreateInput(raw: unknown, lookup: SourceLookup): Promise<Parsed<KnowledgeBaseFields>> {
  const body = bodyOf(raw);
  const problems = new Problems();
  const name = parseName(body.name, problems);
  const description = parseDescription(body.description, problems);

  let sourceType: KnowledgeBaseSourceType | undefined;
  if (missing(body.source_type)) problems.add('sourceType', 'source_type', M.sourceTypeRequired);
  else if (!isSourceType(body.source_type)) problems.add('sourceType', 'source_type', M.sourceTypeInvalid);
  else sourceType = body.source_type;
  const apis = sourceType === 'apis';

  let embeddingModel: EmbeddingModel | undefined;
  if (missing(body.embedding_model)) {
    if (apis) embeddingModel = DEFAULT_EMBEDDING_MODEL;
    else problems.add('embeddingRequired', 'embedding_model', M.embeddingModelRequired);
  } else if (!isEmbeddingModel(body.embedding_model)) problems.add('embeddingInvalid', 'embedding_model', M.embeddingModelInvalid);
  else embeddingModel = body.embedding_model;

  const chunking = apis ? { chunk_size: null, overlap: null } : parseChunking(body.chunk_size ?? CHUNK_SIZE_RANGE.default, body.overlap ?? OVERLAP_RANGE.default, problems);
  const dataSourceIds = await parseSourceIds(body.data_source_ids, sourceType, lookup, problems);

  return done(problems, () => ({
    name: name as string,
    description: description as string,
    source_type: sourceType as KnowledgeBaseSourceType,
    chunk_size: chunking?.chunk_size ?? null,
    overlap: chunking?.overlap ?? null,
    embedding_model: embeddingModel as EmbeddingModel,
    data_source_ids: dataSourceIds as string[],
  }));
}

/**
 * §15.5's body: only the fields sent are checked and changed; `source_type` may be sent, only
 * with its stored value. Chunking is checked on the merged values, so an overlap sent alone is
 * still compared with the stored chunk size.
 */
export async function parseUpdateInput(raw: unknown, stored: KnowledgeBaseRecord, lookup: SourceLookup): Promise<Parsed<KnowledgeBaseChanges>> {
  const body = bodyOf(raw);
  const problems = new Problems();
  const changes: KnowledgeBaseChanges = {};
  const sent = (field: string) => body[field] !== undefined;
  const apis = stored.source_type === 'apis';

  if (sent('name')) changes.name = parseName(body.name, problems);
  if (sent('description')) changes.description = parseDescription(body.description, problems);
  if (sent('source_type') && body.source_type !== stored.source_type) problems.add('sourceType', 'source_type', M.sourceTypeChanged);

  if (sent('embedding_model')) {
    if (missing(body.embedding_model)) {
      if (apis) changes.embedding_model = DEFAULT_EMBEDDING_MODEL;
      else problems.add('embeddingRequired', 'embedding_model', M.embeddingModelRequired);
    } else if (!isEmbeddingModel(body.embedding_model)) problems.add('embeddingInvalid', 'embedding_model', M.embeddingModelInvalid);
    else changes.embedding_model = body.embedding_model;
  }

  if (!apis && (sent('chunk_size') || sent('overlap'))) {
    const chunking = parseChunking(sent('chunk_size') ? body.chunk_size : stored.chunk_size, sent('overlap') ? body.overlap : stored.overlap, problems);
    if (chunking) {
      if (sent('chunk_size')) changes.chunk_size = chunking.chunk_size;
      if (sent('overlap')) changes.overlap = chunking.overlap;
    }
  }

  if (sent('data_source_ids')) changes.data_source_ids = await parseSourceIds(body.data_source_ids, stored.source_type, lookup, problems, new Set(stored.data_source_ids));

  return done(problems, () => Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as KnowledgeBaseChanges);
}

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
  return stored.status === 'ready' || stored.status === 'processing';
}
