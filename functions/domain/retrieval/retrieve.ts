import { logger } from '../../observability/logger';
import type { Ports } from '../../contracts/ports/ports';
import type { EmbeddingsPort } from '../../contracts/ports/embeddings';
import { knowledgeBaseIndexName, type IndexHit, type IndexQuery, type VectorIndexPort } from '../../contracts/ports/vectors';
import { KnowledgeBaseRepository } from '../knowledge-bases/knowledge-base-repository';
import { mergePassages } from './merge-passages';
import { documentKeyOf, type Passage } from '../../contracts/ports/passage';
import { roundScore } from './passages';
import { snippetFor } from './snippet';
import { restOfSentence } from '../chunking/following-text';
import { contentTerms } from '../text-analysis/analyzers';
import { namesInCode } from '../text-analysis/code-names';

export { citationsFrom } from './passages';

export const DEFAULT_TOP_K = 6;
/** Most passages one call returns. */
export const MAX_TOP_K = 50;
/**
 * Hits asked of each knowledge base: many more than `topK` in all, so dropping near-duplicates and a
 * document's passages past MAX_PASSAGES_PER_DOCUMENT still leaves five documents. A long page whose
 * every chunk shares the question's words fills 20 hits alone (Git's user manual, a how-to on
 * reverting merges: one or two documents in 20 hits for a quarter of git-docs-qa's questions), so
 * a lone knowledge base is asked for 20 × topK (S3 Vectors answers at most 100). Several share
 * twice that depth, each asked for at least 4 × topK: every hit is a passage to build and merge,
 * and 100 from each of SciFact's 11 knowledge bases tripled the CPU of a chat send
 * (bench/README.md). Twice, because a documentation set of more than 500 files (a knowledge base's
 * most) is split in two, and each half holds long pages as the whole did: Django's 538 pages at 50
 * hits each lost a cited page and two answers' key facts (cited hit@5 0.925, key facts 0.475; at
 * 100 each 0.950 and 0.525, as in one knowledge base).
 */
export const PER_INDEX_DEPTH = (topK: number, knowledgeBases: number) => {
  const whole = Math.min(100, topK * 20);
  return Math.min(whole, Math.max(topK * 4, Math.ceil((2 * whole) / Math.max(1, knowledgeBases))));
};
/**
 * Most passages of one document an answer is given (issue 17): with more, the five passages of a
 * chat came from one or two documents most of the time, and a right page ranked third or fourth
 * never reached the answer. A document still ranks as its best passage, so rankings do not change.
 */
export const MAX_PASSAGES_PER_DOCUMENT = 2;

/** A knowledge base the caller may read. `active_index_version` is looked up when not given. */
export interface RetrievalKnowledgeBase {
  id: string;
  name: string;
  active_index_version?: number | null;
}

export interface RetrievalRequest {
  organizationId: string;
  /** Only the caller's accessible knowledge bases (§1.3): retrieval does not check access. */
  knowledgeBases: RetrievalKnowledgeBase[];
  query: string;
  /** Default 6, at most 50. */
  topK?: number;
}

export type RetrievalPorts = Pick<Ports, 'database' | 'vectors' | 'embeddings'>;

/**
 * - `lexical`: BM25 only, when no embeddings model is configured (offline);
 * - `hybrid`: BM25 and the query vector, fused by reciprocal rank in the index;
 * - `vector`: the query vector only, on an index without full text (S3 Vectors).
 */
export type RetrievalMode = 'lexical' | 'hybrid' | 'vector';

export class RetrievalUnavailableError extends Error {
  constructor() {
    super('No embeddings model is configured and the vector index cannot search text: nothing can be retrieved');
  }
}

export function retrievalMode(vectors: Pick<VectorIndexPort, 'supportsFullText'>, embeddings: Pick<EmbeddingsPort, 'adapter'>): RetrievalMode {
  if (embeddings.adapter === 'none') {
    if (!vectors.supportsFullText) throw new RetrievalUnavailableError();
    return 'lexical';
  }
  return vectors.supportsFullText ? 'hybrid' : 'vector';
}

/**
 * The passages of the given knowledge bases that best answer `query`, best first: each knowledge
 * base's active index version is searched (lexical, hybrid or vector, see RetrievalMode), the
 * hits are merged by score and near-identical chunks are kept once. A knowledge base without an
 * index yet contributes nothing. A knowledge base whose search fails is left out (and logged);
 * when every one fails, the first failure is thrown, so "nothing found" is never an outage.
 */
