import type { IndexHit, IndexRecordMetadata, IndexSourceType } from '../../../functions/ports/vectors';
import { bm25Score } from '../scores';
import { createAnalyzer } from './analyzer';
import { LATENT_SPACE, trainLatentSpace, type Cancellation, type LatentSpace } from './latent-space';
import { documentName, sourceDocuments } from './source-documents';
import { collectionOf, TermIndex, weightedTerms, type Bm25Parameters, type CollectionStatistics, type WeightedTerm } from './term-index';

/**
 * How passages are scored, tuned together on the SciFact train split (bench/README.md). A passage
 * scores `passageWeight` × its own BM25 + `documentWeight` × its document's, each BM25 summed over
 * the two fields a term is matched in: its stem, and (× `prefixWeight`) its stem's first
 * `prefixLength` letters. Porter2 leaves related words apart ("inflammation" → inflamm,
 * "inflammatory" → inflammatori; "apoptosis", "apoptotic"); their prefixes meet. On train the
 * prefix field moved nDCG@10 from 0.701 to 0.703 and recall@100 from 0.932 to 0.939 (4 or 6
 * letters, weights 0.4 to 2.5: within 0.003 of these).
 *
 * A document's score also counts its name (`nameWeight` × BM25 over the names): documentation is
 * filed under its topic ("spacing.md", "optimize-revalidation.md"), which a guide that uses the
 * same words more often must not outrank. Tuned on documentation, not SciFact, whose files are
 * named by number: over the 83 how-to questions of `npm run bench:answers` (three documentation
 * sets) the right document ranked first for 67 without it, 74 with weight 1 and 76 with 2; 1 (a
 * name weighs as much as the whole text) rather than the best figure on questions we wrote
 * ourselves. SciFact's figures are unchanged. The title inside the text was tried as a field too,
 * and cost SciFact 0.01 nDCG@10 at weight 0.5: a paper's title is a sentence of claims.
 */
export const LEXICAL_SCORING: { bm25: Bm25Parameters; passageWeight: number; documentWeight: number; prefixLength: number; prefixWeight: number; nameWeight: number } = {
  bm25: { k1: 1.2, b: 0.75 },
  passageWeight: 0.3,
  documentWeight: 0.7,
  prefixLength: 5,
  prefixWeight: 1,
  nameWeight: 1,
};

/** A stored passage, as the lexical index holds it. */
export interface LexicalRow {
  id: string;
  sourceId: string;
  sourceType: IndexSourceType;
  text: string;
  /** Name, headings and text (searchableText): what is searched. */
  searchText: string;
  metadata: IndexRecordMetadata;
}

/** One shared analyzer: its stem cache serves every index of the process. */
const analyze = createAnalyzer();

function prefixes(stems: readonly string[]): string[] {
  const length = LEXICAL_SCORING.prefixLength;
  return stems.map((stem) => (stem.length > length ? stem.slice(0, length) : stem));
}

/** The fields a term is matched in, each a BM25 index of its own. */
type Field = 'stems' | 'prefixes';
const FIELDS: readonly Field[] = ['stems', 'prefixes'];
const fieldWeight = (field: Field) => (field === 'stems' ? 1 : LEXICAL_SCORING.prefixWeight);
const fieldTerms = (field: Field, stems: string[]) => (field === 'stems' ? stems : prefixes(stems));

/** The term indexes of one level (passages or documents), by field. */
type FieldIndexes = Record<Field, TermIndex>;

/** One value per field, from `make`. */
const byField = <T>(make: (field: Field) => T): Record<Field, T> => ({ stems: make('stems'), prefixes: make('prefixes') });

function fieldIndexes(texts: readonly string[]): FieldIndexes {
  const stems = texts.map((text) => analyze(text));
  return byField((field) => new TermIndex(stems.map((terms) => fieldTerms(field, terms))));
}

