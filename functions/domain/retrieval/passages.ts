import type { Citation, Passage } from '../../contracts/ports/passage';

/** The citations of the passages an answer used, in their order. */
export function citationsFrom(passages: readonly Passage[]): Citation[] {
  return passages.map((passage) => ({
    documentId: passage.documentId,
    name: passage.name,
    knowledgeBaseId: passage.knowledgeBaseId,
    snippet: passage.snippet,
    score: passage.score,
    sourceType: passage.sourceType,
    ...(passage.url !== undefined ? { url: passage.url } : {}),
  }));
}

/** §2: scores are 0..1 with 4 decimals. */
export function roundScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.round(Math.min(1, Math.max(0, score)) * 10_000) / 10_000;
}
