/**
 * A retrieval-quality check to run by hand (not part of `npm test`): BEIR SciFact through the real
 * pipeline (chunker → embedded index: LanceDB rows, in-memory BM25), scored like BEIR (nDCG@10, recall@100 over
 * documents, a document scoring as its best chunk).
 *
 *   npx tsx bench/scifact-index-check.ts [--split test|train] [--chunk-size 500] [--overlap 50] [--no-title]
 *
 * Tune on train; report test. Published BM25 on the test split: 0.679 nDCG@10 (Anserini).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chunkDocument } from '../functions/domain/chunking/chunk-document';
import type { IndexRecord } from '../functions/contracts/ports/vectors';
import { createLanceDbIndex } from '../local/vectors/lancedb-index';
import { readJsonLines, readQrels } from './beir-files';
import { ndcgAt, recallAt } from './ranking-metrics';

const SCIFACT_DIR = resolve(import.meta.dirname, '../../shared/eval/scifact');
const INDEX_NAME = 'scifact-smoke';

const { values: args } = parseArgs({
  options: {
    split: { type: 'string', default: 'test' },
    'chunk-size': { type: 'string', default: '500' },
    overlap: { type: 'string', default: '50' },
    'no-title': { type: 'boolean', default: false },
  },
});

async function main() {
  const chunkSize = Number(args['chunk-size']);
  const overlap = Number(args.overlap);
  const corpus = readJsonLines<{ _id: string; title: string; text: string }>(join(SCIFACT_DIR, 'corpus.jsonl'));
  const queries = new Map(readJsonLines<{ _id: string; text: string }>(join(SCIFACT_DIR, 'queries.jsonl')).map((query) => [query._id, query.text]));
  const qrels = readQrels(join(SCIFACT_DIR, 'qrels', `${args.split}.tsv`));

  const records: IndexRecord[] = corpus.flatMap((doc) =>
    chunkDocument({ text: doc.text, sections: [] }, { chunkSize, overlap }).map((chunk) => ({
      id: `${doc._id}#${chunk.index}`,
      sourceId: doc._id,
      sourceType: 'file' as const,
      text: chunk.text,
      // The title rides in as the record's name, which the index searches with every chunk.
      metadata: { name: args['no-title'] ? '' : doc.title, chunkIndex: chunk.index },
    })),
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-scifact-'));
  const index = createLanceDbIndex({ dataDir });
  try {
    let started = performance.now();
    await index.ensureIndex(INDEX_NAME, null);
    for (let start = 0; start < records.length; start += 1000) await index.upsert(INDEX_NAME, records.slice(start, start + 1000));
    await index.refresh(INDEX_NAME);
    const indexSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    let ndcg = 0;
    let recall = 0;
    for (const [queryId, relevant] of qrels) {
      const hits = await index.query(INDEX_NAME, { text: queries.get(queryId) ?? '', topK: 1000 });
      const best = new Map<string, number>();
      for (const hit of hits) best.set(hit.sourceId, Math.max(best.get(hit.sourceId) ?? 0, hit.score));
      const ranked = [...best.entries()].sort((a, b) => b[1] - a[1]).map(([docId]) => docId);
      ndcg += ndcgAt(10, ranked, relevant);
      recall += recallAt(100, ranked, relevant);
    }
    const queryMs = (performance.now() - started) / qrels.size;

    console.log(
      [
        `SciFact ${args.split}: ${qrels.size} queries, ${corpus.length} documents → ${records.length} chunks`,
        `(chunk size ${chunkSize}, overlap ${overlap}, title ${args['no-title'] ? 'not searched' : 'searched with every chunk'})`,
        `nDCG@10 ${(ndcg / qrels.size).toFixed(3)}  recall@100 ${(recall / qrels.size).toFixed(3)}`,
        `indexing ${indexSeconds.toFixed(1)} s, ${queryMs.toFixed(1)} ms per query`,
      ].join('\n'),
    );
  } finally {
    await index.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
