import { readFileSync } from 'node:fs';

/** The rows of a JSON Lines file (BEIR's corpus.jsonl, queries.jsonl). */
export function readJsonLines<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as T);
}

/** BEIR relevance judgements (`query-id`, `corpus-id`, `score`, tab-separated, with a header): query → document → grade. */
export function readQrels(path: string): Map<string, Map<string, number>> {
  const qrels = new Map<string, Map<string, number>>();
  for (const line of readFileSync(path, 'utf8').split('\n').slice(1)) {
    const [queryId, docId, grade] = line.trim().split('\t');
    if (!queryId || !docId) continue;
    if (!qrels.has(queryId)) qrels.set(queryId, new Map());
    qrels.get(queryId)!.set(docId, Number(grade));
  }
  return qrels;
}
