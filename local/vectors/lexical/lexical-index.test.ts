import { describe, expect, it } from 'vitest';
import { BestRows } from './lexical-index';

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
