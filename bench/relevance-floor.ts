/**
 * How RELEVANCE_FLOOR (functions/domain/answering/relevance.ts) is chosen, on training data only:
 * the SciFact train claims, each of which has a relevant abstract in the corpus (on-topic), against
 * questions about software documentation asked of the same corpus (off-topic: bench/doc-questions,
 * none of which a biomedical abstract answers). For each question, the five passages the chat's
 * retrieval would hand over (the embedded BM25 index over the chunked abstracts, at most two of an
 * abstract), read as relevance.ts reads them: retrieval's score and the share of the question's
 * words a passage holds (coverage). Prints the chosen coverage floor (the highest that keeps
 * ON_TOPIC_KEPT of on-topic claims: coverage does not grow with the question's length, a score
 * does), beside what a score floor would be, and the spread of the relevant abstract's score
 * against the best passage's (the relative floor). Seconds to a minute; not part of npm test.
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
import { coverageOf, isAbout, questionTermsOf, RELEVANCE_FLOOR } from '../functions/domain/answering/relevance';

const SCIFACT_DIR = resolve(import.meta.dirname, '../../shared/eval/scifact');
const INDEX_NAME = 'relevance-floor';
/**
 * The share of on-topic questions the floor must keep. A question wrongly refused loses its answer
 * while a weak passage cited costs a reader a glance, and SciFact's claims are longer than the
 * how-to questions the chat gets (BM25 grows with the question), so the floor is the one that
 * refuses the most off-topic questions while keeping this many on-topic ones.
 */
const ON_TOPIC_KEPT = 0.99;

