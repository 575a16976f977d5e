import type { IndexHit, IndexRecordMetadata, IndexSourceType } from '../../../functions/contracts/ports/vectors';
import { indexTerms } from '../../../functions/domain/text-analysis/analyzers';
import { bm25Score } from '../scores';
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
 *
 * Documents of many passages saturate later (`documentK1`, documentParameters): a manual page of
 * thirty passages names its own topic dozens of times, and a guide that touches every topic once
 * (Git's user manual, a tutorial) must not match a question's words as well as the page that is
 * about them. Their documents' k1 is `bm25.k1` times their collection's mean passages per document
 * over `passagesPerStep`, from 1 up to `mostTimes`. SciFact's abstracts (4.3 passages each) keep
 * 1.2; there, 2 cost 0.004 nDCG@10 and 3 cost 0.017. On Git's documentation (33 passages a
 * page) a document k1 of 2 to 4 put the right page in the top 5 for 34 of 40 questions instead of
 * 31, and in the top 10 for 36 or 37 instead of 34; on Python's (62 a page) 26 to 27 of 30 in the top
 * 10 instead of 25, the top 5 unchanged (bench/README.md).
 */
export const LEXICAL_SCORING: {
  bm25: Bm25Parameters;
  documentK1: { passagesPerStep: number; mostTimes: number };
  passageWeight: number;
  documentWeight: number;
  prefixLength: number;
  prefixWeight: number;
  nameWeight: number;
} = {
  bm25: { k1: 1.2, b: 0.75 },
  documentK1: { passagesPerStep: 8, mostTimes: 2.5 },
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
  // The same analysis as questionOf's: BM25 only works when both sides drop and stem alike.
  const stems = texts.map((text) => indexTerms(text));
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
  private scores?: LevelScores;
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
    const joined = sourceIds ? undefined : collection.joined?.take(this, question, collection, limit);
    if (joined) return joined;
    // Reused: a search runs start to end without awaiting, so no other search of this index interleaves.
    const scores = (this.scores ??= { passages: new Float64Array(this.rows.length), documents: new Float64Array(this.documents.stems.rows) });
    scoreLevels(this, askedTerms(question, collection), collection, scores);
    return this.best(question, collection, limit, scores, { passage: 0, document: 0 }, sourceIds);
  }

  /**
   * The best `limit` of this index's passages by `scores`, where its passages and documents start
   * at `start` (0 for its own scores, further on for a JoinedIndexes'), rescored by the
   * collection's latent space when it has one. For this module's JoinedIndexes.
   */
  best(question: Question, collection: LexicalCollection, limit: number, scores: LevelScores, start: { passage: number; document: number }, sourceIds?: ReadonlySet<string>): IndexHit[] {
    const latent = this.latentScores(question, collection, askedTerms(question, collection).latentWeight);
    // With a latent space, the best lexical candidates are rescored, not every match: a cosine per
    // document is hundreds of multiplications, and a document far down the lexical ranking does not
    // reach the top of a chat's few passages.
    const lexical = new BestRows(latent ? Math.max(limit, LATENT_SPACE.candidates) : limit);
    // Every passage of every index searched passes here: the loop reads locals only.
    const { passages, documents } = scores;
    const { passage: passageStart, document: documentStart } = start;
    const { passageWeight, documentWeight } = LEXICAL_SCORING;
    const documentOf = this.documentOf;
    for (let row = 0, count = this.rows.length; row < count; row++) {
      const own = passages[passageStart + row]!;
      if (own <= 0 || (sourceIds && !sourceIds.has(this.rows[row]!.sourceId))) continue;
      lexical.offer(row, passageWeight * own + documentWeight * documents[documentStart + documentOf[row]!]!);
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

/** BM25 of every passage and every document (its text and its name) of some rows, by row. */
interface LevelScores {
  passages: Float64Array;
  documents: Float64Array;
}

/** The term indexes of passages, documents and names, of one index or of a collection's joined. */
interface Levels {
  passages: FieldIndexes;
  documents: FieldIndexes;
  names: FieldIndexes;
}

/** Sets `into` to the BM25 of the question's terms in `levels`, each field summed, names into documents. */
function scoreLevels(levels: Levels, asked: AskedTerms, collection: LexicalCollection, into: LevelScores): void {
  into.passages.fill(0);
  into.documents.fill(0);
  const { bm25 } = LEXICAL_SCORING;
  for (const field of FIELDS) {
    levels.passages[field].addScores(asked.passages[field], collection.passages[field].averageLength, bm25, into.passages);
    levels.documents[field].addScores(asked.documents[field], collection.documents[field].averageLength, collection.documentBm25, into.documents);
    levels.names[field].addScores(asked.names[field], collection.names[field].averageLength, bm25, into.documents);
  }
}

/**
 * The indexes of one collection as one (TermIndex.joined). A send searches each of its
 * application's knowledge bases with the same question; the first search scores the question
 * over all of them in one pass, and each index then takes its own best passages from it. Scored
 * alone, each index looked every question term up in term indexes of its own: eleven times the
 * look-ups for SciFact's eleven, and under load those cache misses cost more than the scoring.
 * The hits are what each index's own search finds (same statistics, same order of sums).
 */
export class JoinedIndexes implements Levels {
  readonly passages: FieldIndexes;
  readonly documents: FieldIndexes;
  readonly names: FieldIndexes;
  private readonly starts = new Map<LexicalIndex, { passage: number; document: number }>();
  private readonly scores: LevelScores;
  /** Each question's hits not yet taken, by member: a member takes its own once. */
  private readonly pending = new WeakMap<Question, { collection: LexicalCollection; limit: number; hits: Map<LexicalIndex, IndexHit[]> }>();

  private constructor(
    private readonly members: readonly LexicalIndex[],
    levels: Levels,
  ) {
    ({ passages: this.passages, documents: this.documents, names: this.names } = levels);
    let passage = 0;
    let document = 0;
    for (const member of members) {
      this.starts.set(member, { passage, document });
      passage += member.passages.stems.rows;
      document += member.documents.stems.rows;
    }
    this.scores = { passages: new Float64Array(passage), documents: new Float64Array(document) };
  }

  /** Joins the members' term indexes, a level and field at a time between pauses; undefined once cancelled. */
  static async of(members: readonly LexicalIndex[], cancellation: Cancellation): Promise<JoinedIndexes | undefined> {
    const levels: Partial<Record<keyof Levels, Partial<FieldIndexes>>> = {};
    for (const level of ['passages', 'documents', 'names'] as const) {
      for (const field of FIELDS) {
        await new Promise((resolve) => setImmediate(resolve));
        if (cancellation.cancelled) return undefined;
        (levels[level] ??= {})[field] = TermIndex.joined(members.map((member) => member[level][field]));
      }
    }
    return new JoinedIndexes(members, levels as Levels);
  }

  /** `member`'s best `limit` passages for the question, from the scores of the whole collection; undefined when it is not a member. */
  take(member: LexicalIndex, question: Question, collection: LexicalCollection, limit: number): IndexHit[] | undefined {
    if (!this.starts.has(member)) return undefined;
    let pending = this.pending.get(question);
    if (!pending || pending.collection !== collection || pending.limit !== limit || !pending.hits.has(member)) {
      scoreLevels(this, askedTerms(question, collection), collection, this.scores);
      const hits = new Map(this.members.map((each) => [each, each.best(question, collection, limit, this.scores, this.starts.get(each)!)]));
      pending = { collection, limit, hits };
      this.pending.set(question, pending);
    }
    const hits = pending.hits.get(member)!;
    pending.hits.delete(member);
    return hits;
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
  /** How documents (not passages or names) are scored in this collection: documentParameters. */
  documentBm25: Bm25Parameters;
  /** The documents' latent space (latent-space.ts), once trained; searches go without it until then. */
  latent?: LatentSpace;
  /** The member indexes joined into one, once joined; each index is searched on its own until then. */
  joined?: JoinedIndexes;
}

export function lexicalCollection(indexes: readonly LexicalIndex[]): LexicalCollection {
  const of = (level: 'passages' | 'documents' | 'names', field: Field) => collectionOf(indexes.map((index) => index[level][field]));
  const passages = byField((field) => of('passages', field));
  const documents = byField((field) => of('documents', field));
  return { passages, documents, names: byField((field) => of('names', field)), documentBm25: documentParameters(passages.stems.rows, documents.stems.rows) };
}

/** BM25 of a collection's documents: k1 grows with their mean passages (LEXICAL_SCORING.documentK1). */
export function documentParameters(passages: number, documents: number): Bm25Parameters {
  const { bm25, documentK1 } = LEXICAL_SCORING;
  const perDocument = documents > 0 ? passages / documents : 1;
  return { ...bm25, k1: bm25.k1 * Math.min(documentK1.mostTimes, Math.max(1, perDocument / documentK1.passagesPerStep)) };
}

/** At most this many sets of indexes keep their collection (one set per application, as a rule). */
const MAX_KEPT_COLLECTIONS = 256;
/**
 * At most this many of them keep their indexes joined and a latent space (~15 MB and ~20 MB for
 * 5,000 documents): the most recently prepared.
 */
const MAX_PREPARED_SETS = 8;

interface KeptCollection {
  members: readonly LexicalIndex[];
  collection: LexicalCollection;
  preparation: Cancellation;
}

/**
 * The collections of the sets of indexes searched together, each kept while its set holds the very
 * same index objects (an index rebuilt after a write is a new object). An application asks the
 * same set send after send, so its term statistics are summed once per term, not once per index
 * per question.
 *
 * A set is also prepared in the background from its first search: its indexes joined into one
 * (JoinedIndexes) when it has several, then, from `LATENT_SPACE.minimumDocuments` documents, a
 * latent space trained (seconds of CPU for thousands of documents, in slices between requests).
 * Searches meanwhile go index by index and lexical only, with the same hits. A set replaced or
 * forgotten stops its preparation.
 */
export class KeptCollections {
  private readonly kept = new Map<string, KeptCollection>();
  private readonly preparations = new Set<Promise<void>>();
  /** Keys of the kept sets holding a joined index or a latent space, oldest first. */
  private readonly prepared: string[] = [];

  constructor(private readonly latent: typeof LATENT_SPACE | false = LATENT_SPACE) {}

  /** The collection of `members`, named by `key` (the same key always names the same set, in the same order). */
  of(key: string, members: readonly LexicalIndex[]): LexicalCollection {
    const kept = this.kept.get(key);
    if (kept && kept.members.length === members.length && kept.members.every((member, position) => member === members[position])) return kept.collection;
    if (kept) this.drop(key);
    if (this.kept.size >= MAX_KEPT_COLLECTIONS) for (const name of [...this.kept.keys()]) this.drop(name);
    const entry: KeptCollection = { members, collection: lexicalCollection(members), preparation: { cancelled: false } };
    this.kept.set(key, entry);
    this.prepare(key, entry);
    return entry.collection;
  }

  /** Lets go of every set holding `name`'s index (the index was dropped). */
  forget(name: string): void {
    for (const key of [...this.kept.keys()]) if (key.split('\n').includes(name)) this.drop(key);
  }

  /** Lets go of every set, stopping their preparations (the index is closing). */
  close(): void {
    for (const key of [...this.kept.keys()]) this.drop(key);
  }

  /** Resolves when no set is being prepared: the benchmark and tests wait for it, a chat never does. */
  async settled(): Promise<void> {
    while (this.preparations.size > 0) await Promise.all(this.preparations);
  }

  private drop(key: string): void {
    const entry = this.kept.get(key);
    if (!entry) return;
    entry.preparation.cancelled = true;
    this.kept.delete(key);
    const holder = this.prepared.indexOf(key);
    if (holder >= 0) this.prepared.splice(holder, 1);
  }

  private prepare(key: string, entry: KeptCollection): void {
    const { members, collection, preparation } = entry;
    const documents = members.reduce((sum, member) => sum + member.documents.stems.rows, 0);
    const latent = this.latent && documents >= this.latent.minimumDocuments ? this.latent : undefined;
    if (members.length < 2 && !latent) return;
    const hold = () => {
      if (this.prepared.includes(key)) return;
      this.prepared.push(key);
      while (this.prepared.length > MAX_PREPARED_SETS) {
        const oldest = this.kept.get(this.prepared.shift()!);
        if (oldest) oldest.collection.joined = oldest.collection.latent = undefined;
      }
    };
    const preparing = (async () => {
      if (members.length >= 2) {
        const joined = await JoinedIndexes.of(members, preparation);
        if (!joined || preparation.cancelled) return;
        collection.joined = joined;
        hold();
      }
      if (!latent) return;
      const space = await trainLatentSpace(
        members.map((member) => member.documents.stems),
        latent,
        preparation,
      );
      if (!space || preparation.cancelled) return;
      collection.latent = space;
      hold();
    })()
      // The set stays as it was (index by index, lexical only): what a search does meanwhile.
      .catch((error: unknown) => console.warn(`Set of ${members.length} index(es) not prepared: ${String(error)}`))
      .finally(() => this.preparations.delete(preparing));
    this.preparations.add(preparing);
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
  return { stems: [...new Set(indexTerms(text))] };
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
