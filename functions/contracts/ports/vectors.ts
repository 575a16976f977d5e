/**
 * The vector index port: where knowledge-base chunks are stored and searched. Amazon S3 Vectors
 * in the cloud (vector search only); LanceDB embedded locally (full-text BM25, vector and hybrid
 * search), which is also the only adapter that serves lexical-only indexes when no embeddings
 * model is configured.
 *
 * An index holds one version of one knowledge base: the indexer fills a new index per deploy
 * (`knowledgeBaseIndexName`), swaps it in, then drops the old one.
 */
export type IndexSourceType = 'file' | 'web' | 'api';

export interface IndexRecordMetadata {
  /** File name, page title or API source name; shown with the citation. */
  name: string;
  page?: number;
  sheet?: string;
  slide?: number;
  headings?: string[];
  url?: string;
  chunkIndex: number;
  /**
   * The document's text right after the chunk (about two chunks of it, ending where a sentence
   * does): not searched, but read by the answer step, which may quote on past the chunk's end.
   */
  following?: string;
  /** Markup the chunk's text needs before it to read as it does in its document (a literal block's "::" when it starts inside one): read by the answer step with the text. */
  opening?: string;
}

export interface IndexRecord {
  /** Unique within the index; an upsert with a known id replaces that record. */
  id: string;
  sourceId: string;
  sourceType: IndexSourceType;
  text: string;
  /** Required by an index created with dimensions, refused by a lexical-only one. */
  vector?: number[];
  metadata: IndexRecordMetadata;
}

export interface IndexQuery {
  /**
   * Full-text query. Adapters with `supportsFullText` search it (with `vector` too: hybrid); the
   * others ignore it beside a vector and refuse it alone.
   */
  text?: string;
  /** Query vector, from the same embeddings model as the records. */
  vector?: number[];
  topK: number;
  /** Only records of these sources; an empty list matches nothing. */
  sourceIds?: string[];
  /**
   * The other indexes searched for the same question (one per knowledge base of an application).
   * A full-text adapter scores with the term statistics of all of them together, so that hits of
   * different indexes compare as if they came from one; vector scores compare anyway.
   */
  alongside?: string[];
}

export interface IndexHit {
  id: string;
  sourceId: string;
  sourceType: IndexSourceType;
  text: string;
  /** 0..1, higher is better; how each adapter gets there is documented on it. */
  score: number;
  metadata: IndexRecordMetadata;
}

export interface VectorIndexPort {
  readonly adapter: 's3vectors' | 'lancedb';
  /** Whether `query` accepts `text`; when false, callers must embed the query. */
  readonly supportsFullText: boolean;
  /**
   * Creates the index when missing; idempotent. `dimensions: null` asks for a lexical-only index
   * (no embeddings model), which only adapters with `supportsFullText` can hold.
   */
  ensureIndex(indexName: string, dimensions: number | null): Promise<void>;
  upsert(indexName: string, records: IndexRecord[]): Promise<void>;
  query(indexName: string, query: IndexQuery): Promise<IndexHit[]>;
  /**
   * Makes every write so far searchable at full quality. The embedded index updates its full-text
   * index lazily (multi-word queries rank new rows badly until it has); S3 Vectors indexes on write,
   * so there it does nothing.
   */
  refresh(indexName: string): Promise<void>;
  /**
   * Resolves when work a search started in the background is done: the embedded index trains a
   * latent space for a set of knowledge bases searched together (local/vectors/lexical/latent-space.ts),
   * and searches without it until then. For evaluations that must measure the settled ranking;
   * absent where there is no such work.
   */
  settled?(): Promise<void>;
  /** Removes every record of the source; answers how many were removed. */
  deleteBySource(indexName: string, sourceId: string): Promise<number>;
  /** Idempotent: dropping a missing index succeeds. */
  dropIndex(indexName: string): Promise<void>;
  ping(): Promise<void>;
}

export class InvalidIndexNameError extends Error {}

/**
 * What both back-ends accept: S3 Vectors allows 3–63 lowercase letters, digits, hyphens and dots,
 * starting and ending with a letter or digit; LanceDB table names are a superset of that.
 */
export const INDEX_NAME_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function assertIndexName(indexName: string): void {
  if (!INDEX_NAME_PATTERN.test(indexName)) {
    throw new InvalidIndexNameError(
      `Invalid index name "${indexName}": use 3 to 63 lowercase letters, digits, hyphens and dots, starting and ending with a letter or digit`,
    );
  }
}

/**
 * `kb-<id>-v<version>`. Ids are `kb_<ULID>`: the ULID is Crockford base32, which is
 * case-insensitive, and the underscore only separates the kind, so lowercasing and turning `_`
 * into `-` keeps names unique while meeting the S3 Vectors rules.
 */
export function knowledgeBaseIndexName(knowledgeBaseId: string, version: number): string {
  if (!Number.isInteger(version) || version < 0) throw new InvalidIndexNameError(`Invalid index version ${version}`);
  const name = `kb-${knowledgeBaseId.toLowerCase().replace(/_/g, '-')}-v${version}`;
  assertIndexName(name);
  return name;
}

/**
 * The text a record is found by: its name and headings, then the chunk. A chunk rarely repeats
 * its document's title or section heading; on SciFact (500-character chunks, test split) searching
 * the title with every chunk moved lexical nDCG@10 from 0.643 to 0.679. Lexical adapters index it;
 * callers should embed it, so that both kinds of search see the same words.
 */
export function searchableText(record: Pick<IndexRecord, 'text' | 'metadata'>): string {
  const context = [record.metadata.name, ...(record.metadata.headings ?? [])].filter((part) => part.trim().length > 0);
  return context.length > 0 ? `${context.join('\n')}\n\n${record.text}` : record.text;
}

/** Cosine distance (0 identical … 2 opposite) as a 0..1 score: 1 - distance, clamped. */
export function scoreFromCosineDistance(distance: number): number {
  return Math.min(1, Math.max(0, 1 - distance));
}