/**
 * The full-text side of one index version: its passages and, beside them, one document per source
 * (source-documents.ts), both as BM25 term indexes of each field. A passage is scored by its own
 * BM25 and its document's (LEXICAL_SCORING): a 500-character chunk misses words the rest of its
 * document has, and the document's score brings them back while the passage's own still orders
 * the passages of one document.
 */
export class LexicalIndex {
  readonly passages: FieldIndexes;
  readonly documents: FieldIndexes;
  /** Each document's name (file name without its extension, page title): short, and often the very topic. */
  readonly names: FieldIndexes;
  private readonly rows: LexicalRow[];
  /** Passage row → its document's row. */
  private readonly documentOf: Int32Array;
  private passageScores?: Float64Array;
  private documentScores?: Float64Array;
  private documentSimilarities?: Float64Array;

  constructor(rows: LexicalRow[]) {
    this.rows = rows;
    const documents = sourceDocuments(rows.map((row) => ({ sourceId: row.sourceId, chunkIndex: row.metadata.chunkIndex, text: row.text, searchText: row.searchText, name: documentName(row.sourceType, row.metadata.name) })));
    const documentRow = new Map(documents.map((document, position) => [document.sourceId, position]));
    this.documentOf = Int32Array.from(rows, (row) => documentRow.get(row.sourceId)!);
    this.passages = fieldIndexes(rows.map((row) => row.searchText));
    this.documents = fieldIndexes(documents.map((document) => document.text));
    this.names = fieldIndexes(documents.map((document) => document.name));
  }

  /**
   * The best `limit` passages holding at least one of the question's terms (in either field),
   * best first, scored against `collection` (this index and the others searched for the same question).
   */
  search(question: Question, collection: LexicalCollection, limit: number, sourceIds?: ReadonlySet<string>): IndexHit[] {
    if (question.stems.length === 0 || this.rows.length === 0) return [];
    const asked = askedTerms(question, collection);
    // Reused: a search runs start to end without awaiting, so no other search of this index interleaves.
    const passageScores = (this.passageScores ??= new Float64Array(this.rows.length)).fill(0);
    const documentScores = (this.documentScores ??= new Float64Array(this.documents.stems.rows)).fill(0);
    const { bm25 } = LEXICAL_SCORING;
    for (const field of FIELDS) {
      this.passages[field].addScores(asked.passages[field], collection.passages[field].averageLength, bm25, passageScores);
      this.documents[field].addScores(asked.documents[field], collection.documents[field].averageLength, bm25, documentScores);
      this.names[field].addScores(asked.names[field], collection.names[field].averageLength, bm25, documentScores);
    }

    const latent = this.latentScores(question, collection, asked.latentWeight);
    // With a latent space, the best lexical candidates are rescored, not every match: a cosine per
    // document is hundreds of multiplications, and a document far down the lexical ranking does not
    // reach the top of a chat's few passages.
    const lexical = new BestRows(latent ? Math.max(limit, LATENT_SPACE.candidates) : limit);
    for (let row = 0; row < passageScores.length; row++) {
      const own = passageScores[row]!;
      if (own <= 0 || (sourceIds && !sourceIds.has(this.rows[row]!.sourceId))) continue;
      lexical.offer(row, LEXICAL_SCORING.passageWeight * own + LEXICAL_SCORING.documentWeight * documentScores[this.documentOf[row]!]!);
    }
    let best = lexical;
    if (latent) {
      best = new BestRows(limit);
      // In row order, so that ties go to the earlier row as without a latent space.
      for (const { row, score } of [...lexical.rows()].sort((a, b) => a.row - b.row)) best.offer(row, score + latent(this.documentOf[row]!));
    }
    return best.rows().map(({ row, score }) => {
      const { id, sourceId, sourceType, text, metadata } = this.rows[row]!;
      return { id, sourceId, sourceType, text, metadata: { ...metadata }, score: bm25Score(score) };
    });
  }

