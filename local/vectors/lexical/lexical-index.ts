import type { IndexHit, IndexRecordMetadata, IndexSourceType } from '../../../functions/ports/vectors';
import { bm25Score } from '../scores';
import { createAnalyzer } from './analyzer';
import { sourceDocuments } from './source-documents';
import { collectionOf, TermIndex, type Bm25Parameters, type CollectionStatistics } from './term-index';

/**
 * How passages are scored, tuned together on the SciFact train split (bench/README.md). A passage
 * scores `passageWeight` × its own BM25 + `documentWeight` × its document's.
 */
export const LEXICAL_SCORING: { bm25: Bm25Parameters; passageWeight: number; documentWeight: number } = {
  bm25: { k1: 1.2, b: 0.75 },
  passageWeight: 0.3,
  documentWeight: 0.7,
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

/**
 * The full-text side of one index version: its passages and, beside them, one document per source
 * (source-documents.ts), both as BM25 term indexes. A passage is scored by its own BM25 and its
 * document's (LEXICAL_SCORING): a 500-character chunk misses words the rest of its document
 * has, and the document's score brings them back while the passage's own still orders the
 * passages of one document.
 */
export class LexicalIndex {
  readonly passages: TermIndex;
  readonly documents: TermIndex;
  private readonly rows: LexicalRow[];
  /** Passage row → its document's row. */
  private readonly documentOf: Int32Array;

  constructor(rows: LexicalRow[]) {
    this.rows = rows;
    const documents = sourceDocuments(rows.map((row) => ({ sourceId: row.sourceId, chunkIndex: row.metadata.chunkIndex, text: row.text, searchText: row.searchText })));
    const documentRow = new Map(documents.map((document, position) => [document.sourceId, position]));
    this.documentOf = Int32Array.from(rows, (row) => documentRow.get(row.sourceId)!);
    this.passages = new TermIndex(rows.map((row) => analyze(row.searchText)));
    this.documents = new TermIndex(documents.map((document) => analyze(document.text)));
  }

  get size(): number {
    return this.rows.length;
  }

  /**
   * The best `limit` passages holding at least one of the question's terms, best first, scored
   * against `collection` (this index and the others searched for the same question).
   */
  search(terms: ReadonlyMap<string, number>, collection: LexicalCollection, limit: number, sourceIds?: ReadonlySet<string>): IndexHit[] {
    if (terms.size === 0 || this.rows.length === 0) return [];
    const passageScores = new Float64Array(this.passages.rows);
    const documentScores = new Float64Array(this.documents.rows);
    this.passages.addScores(terms, collection.passages, LEXICAL_SCORING.bm25, passageScores);
    this.documents.addScores(terms, collection.documents, LEXICAL_SCORING.bm25, documentScores);

    const best = new BestRows(limit);
    for (let row = 0; row < passageScores.length; row++) {
      const own = passageScores[row]!;
      if (own <= 0 || (sourceIds && !sourceIds.has(this.rows[row]!.sourceId))) continue;
      best.offer(row, LEXICAL_SCORING.passageWeight * own + LEXICAL_SCORING.documentWeight * documentScores[this.documentOf[row]!]!);
    }
    return best.rows().map(({ row, score }) => {
      const { searchText: _searched, metadata, ...hit } = this.rows[row]!;
      return { ...hit, metadata: { ...metadata }, score: bm25Score(score) };
    });
  }
}

/** Passage and document statistics of every index searched for one question. */
export interface LexicalCollection {
  passages: CollectionStatistics;
  documents: CollectionStatistics;
}

export function lexicalCollection(indexes: readonly LexicalIndex[]): LexicalCollection {
  return { passages: collectionOf(indexes.map((index) => index.passages)), documents: collectionOf(indexes.map((index) => index.documents)) };
}

/**
 * A question's terms, each weighing 1 however often it is repeated: on SciFact train, counting
 * repeats lost 0.002 nDCG@10 (a claim repeats its subject, which then drowns the rest).
 */
export function questionTerms(question: string): Map<string, number> {
  return new Map(analyze(question).map((term) => [term, 1]));
}

/** The analyzer's terms of a text, for callers that weigh them themselves. */
export function textTerms(text: string): string[] {
  return analyze(text);
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
