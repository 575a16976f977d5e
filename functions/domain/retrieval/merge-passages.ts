import type { Passage } from './passages';
import { wordsOf } from './query-terms';

/** Word-set overlap above which two chunks say the same thing (the same file in two knowledge bases, a page crawled twice). */
export const NEAR_DUPLICATE_SIMILARITY = 0.9;

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * The best `topK` passages of several knowledge bases, by score (ties: the caller's order of
 * knowledge bases, then document), keeping only the best of near-identical chunks.
 */
export function mergePassages(rankings: readonly Passage[][], topK: number): Passage[] {
  const ordered = rankings
    .flatMap((passages, rank) => passages.map((passage) => ({ passage, rank })))
    .sort((a, b) => b.passage.score - a.passage.score || a.rank - b.rank || a.passage.documentId.localeCompare(b.passage.documentId))
    .map(({ passage }) => passage);
  const kept: Array<{ passage: Passage; words: Set<string> }> = [];
  for (const passage of ordered) {
    if (kept.length >= topK) break;
    const words = new Set(wordsOf(passage.text));
    if (kept.some((other) => jaccard(other.words, words) >= NEAR_DUPLICATE_SIMILARITY)) continue;
    kept.push({ passage, words });
  }
  return kept.map(({ passage }) => passage);
}