  /**
   * What the collection's latent space adds to a document's score, when it has one: the cosine of
   * document and question (none when negative) times `weight`, a share of the question's best
   * possible lexical match (askedTerms), so that it weighs alike for short and long questions.
   * Computed for a document when one of its passages first matches.
   */
  private latentScores(question: Question, collection: LexicalCollection, weight: number): ((document: number) => number) | undefined {
    const space = collection.latent;
    const documents = space?.documentsOf(this.documents.stems);
    const asked = documents && space!.project(question.stems);
    if (!asked) return undefined;
    const dimensions = space!.dimensions;
    const similarities = (this.documentSimilarities ??= new Float64Array(this.documents.stems.rows)).fill(Number.NaN);
    return (document) => {
      let similarity = similarities[document]!;
      if (Number.isNaN(similarity)) {
        similarity = 0;
        for (let at = document * dimensions, column = 0; column < dimensions; column++) similarity += documents[at + column]! * asked[column]!;
        similarities[document] = similarity;
      }
      return similarity > 0 ? weight * similarity : 0;
    };
  }
}

/** A question's terms as every index of one collection scores them, by level and field. */
interface AskedTerms {
  collection: LexicalCollection;
  passages: Record<Field, WeightedTerm[]>;
  documents: Record<Field, WeightedTerm[]>;
  names: Record<Field, WeightedTerm[]>;
  /** `LATENT_SPACE.weight` times the question's terms' summed idf over the documents: what a cosine of 1 adds. */
  latentWeight: number;
}

/**
 * The question's weighted terms in the collection it is searched in, kept with the question: a
 * send searches each of its knowledge bases' indexes with the same question and collection, and
 * looking a term's idf up again per index cost more than scoring its postings.
 */
const askedTermsOf = new WeakMap<Question, AskedTerms>();

function askedTerms(question: Question, collection: LexicalCollection): AskedTerms {
  const kept = askedTermsOf.get(question);
  if (kept?.collection === collection) return kept;
  const level = (statistics: Record<Field, CollectionStatistics>, weight: number) =>
    byField((field) => weightedTerms(new Set(fieldTerms(field, question.stems)), statistics[field], () => fieldWeight(field) * weight));
  const documents = level(collection.documents, 1);
  const asked: AskedTerms = {
    collection,
    passages: level(collection.passages, 1),
    documents,
    names: level(collection.names, LEXICAL_SCORING.nameWeight),
    latentWeight: LATENT_SPACE.weight * documents.stems.reduce((sum, { weight }) => sum + weight, 0),
  };
  askedTermsOf.set(question, asked);
  return asked;
}

/** Passage and document statistics, by field, of every index searched for one question. */
export interface LexicalCollection {
  passages: Record<Field, CollectionStatistics>;
  documents: Record<Field, CollectionStatistics>;
  names: Record<Field, CollectionStatistics>;
  /** The documents' latent space (latent-space.ts), once trained; searches go without it until then. */
  latent?: LatentSpace;
}

export function lexicalCollection(indexes: readonly LexicalIndex[]): LexicalCollection {
  const of = (level: 'passages' | 'documents' | 'names', field: Field) => collectionOf(indexes.map((index) => index[level][field]));
  return { passages: byField((field) => of('passages', field)), documents: byField((field) => of('documents', field)), names: byField((field) => of('names', field)) };
}

/** At most this many sets of indexes keep their collection (one set per application, as a rule). */
const MAX_KEPT_COLLECTIONS = 256;
/** At most this many of them keep a latent space (~20 MB each for 5,000 documents): the most recently trained. */
const MAX_LATENT_SPACES = 8;

interface KeptCollection {
  members: readonly LexicalIndex[];
  collection: LexicalCollection;
  training: Cancellation;
}

/**
 * The collections of the sets of indexes searched together, each kept while its set holds the very
 * same index objects (an index rebuilt after a write is a new object). An application asks the
 * same set send after send, so its term statistics are summed once per term, not once per index
 * per question.
 *
 * A set of at least `LATENT_SPACE.minimumDocuments` documents also gets a latent space, trained in
 * the background from its first search (seconds of CPU for thousands of documents, in slices
 * between requests); searches meanwhile are lexical only. A set replaced or forgotten stops its
 * training.
 */
