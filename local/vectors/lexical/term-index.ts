/**
 * An in-memory inverted index of rows of text, scored with Okapi BM25. Immutable once built: an
 * index version is written once per deploy and read many times, so rows are numbered 0..n-1 and
 * postings are typed arrays, which keeps a 20k-passage index at a few megabytes and a query of a
 * dozen terms well under a millisecond.
 */

export interface Bm25Parameters {
  /** How fast repeated occurrences of a term stop adding to a row's score. */
  k1: number;
  /** How much a long row is penalised for being long (0 none, 1 fully). */
  b: number;
}

interface Postings {
  rows: Int32Array;
  frequencies: Uint16Array;
  /** The term-frequency parts last computed (saturationOf), and for which average length and parameters. */
  saturation?: { averageLength: number; k1: number; b: number; values: Float64Array };
}

/** What BM25 needs to know about the whole collection a question searches, which may span several TermIndexes. */
export interface CollectionStatistics {
  rows: number;
  averageLength: number;
  /** Rows of the collection holding the term. */
  documentFrequency(term: string): number;
}

/** A question's term and what one occurrence of it weighs: its idf in the collection searched, times its field's weight. */
export interface WeightedTerm {
  term: string;
  weight: number;
}

/** `terms`, each weighted by `weight(term)` times its idf in `collection`: computed once per question, then searched in every index of the collection. */
export function weightedTerms(terms: Iterable<string>, collection: CollectionStatistics, weight: (term: string) => number = () => 1): WeightedTerm[] {
  return [...terms].map((term) => ({ term, weight: weight(term) * inverseDocumentFrequency(collection.documentFrequency(term), collection.rows) }));
}

/** Lucene's BM25 idf: never negative, however common the term. */
export function inverseDocumentFrequency(documentFrequency: number, rows: number): number {
  return Math.log(1 + (rows - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

export class TermIndex {
  readonly rows: number;
  readonly totalLength: number;
  private readonly lengths: Uint32Array;
  private readonly postings: Map<string, Postings>;

  constructor(rowTerms: Iterable<string[]> | { lengths: Uint32Array; postings: Map<string, Postings> }) {
    if ('lengths' in rowTerms) {
      this.lengths = rowTerms.lengths;
      this.postings = rowTerms.postings;
    } else {
      const building = new Map<string, { rows: number[]; frequencies: number[] }>();
      const lengths: number[] = [];
      let row = 0;
      for (const terms of rowTerms) {
        lengths.push(terms.length);
        const counts = new Map<string, number>();
        for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
        for (const [term, count] of counts) {
          let list = building.get(term);
          if (!list) building.set(term, (list = { rows: [], frequencies: [] }));
          list.rows.push(row);
          list.frequencies.push(Math.min(count, 0xffff));
        }
        row++;
      }
      this.lengths = Uint32Array.from(lengths);
      this.postings = new Map([...building].map(([term, list]) => [term, { rows: Int32Array.from(list.rows), frequencies: Uint16Array.from(list.frequencies) }]));
    }
    this.rows = this.lengths.length;
    this.totalLength = this.lengths.reduce((sum, length) => sum + length, 0);
  }

  /**
   * The rows of `indexes` as one index, in order: the rows of the second numbered after the
   * first's, and so on. What it scores is what each of them scores against the same collection,
   * in one pass over a term's postings instead of one per index.
   */
  static joined(indexes: readonly TermIndex[]): TermIndex {
    const sizes = new Map<string, number>();
    for (const index of indexes) for (const [term, postings] of index.postings) sizes.set(term, (sizes.get(term) ?? 0) + postings.rows.length);
    const postings = new Map<string, Postings>();
    for (const [term, size] of sizes) postings.set(term, { rows: new Int32Array(size), frequencies: new Uint16Array(size) });
    const filled = new Map<string, number>();
    const lengths = new Uint32Array(indexes.reduce((sum, index) => sum + index.rows, 0));
    let offset = 0;
    for (const index of indexes) {
      lengths.set(index.lengths, offset);
      for (const [term, { rows, frequencies }] of index.postings) {
        const into = postings.get(term)!;
        const at = filled.get(term) ?? 0;
        for (let position = 0; position < rows.length; position++) into.rows[at + position] = rows[position]! + offset;
        into.frequencies.set(frequencies, at);
        filled.set(term, at + rows.length);
      }
      offset += index.rows;
    }
    return new TermIndex({ lengths, postings });
  }

  documentFrequency(term: string): number {
    return this.postings.get(term)?.rows.length ?? 0;
  }

  /** Every term with the rows holding it and how often: the term-row matrix, a term at a time. */
  *terms(): IterableIterator<{ term: string; rows: Int32Array; frequencies: Uint16Array }> {
    for (const [term, { rows, frequencies }] of this.postings) yield { term, rows, frequencies };
  }

  /**
   * Adds each row's BM25 for the question's terms to `scores` (indexed by row). The terms come
   * weighted by their idf in the collection searched (weightedTerms), and `averageLength` is the
   * collection's, so that rows of different indexes searched for one question score on one scale.
   */
  addScores(terms: readonly WeightedTerm[], averageLength: number, parameters: Bm25Parameters, scores: Float64Array): void {
    for (const { term, weight } of terms) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      const rows = postings.rows;
      const saturation = this.saturationOf(postings, averageLength, parameters);
      for (let position = 0; position < rows.length; position++) {
        const row = rows[position]!;
        scores[row] = scores[row]! + weight * saturation[position]!;
      }
    }
  }

  /**
   * BM25's term-frequency part of each posting, `f·(k1+1) / (f + k1·(1 − b + b·length/average))`,
   * kept with the posting list: an application asks its indexes with the same collection (so the
   * same average length) send after send, and a term's list is then one multiply-add per row.
   */
  private saturationOf(postings: Postings, collectionAverageLength: number, parameters: Bm25Parameters): Float64Array {
    const averageLength = collectionAverageLength > 0 ? collectionAverageLength : 1;
    const { k1, b } = parameters;
    const kept = postings.saturation;
    if (kept && kept.averageLength === averageLength && kept.k1 === k1 && kept.b === b) return kept.values;
    const { rows, frequencies } = postings;
    const values = new Float64Array(rows.length);
    for (let position = 0; position < rows.length; position++) {
      const frequency = frequencies[position]!;
      values[position] = (frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * this.lengths[rows[position]!]!) / averageLength));
    }
    postings.saturation = { averageLength, k1, b, values };
    return values;
  }
}

/** The statistics of several indexes searched as one collection. */
export function collectionOf(indexes: readonly TermIndex[]): CollectionStatistics {
  const rows = indexes.reduce((sum, index) => sum + index.rows, 0);
  const totalLength = indexes.reduce((sum, index) => sum + index.totalLength, 0);
  const frequencies = new Map<string, number>();
  return {
    rows,
    averageLength: rows > 0 ? totalLength / rows : 0,
    documentFrequency(term) {
      let frequency = frequencies.get(term);
      if (frequency === undefined) {
        frequency = indexes.reduce((sum, index) => sum + index.documentFrequency(term), 0);
        frequencies.set(term, frequency);
      }
      return frequency;
    },
  };
}
