/**
 * Ranking quality as BEIR (pytrec_eval) scores it: `ranked` is document ids best first,
 * `relevant` maps judged documents to their grade.
 */

/** Normalised discounted cumulative gain of the first k, with gain 2^grade − 1. */
export function ndcgAt(k: number, ranked: readonly string[], relevant: ReadonlyMap<string, number>): number {
  const gain = (grade: number, position: number) => (2 ** grade - 1) / Math.log2(position + 2);
  const dcg = ranked.slice(0, k).reduce((sum, id, position) => sum + gain(relevant.get(id) ?? 0, position), 0);
  const ideal = [...relevant.values()].sort((a, b) => b - a).slice(0, k).reduce((sum, grade, position) => sum + gain(grade, position), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

/** Share of the relevant documents (grade above 0) found in the first k. */
export function recallAt(k: number, ranked: readonly string[], relevant: ReadonlyMap<string, number>): number {
  const wanted = [...relevant].filter(([, grade]) => grade > 0).map(([id]) => id);
  if (wanted.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return wanted.filter((id) => top.has(id)).length / wanted.length;
}
