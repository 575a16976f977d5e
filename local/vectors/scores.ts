/**
 * How the embedded index turns its raw scores into the port's 0..1 (higher is better).
 *
 * BM25 has no upper bound and grows with the number of query terms, so it is saturated as
 * s / (s + k): monotone (the order is BM25's), independent of the other hits (a lone weak match
 * stays weak, unlike min-max scaling, which would call it 1), and comparable across indexes, which
 * matters when an application searches several knowledge bases.
 */
export const BM25_HALF_SCORE = 10;

export function bm25Score(raw: number): number {
  return raw > 0 ? raw / (raw + BM25_HALF_SCORE) : 0;
}

/** RRF's constant, from Cormack et al. (2009); also LanceDB's and Elasticsearch's default. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion of ranked id lists: sum of 1 / (k + rank). Divided by the best possible
 * sum (first in every list), so 1 means first everywhere and a record first in one of two lists
 * and absent from the other scores 0.5.
 */
export function reciprocalRankFusion(rankings: string[][], k = RRF_K): Map<string, number> {
  const fused = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, position) => fused.set(id, (fused.get(id) ?? 0) + 1 / (k + position + 1)));
  }
  const best = rankings.length / (k + 1);
  for (const [id, sum] of fused) fused.set(id, sum / best);
  return fused;
}