const corpus = readJsonLines<{ _id: string; title: string; text: string }>(join(SCIFACT_DIR, 'corpus.jsonl'));
const queries = new Map(readJsonLines<{ _id: string; text: string }>(join(SCIFACT_DIR, 'queries.jsonl')).map((query) => [query._id, query.text]));
const train = readQrels(join(SCIFACT_DIR, 'qrels', 'train.tsv'));
const onTopic = [...train.keys()].flatMap((id): Array<[string, string]> => (queries.get(id) ? [[id, queries.get(id)!]] : []));
const questionsDir = resolve(import.meta.dirname, 'doc-questions');
// The package sets are JSON lists of [question, pages]; python-docs.jsonl has a question object a line.
const offTopic = readdirSync(questionsDir).flatMap((file) =>
  file.endsWith('.jsonl')
    ? readJsonLines<{ question: string }>(join(questionsDir, file)).map((line) => line.question)
    : (JSON.parse(readFileSync(join(questionsDir, file), 'utf8')) as Array<[string, string[]]>).map(([question]) => question),
);

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
  // The five passages the chat would hand the answer step (at most two of an abstract), as the chat's relevance rule reads them.
  const topFive = async (question: string) => {
    const hits = await index.query(INDEX_NAME, { text: question, topK: 50 });
    const perDocument = new Map<string, number>();
    const kept = hits.filter((hit) => {
      const seen = perDocument.get(hit.sourceId) ?? 0;
      perDocument.set(hit.sourceId, seen + 1);
      return seen < 2;
    });
    return kept.slice(0, 5).map((hit) => ({ sourceId: hit.sourceId, score: hit.score, text: hit.text, name: hit.metadata.name, headings: hit.metadata.headings }));
  };
  const features = async (question: string) => {
    const passages = await topFive(question);
    const terms = questionTermsOf({ question });
    return { passages, coverage: passages.map((passage) => coverageOf(passage, terms)) };
  };
  const on = await Promise.all(onTopic.map(([, question]) => features(question)));
  const off = await Promise.all(offTopic.map(features));
  // About the documents: some passage scores at least `score` and holds at least `coverage` of the question's words.
  const about = (item: Awaited<ReturnType<typeof features>>, score: number, coverage: number) => item.passages.some((passage, at) => passage.score >= score && (item.coverage[at] ?? 0) >= coverage);
  let chosen = { score: 0, coverage: 0, balanced: 0, onKept: 0, offRefused: 0 };
  let constrained = { score: 0, coverage: 0, balanced: 0, onKept: 0, offRefused: 0 };
  for (let score = 0; score <= 0.9001; score += 0.01) {
    for (let coverage = 0; coverage <= 1.0001; coverage += 0.05) {
      const onKept = on.filter((item) => about(item, score, coverage)).length / on.length;
      const offRefused = off.filter((item) => !about(item, score, coverage)).length / off.length;
      const balanced = (onKept + offRefused) / 2;
      // Ties go to the lower floor: a question wrongly refused costs more than a weak passage cited.
      if (balanced > chosen.balanced + 1e-9) chosen = { score: Number(score.toFixed(2)), coverage: Number(coverage.toFixed(2)), balanced, onKept, offRefused };
      if (onKept >= ON_TOPIC_KEPT && offRefused > constrained.offRefused + 1e-9) constrained = { score: Number(score.toFixed(2)), coverage: Number(coverage.toFixed(2)), balanced, onKept, offRefused };
    }
  }
  const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!.toFixed(3);
  const bestScore = (item: Awaited<ReturnType<typeof features>>) => item.passages[0]?.score ?? 0;
  const bestCoverage = (item: Awaited<ReturnType<typeof features>>) => Math.max(0, ...item.coverage);
  console.log(`On-topic (SciFact train, ${on.length}): best passage score p5 ${quantile(on.map(bestScore), 0.05)}, p50 ${quantile(on.map(bestScore), 0.5)}; best coverage p5 ${quantile(on.map(bestCoverage), 0.05)}, p50 ${quantile(on.map(bestCoverage), 0.5)}.`);
  console.log(`Off-topic (doc questions, ${off.length}): best passage score p50 ${quantile(off.map(bestScore), 0.5)}, p95 ${quantile(off.map(bestScore), 0.95)}; best coverage p50 ${quantile(off.map(bestCoverage), 0.5)}, p95 ${quantile(off.map(bestCoverage), 0.95)}.`);
  console.log(`Score and coverage together (off-topic refused most, on-topic kept >= ${ON_TOPIC_KEPT * 100} %): score >= ${constrained.score} and coverage >= ${constrained.coverage}: on-topic kept ${(constrained.onKept * 100).toFixed(1)} %, off-topic refused ${(constrained.offRefused * 100).toFixed(1)} %.`);
  console.log(`Best balanced accuracy: score >= ${chosen.score} and coverage >= ${chosen.coverage}: on-topic kept ${(chosen.onKept * 100).toFixed(1)} %, off-topic refused ${(chosen.offRefused * 100).toFixed(1)} % (balanced accuracy ${(chosen.balanced * 100).toFixed(1)} %).`);
  const scoreOnly = { score: 0, balanced: 0 };
  for (let score = 0; score <= 0.9001; score += 0.01) {
    const balanced = (on.filter((item) => bestScore(item) >= score).length / on.length + off.filter((item) => bestScore(item) < score).length / off.length) / 2;
    if (balanced > scoreOnly.balanced + 1e-9) Object.assign(scoreOnly, { score: Number(score.toFixed(2)), balanced });
  }
  const coverageOnly = { coverage: 0, onKept: 1, offRefused: 0 };
  for (let coverage = 0; coverage <= 1.0001; coverage += 0.01) {
    const onKept = on.filter((item) => bestCoverage(item) >= coverage).length / on.length;
    const offRefused = off.filter((item) => bestCoverage(item) < coverage).length / off.length;
    if (onKept >= ON_TOPIC_KEPT) Object.assign(coverageOnly, { coverage: Number(coverage.toFixed(2)), onKept, offRefused });
  }
  console.log(`Chosen floor, coverage alone (length-free), on-topic kept >= ${ON_TOPIC_KEPT * 100} %: coverage >= ${coverageOnly.coverage}: on-topic kept ${(coverageOnly.onKept * 100).toFixed(1)} %, off-topic refused ${(coverageOnly.offRefused * 100).toFixed(1)} %.`);
  // A long question's page may hold only a few of its many words (RELEVANCE_FLOOR.terms): what the chat's rule, with that, keeps and refuses.
  const aboutAsChat = (item: Awaited<ReturnType<typeof features>>, question: string) => {
    const size = questionTermsOf({ question }).size;
    return item.passages.some((_passage, at) => isAbout(Math.round((item.coverage[at] ?? 0) * size), item.coverage[at] ?? 0));
  };
  const chatKept = on.filter((item, at) => aboutAsChat(item, onTopic[at]![1])).length / on.length;
  const chatRefused = off.filter((item, at) => !aboutAsChat(item, offTopic[at]!)).length / off.length;
  console.log(`The chat's floor (coverage >= ${RELEVANCE_FLOOR.coverage}, or ${RELEVANCE_FLOOR.terms} terms and coverage >= ${RELEVANCE_FLOOR.termsCoverage}): on-topic kept ${(chatKept * 100).toFixed(1)} %, off-topic refused ${(chatRefused * 100).toFixed(1)} %.`);
  console.log(`(Score alone: best floor ${scoreOnly.score}, balanced accuracy ${(scoreOnly.balanced * 100).toFixed(1)} %.)`);
  // The relative floor: a relevant abstract's passage among the five, against the best passage's score, on the claims it is found for.
  const ratios = on.flatMap((item, at) => {
    const relevant = train.get(onTopic[at]![0])!;
    const best = bestScore(item);
    const hit = item.passages.find((passage) => relevant.has(passage.sourceId));
    return hit && best > 0 ? [hit.score / best] : [];
  });
  console.log(`Relevant abstract among the five for ${ratios.length} claims: its score / the best one's min ${quantile(ratios, 0)}, p1 ${quantile(ratios, 0.01)}, p2 ${quantile(ratios, 0.02)}, p5 ${quantile(ratios, 0.05)}.`);
} finally {
  await index.close();
  rmSync(dataDir, { recursive: true, force: true });
}
