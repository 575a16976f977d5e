import { describe, expect, it } from 'vitest';
import { BestRows, KeptCollections, LexicalIndex } from './lexical-index';

describe('best rows', () => {
  it('keeps the best `limit` rows, best first, an earlier row ahead on a tie', () => {
    const best = new BestRows(3);
    [[0, 1], [1, 5], [2, 3], [3, 5], [4, 0.5], [5, 4], [6, 3]].forEach(([row, score]) => best.offer(row!, score!));
    expect(best.rows()).toEqual([
      { row: 1, score: 5 },
      { row: 3, score: 5 },
      { row: 5, score: 4 },
    ]);
  });

  it('agrees with a full sort on many rows', () => {
    const scores = Array.from({ length: 500 }, (_, row) => ((row * 7919) % 101) / 7);
    const best = new BestRows(40);
    scores.forEach((score, row) => best.offer(row, score));
    const sorted = scores.map((score, row) => ({ row, score })).sort((a, b) => b.score - a.score || a.row - b.row).slice(0, 40);
    expect(best.rows()).toEqual(sorted);
  });
});

describe('kept collections', () => {
  const index = (...texts: string[]) =>
    new LexicalIndex(texts.map((text, row) => ({ id: `r${row}`, sourceId: `s${row}`, sourceType: 'file' as const, text, searchText: text, metadata: { name: `s${row}`, chunkIndex: 0 } })));

  it("keeps a set's collection while it holds the same indexes, and builds a new one when one is rebuilt or dropped", () => {
    const kept = new KeptCollections();
    const [a, b] = [index('red apples', 'green apples'), index('ripe pears')];
    const first = kept.of('a\nb', [a, b]);
    expect(first.passages.stems.rows).toBe(3);
    expect(first.passages.stems.documentFrequency('appl')).toBe(2);
    expect(kept.of('a\nb', [a, b])).toBe(first);

    const rebuilt = index('red apples', 'green apples', 'apple pie');
    const second = kept.of('a\nb', [rebuilt, b]);
    expect(second).not.toBe(first);
    expect(second.passages.stems.documentFrequency('appl')).toBe(3);

    kept.forget('b');
    expect(kept.of('a\nb', [rebuilt, b])).not.toBe(second);
  });
});
