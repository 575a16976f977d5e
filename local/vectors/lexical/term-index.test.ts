import { describe, expect, it } from 'vitest';
import { collectionOf, inverseDocumentFrequency, TermIndex, weightedTerms, type CollectionStatistics } from './term-index';

const PARAMETERS = { k1: 1.2, b: 0.75 };
const one = (term: string) => new Map([[term, 1]]);

/** Adds `index`'s BM25 for the question's terms (term → weight) in `collection` to `scores`. */
function addScores(index: TermIndex, question: Map<string, number>, collection: CollectionStatistics, scores: Float64Array): void {
  index.addScores(weightedTerms(question.keys(), collection, (term) => question.get(term)!), collection.averageLength, PARAMETERS, scores);
}

describe('BM25 term index', () => {
  const rows = [['kestrel', 'cliff'], ['kestrel', 'kestrel', 'kestrel', 'vole', 'meadow', 'grass'], ['falcon']];
  const index = new TermIndex(rows);

  it('scores with Okapi BM25 and Lucene’s idf', () => {
    const scores = new Float64Array(3);
    addScores(index, one('kestrel'), collectionOf([index]), scores);
    const idf = inverseDocumentFrequency(2, 3);
    const averageLength = 9 / 3;
    const bm25 = (frequency: number, length: number) => (idf * frequency * 2.2) / (frequency + 1.2 * (0.25 + (0.75 * length) / averageLength));
    expect(scores[0]).toBeCloseTo(bm25(1, 2), 10);
    expect(scores[1]).toBeCloseTo(bm25(3, 6), 10);
    expect(scores[2]).toBe(0);
  });

  it('weighs each term of the question by the weight it is given, and ignores unknown terms', () => {
    const once = new Float64Array(3);
    const twice = new Float64Array(3);
    addScores(index, new Map([['falcon', 1], ['osprey', 1]]), collectionOf([index]), once);
    addScores(index, new Map([['falcon', 2]]), collectionOf([index]), twice);
    expect(once[2]).toBeGreaterThan(0);
    expect(twice[2]).toBeCloseTo(2 * once[2]!, 10);
  });

  it('takes statistics over every index of a collection, so split rows score as one index would', () => {
    const whole = new Float64Array(3);
    addScores(index, one('kestrel'), collectionOf([index]), whole);
    const first = new TermIndex(rows.slice(0, 1));
    const rest = new TermIndex(rows.slice(1));
    const collection = collectionOf([first, rest]);
    expect(collection.rows).toBe(3);
    expect(collection.averageLength).toBe(3);
    expect(collection.documentFrequency('kestrel')).toBe(2);
    const firstScores = new Float64Array(1);
    const restScores = new Float64Array(2);
    addScores(first, one('kestrel'), collection, firstScores);
    addScores(rest, one('kestrel'), collection, restScores);
    expect([...firstScores, ...restScores]).toEqual([...whole]);
  });

  it('never gives a term in every row a negative weight', () => {
    expect(inverseDocumentFrequency(10, 10)).toBeGreaterThan(0);
  });
});