export class KeptCollections {
  private readonly kept = new Map<string, KeptCollection>();
  private readonly trainings = new Set<Promise<void>>();
  /** Keys of the kept sets holding a latent space, oldest first. */
  private readonly latentHolders: string[] = [];

  constructor(private readonly latent: typeof LATENT_SPACE | false = LATENT_SPACE) {}

  /** The collection of `members`, named by `key` (the same key always names the same set, in the same order). */
  of(key: string, members: readonly LexicalIndex[]): LexicalCollection {
    const kept = this.kept.get(key);
    if (kept && kept.members.length === members.length && kept.members.every((member, position) => member === members[position])) return kept.collection;
    if (kept) this.drop(key);
    if (this.kept.size >= MAX_KEPT_COLLECTIONS) for (const name of [...this.kept.keys()]) this.drop(name);
    const entry: KeptCollection = { members, collection: lexicalCollection(members), training: { cancelled: false } };
    this.kept.set(key, entry);
    this.train(key, entry);
    return entry.collection;
  }

  /** Lets go of every set holding `name`'s index (the index was dropped). */
  forget(name: string): void {
    for (const key of [...this.kept.keys()]) if (key.split('\n').includes(name)) this.drop(key);
  }

  /** Lets go of every set, stopping their trainings (the index is closing). */
  close(): void {
    for (const key of [...this.kept.keys()]) this.drop(key);
  }

  /** Resolves when no latent space is being trained: the benchmark waits for it, a chat never does. */
  async settled(): Promise<void> {
    while (this.trainings.size > 0) await Promise.all(this.trainings);
  }

  private drop(key: string): void {
    const entry = this.kept.get(key);
    if (!entry) return;
    entry.training.cancelled = true;
    this.kept.delete(key);
    const holder = this.latentHolders.indexOf(key);
    if (holder >= 0) this.latentHolders.splice(holder, 1);
  }

  private train(key: string, entry: KeptCollection): void {
    if (!this.latent) return;
    const documents = entry.members.reduce((sum, member) => sum + member.documents.stems.rows, 0);
    if (documents < this.latent.minimumDocuments) return;
    const training = trainLatentSpace(
      entry.members.map((member) => member.documents.stems),
      this.latent,
      entry.training,
    )
      .then((space) => {
        if (!space || entry.training.cancelled) return;
        entry.collection.latent = space;
        this.latentHolders.push(key);
        while (this.latentHolders.length > MAX_LATENT_SPACES) {
          const oldest = this.kept.get(this.latentHolders.shift()!);
          if (oldest) oldest.collection.latent = undefined;
        }
      })
      // The set stays lexical only: the same as before it had a space, and what a search does meanwhile.
      .catch((error: unknown) => console.warn(`Latent space of ${entry.members.length} index(es) not trained: ${String(error)}`))
      .finally(() => this.trainings.delete(training));
    this.trainings.add(training);
  }
}

/**
 * A question's distinct stems: each weighs 1 however often it is repeated. On SciFact train,
 * counting repeats lost 0.002 nDCG@10 (a claim repeats its subject, which then drowns the rest).
 */
export interface Question {
  stems: string[];
}

export function questionOf(text: string): Question {
  return { stems: [...new Set(analyze(text))] };
}

/**
 * The `limit` best of rows offered in row order, best first (ties: the earlier row), without
 * sorting every match: a chat asks each index for a dozen of its thousands of matching passages.
 */
export class BestRows {
  private readonly kept: Array<{ row: number; score: number }> = [];

  constructor(private readonly limit: number) {}

  offer(row: number, score: number): void {
    const kept = this.kept;
    if (kept.length === this.limit && !(score > kept[kept.length - 1]!.score)) return;
    // Binary search for the first kept row scoring lower; an equal score stays ahead (offered earlier).
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (kept[middle]!.score >= score) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, { row, score });
    if (kept.length > this.limit) kept.pop();
  }

  rows(): ReadonlyArray<{ row: number; score: number }> {
    return this.kept;
  }
}
