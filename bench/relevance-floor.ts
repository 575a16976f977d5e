/**
 * How RETRIEVAL_FLOOR (extractive-answerer.ts) is chosen, on training data only: the SciFact train
 * claims, each of which has a relevant abstract in the corpus (on-topic), against questions about
 * software documentation asked of the same corpus (off-topic: bench/doc-questions, none of which a
 * biomedical abstract answers). For each question, the score of the best passage the chat's
 * retrieval would hand the answerer (the embedded BM25 index over the chunked abstracts); the floor
 * is the score that best separates the two (balanced accuracy), printed with the rates around it.
 * Seconds to a minute; not part of npm test.
 *
 *   npx tsx bench/relevance-floor.ts
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chunkDocument } from '../functions/domain/chunking/chunk-document';
import type { IndexRecord } from '../functions/contracts/ports/vectors';
import { createLanceDbIndex } from '../local/vectors/lancedb-index';
import { readJsonLines, readQrels } from './beir-files';

const SCIFACT_DIR = resolve(import.meta.dirname, '../../shared/eval/scifact');
const INDEX_NAME = 'relevance-floor';

const corpus = readJsonLines<{ _id: string; title: string; text: string }>(join(SCIFACT_DIR, 'corpus.jsonl'));
const queries = new Map(readJsonLines<{ _id: string; text: string }>(join(SCIFACT_DIR, 'queries.jsonl')).map((query) => [query._id, query.text]));
const train = readQrels(join(SCIFACT_DIR, 'qrels', 'train.tsv'));
const onTopic = [...train.keys()].map((id) => queries.get(id) ?? '').filter(Boolean);
const questionsDir = resolve(import.meta.dirname, 'doc-questions');
const offTopic = readdirSync(questionsDir).flatMap((file) => (JSON.parse(readFileSync(join(questionsDir, file), 'utf8')) as Array<[string, string[]]>).map(([question]) => question));

const records: IndexRecord[] = corpus.flatMap((doc) =>
  chunkDocument({ text: `# ${doc.title}\n\n${doc.text}`, sections: [] }, { chunkSize: 500, overlap: 50 }).map((chunk) => ({
    id: `${doc._id}#${chunk.index}`,
    sourceId: doc._id,
    sourceType: 'file' as const,
    text: chunk.text,
    metadata: { name: `${doc._id}.md`, chunkIndex: chunk.index },
  })),
);
const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-floor-'));
const index = createLanceDbIndex({ dataDir });
try {
  await index.ensureIndex(INDEX_NAME, null);
  for (let start = 0; start < records.length; start += 1000) await index.upsert(INDEX_NAME, records.slice(start, start + 1000));
  await index.refresh(INDEX_NAME);
  const best = async (question: string) => (await index.query(INDEX_NAME, { text: question, topK: 1 }))[0]?.score ?? 0;
  const on = await Promise.all(onTopic.map(best));
  const off = await Promise.all(offTopic.map(best));
  let chosen = { floor: 0, balanced: 0, onKept: 0, offRefused: 0 };
  for (let floor = 0.05; floor <= 0.9; floor += 0.01) {
    const onKept = on.filter((score) => score >= floor).length / on.length;
    const offRefused = off.filter((score) => score < floor).length / off.length;
    const balanced = (onKept + offRefused) / 2;
    if (balanced > chosen.balanced) chosen = { floor: Number(floor.toFixed(2)), balanced, onKept, offRefused };
  }
  const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!.toFixed(3);
  console.log(`On-topic (SciFact train, ${on.length}): best passage score p5 ${quantile(on, 0.05)}, p50 ${quantile(on, 0.5)}; off-topic (doc questions, ${off.length}): p50 ${quantile(off, 0.5)}, p95 ${quantile(off, 0.95)}.`);
  console.log(`Floor ${chosen.floor}: on-topic kept ${(chosen.onKept * 100).toFixed(1)} %, off-topic refused ${(chosen.offRefused * 100).toFixed(1)} % (balanced accuracy ${(chosen.balanced * 100).toFixed(1)} %).`);
} finally {
  await index.close();
  rmSync(dataDir, { recursive: true, force: true });
}
