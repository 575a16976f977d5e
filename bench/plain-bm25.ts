/**
 * The reference issue 17 and git-docs-qa compare the chat with: whole-file BM25 (k1 0.9, b 0.4),
 * words as `\w+` of the lowercased text, no stemming, no stop words, each distinct query word once,
 * idf ln(1 + (N − df + 0.5)/(df + 0.5)), ties by id. Deliberately not the product's analyser: it is
 * the plain script a person would write, so the chat has to beat it, not match it.
 */
/** An HTML page's text as plain BM25 reads it: scripts, styles and tags dropped, entities left as they are. */
export const visibleText = (html: string) => html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ');

const K1 = 0.9;
const B = 0.4;
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

export function plainBm25(documents: Array<{ id: string; text: string }>): (query: string, limit: number) => string[] {
  const frequencies = documents.map((document) => {
    const counts = new Map<string, number>();
    const tokens = words(document.text);
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    return { id: document.id, counts, length: tokens.length };
  });
  const averageLength = frequencies.reduce((sum, document) => sum + document.length, 0) / Math.max(1, frequencies.length);
  const documentFrequency = new Map<string, number>();
  for (const document of frequencies) for (const token of document.counts.keys()) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
  const n = frequencies.length;
  return (query, limit) => {
    const terms = [...new Set(words(query))];
    return frequencies
      .map((document) => {
        let score = 0;
        for (const term of terms) {
          const tf = document.counts.get(term) ?? 0;
          if (tf === 0) continue;
          const df = documentFrequency.get(term) ?? 0;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * document.length) / averageLength));
        }
        return { id: document.id, score };
      })
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit)
      .map((document) => document.id);
  };
}