export async function retrievePassages(ports: RetrievalPorts, request: RetrievalRequest): Promise<Passage[]> {
  const topK = Math.min(MAX_TOP_K, Math.max(1, Math.floor(request.topK ?? DEFAULT_TOP_K)));
  return rankPassages(ports, request, { topK, perIndexDepth: PER_INDEX_DEPTH(topK, request.knowledgeBases.length), perDocument: MAX_PASSAGES_PER_DOCUMENT, alongside: true });
}

/**
 * retrievePassages without its product limits, for evaluations (bench/retrieval.ts) that need a
 * ranking deeper than a prompt holds (recall@100) from exactly the code the chat runs.
 * `perIndexDepth` is what each knowledge base's index is asked for (LanceDB: up to 1000).
 */
export async function rankPassages(ports: RetrievalPorts, request: RetrievalRequest, depth: { topK: number; perIndexDepth: number; perDocument?: number; alongside?: boolean }): Promise<Passage[]> {
  const query = request.query.trim();
  if (query === '' || request.knowledgeBases.length === 0) return [];
  const topK = depth.topK;
  const mode = retrievalMode(ports.vectors, ports.embeddings);
  const vector = mode === 'lexical' ? undefined : (await ports.embeddings.embed([query], 'query'))[0];
  const indexQuery: IndexQuery = { ...(mode !== 'vector' ? { text: query } : {}), ...(vector ? { vector } : {}), topK: depth.perIndexDepth };

  const versions = await Promise.all(request.knowledgeBases.map((knowledgeBase) => versionToSearch(ports, request.organizationId, knowledgeBase)));
  const alongside = request.knowledgeBases.flatMap((knowledgeBase, position) => {
    const version = versions[position];
    return version === undefined ? [] : [knowledgeBaseIndexName(knowledgeBase.id, version)];
  });
  const results = await Promise.allSettled(
    request.knowledgeBases.map((knowledgeBase, position) => searchKnowledgeBase(ports, request.organizationId, knowledgeBase.id, versions[position], { ...indexQuery, alongside })),
  );
  const failures = results.flatMap((result, position) => (result.status === 'rejected' ? [{ knowledgeBaseId: request.knowledgeBases[position]?.id, reason: result.reason as Error }] : []));
  for (const failure of failures) logger.warn('Retrieval left out a knowledge base whose search failed', { knowledgeBaseId: failure.knowledgeBaseId, error: failure.reason?.message });
  if (failures.length === results.length) throw failures[0]?.reason;

  const rankings = results.map((result, position) => {
    const knowledgeBase = request.knowledgeBases[position] as RetrievalKnowledgeBase;
    return result.status === 'fulfilled' ? result.value.map((hit) => toPassage(hit, knowledgeBase.id)) : [];
  });
  // Snippets only for the passages kept: each index answers more hits than the merge keeps.
  const merged = mergePassages(rankings, topK, depth.perDocument).map((passage) => ({ ...passage, snippet: snippetFor(passage.text, query) }));
  return depth.alongside ? withNextOfDocument(merged, rankings, query) : merged;
}

/** How many further passages of their document the best pages hand over alongside their best: the first page two, the second one. */
export const PASSAGES_READ_FURTHER: readonly number[] = [2, 1];

/**
 * The first passages, each with its document's next-best passages alongside (Passage.alongside,
 * PASSAGES_READ_FURTHER of them). Five places go to five documents (mergePassages), so the answer
 * read one passage of each page; on a reference page that one often matches the question's other
 * words while the option or setting that answers it is in the next. Reading the next one for the
 * best page raised the offline answers' key facts by one question's worth on each of git-docs-qa
 * (0.475 to 0.500) and python-docs; for the second page too, Python's 60 questions went from 0.533
 * to 0.567 (its right page is often second) and Git's lost half a question's facts (0.487); the
 * third page's gained Python one more and cost Git one more. A second further passage of the best
 * page (long guides hold the option a question asks for in the page's third-best passage) raised
 * key facts on six of nine documentation sets and lowered Git's, Python's and pytest's by about a
 * question each (mean 0.588 to 0.598). The pages cited do not change.
 */
export function withNextOfDocument(merged: Passage[], rankings: readonly Passage[][], query = ''): Passage[] {
  // Not a passage already handed over: read once, not per page and candidate.
  const handedOver = new Set(merged.map((kept) => kept.text));
  const candidates = rankings.flat().filter((other) => !handedOver.has(other.text));
  const named = new Set(contentTerms(namesInCode(query).join(' ')));
  return merged.map((passage, position) => {
    const count = PASSAGES_READ_FURTHER[position] ?? 0;
    if (count === 0) return passage;
    const key = documentKeyOf(passage);
    const ofDocument = candidates.filter((other) => documentKeyOf(other) === key).sort((a, b) => b.score - a.score);
    // A question that gives no name in code (most) takes the next-best passages as they come.
    const chosen = named.size === 0 ? ofDocument.slice(0, count) : furtherWithNames(passage, ofDocument, count, named);
    const further = chosen
      .map((next) => {
        // Its last sentence whole (restOfSentence), not the rest of its page: that is the best passage's to read.
        const rest = next.following ? restOfSentence(next.following) : '';
        return { text: next.text, ...(next.headings ? { headings: next.headings } : {}), ...(next.opening ? { opening: next.opening } : {}), ...(rest ? { following: rest } : {}) };
      });
    return further.length > 0 ? { ...passage, alongside: further } : passage;
  });
}

/**
 * The next-best passage of `passage`'s document, then, for the further ones, the best that holds a
 * word of a name in code the question gives (`named`) that none read so far does, if one does. A
 * question in two parts ("How does the cluster module distribute connections, and how do I change
 * cluster.schedulingPolicy?") has its second answered in another section, while the page's
 * next-best passages all match its first (Node's API, key facts 0.544 to 0.556). Any word of the
 * question, not only a name's, cost five sets a question's facts each (mean 0.637 to 0.632).
 */
function furtherWithNames(passage: Passage, ofDocument: readonly Passage[], count: number, named: ReadonlySet<string>): Passage[] {
  const termsOf = new Map<Passage, string[]>();
  const terms = (other: Passage) => termsOf.get(other) ?? termsOf.set(other, termsOfPassage(other)).get(other)!;
  const chosen = ofDocument.slice(0, 1);
  const said = new Set([passage, ...chosen].flatMap(terms));
  while (chosen.length < count && chosen.length < ofDocument.length) {
    const rest = ofDocument.filter((other) => !chosen.includes(other));
    const next = rest.find((other) => terms(other).some((term) => named.has(term) && !said.has(term))) ?? rest[0]!;
    chosen.push(next);
    for (const term of terms(next)) said.add(term);
  }
  return chosen;
}

/** A passage's words as the question's are read: its text's and its headings'. */
const termsOfPassage = (passage: Passage): string[] => contentTerms(`${passage.text}\n${(passage.headings ?? []).join('\n')}`);

/** A hit as a passage; its snippet is made once the merge has kept it. */
export function toPassage(hit: IndexHit, knowledgeBaseId: string): Passage {
  return {
    documentId: hit.sourceId,
    name: hit.metadata.name,
    knowledgeBaseId,
    snippet: '',
    text: hit.text,
    score: roundScore(hit.score),
    sourceType: hit.sourceType,
    ...(hit.metadata.url !== undefined ? { url: hit.metadata.url } : {}),
    ...(hit.metadata.page !== undefined ? { page: hit.metadata.page } : {}),
    ...(hit.metadata.headings?.length ? { headings: hit.metadata.headings } : {}),
    ...(hit.metadata.following ? { following: hit.metadata.following } : {}),
    ...(hit.metadata.opening ? { opening: hit.metadata.opening } : {}),
  };
}

async function activeVersionOf(ports: RetrievalPorts, organizationId: string, knowledgeBaseId: string): Promise<number | undefined> {
  const version = (await new KnowledgeBaseRepository(ports.database).get(organizationId, knowledgeBaseId))?.active_index_version;
  return typeof version === 'number' && version > 0 ? version : undefined;
}

/** The version a knowledge base is searched at: the one given, else its active one; none before its first index. */
async function versionToSearch(ports: RetrievalPorts, organizationId: string, knowledgeBase: RetrievalKnowledgeBase): Promise<number | undefined> {
  const given = knowledgeBase.active_index_version;
  return typeof given === 'number' && given > 0 ? given : activeVersionOf(ports, organizationId, knowledgeBase.id);
}

/**
 * One knowledge base's hits. Two failures are recovered from: the version was swapped (and the old
 * one dropped) between reading and searching it, so the new one is searched; or the version was
 * built without vectors (no embeddings model then), so it is searched by text alone.
 */
async function searchKnowledgeBase(ports: RetrievalPorts, organizationId: string, knowledgeBaseId: string, version: number | undefined, query: IndexQuery): Promise<IndexHit[]> {
  if (version === undefined) return [];
  const search = (at: number, q: IndexQuery) => ports.vectors.query(knowledgeBaseIndexName(knowledgeBaseId, at), q);
  try {
    return await search(version, query);
  } catch (error) {
    const current = await activeVersionOf(ports, organizationId, knowledgeBaseId);
    if (current !== undefined && current !== version) return search(current, query);
    if (current === undefined) return [];
    if (query.vector && query.text) return search(version, { text: query.text, topK: query.topK, alongside: query.alongside });
    throw error;
  }
}
