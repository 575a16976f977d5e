/**
 * Asks documentation questions of the chat the way people do: through the public HTTP API of a
 * fresh embedded platform. Each set's files are uploaded as the browser uploads them (a site's
 * pages are crawled as a website instead), put in a knowledge base that is deployed, and each
 * question is sent in a new chat session (`POST
 * /api/chat/messages/{app}/sessions/{session}`, with the application's API token); the reply's
 * `sources` are what it cites. Beside it, in the same run: the chat's own retrieval for the same
 * question (retrievePassages, the passages the answerer was given) and a plain whole-file BM25
 * over the same files, the reference issue 17 compares with.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PlanId } from '../shared/rules/plans';
import { inBatches } from './in-batches';
import { percentile } from './percentile';
import { plainBm25 } from './plain-bm25';
import { ndcgAt } from './ranking-metrics';
import { quotes } from './scifact-rationales';
import type { Json } from '../test/support/json';
import { serveSite } from '../test/support/static-site';

export interface ApiSetFile {
  /** What questions name as the right answer (a page id). */
  id: string;
  /** The name it is uploaded under. */
  name: string;
  bytes: Uint8Array;
  mimeType: string;
}

export interface ApiQuestion {
  id: string;
  question: string;
  /** Page ids that answer it. */
  expected: string[];
  keyFacts?: string[];
  /** Sentences that answer it (SciFact's rationales): the reply should quote one. */
  rationales?: string[];
}

export interface ApiSet {
  name: string;
  /** Uploaded; a crawled set's pages as served, for the plain BM25 reference only. */
  files: ApiSetFile[];
  questions: ApiQuestion[];
  /**
   * Crawled instead of uploaded: `root` is served on loopback and added as a website (POST
   * /api/web-sources from `start`, as the Websites page does); a page's id is its path under `root`.
   */
  site?: { root: string; start: string; depth: number };
}

export interface ApiAnswer {
  id: string;
  question: string;
  expected: string[];
  /** Distinct page ids of the reply's sources, in order. */
  cited: string[];
  /** Distinct page ids of the passages retrieval handed the answerer, in order. */
  retrieved: string[];
  /** The retrieval score of each passage handed to the answerer, with its page. */
  passages: Array<{ page: string; score: number }>;
  /** Plain BM25's top 10 page ids. */
  bm25: string[];
  answer: string;
  keyFactsFound?: string[];
  keyFactsMissing?: string[];
  /** Whether the reply quotes one of the question's rationale sentences (scifact-rationales.ts). */
  rationaleQuoted?: boolean;
  /** nDCG@10 of the chat's retrieval at depth 1,000 (rankPassages), documents as their best passage. */
  ndcgAt10: number;
  roundTripMs: number;
}

export interface RankFigures {
  hitAt1: number;
  hitAt5: number;
  mrr: number;
}

export interface ApiSetResult {
  documents: number;
  chunks: number;
  questions: number;
  cited: RankFigures & { recallAt5: number; nothingFound: number; keyFactCoverage?: number; allFacts?: number; rationaleQuoted?: number; questionsWithRationales?: number };
  retrieval: RankFigures & { recallAt5: number; ndcgAt10: number };
  plainBm25: RankFigures;
  roundTripMs: { p50: number; p95: number };
  /** Seconds from the first search until the latent space was trained (null: none, under 1,000 documents). */
  latentSpaceSeconds: number | null;
  details: ApiAnswer[];
}


const UPLOADERS = 8;
const UPLOAD_CONCURRENCY = 8;
/** Deep enough for nDCG@10 as bench:retrieval measures it. */
const EVALUATION_DEPTH = { topK: 1000, perIndexDepth: 1000 };
const UPLOADER_PASSWORD = 'Bench-answ3rs-passw0rd';
const SETTLE_TIMEOUT_MS = 20 * 60_000;
const MAX_FILES_PER_KNOWLEDGE_BASE = 500;

/** hit@1, hit@5 and MRR (over the whole list) of ranked page ids against the expected ones. */
export function rankFigures(rankings: Array<{ ranked: string[]; expected: string[] }>): RankFigures {
  let hit1 = 0;
  let hit5 = 0;
  let mrr = 0;
  for (const { ranked, expected } of rankings) {
    const rank = ranked.findIndex((id) => expected.includes(id));
    if (rank === 0) hit1++;
    if (rank >= 0 && rank < 5) hit5++;
    if (rank >= 0) mrr += 1 / (rank + 1);
  }
  const n = Math.max(1, rankings.length);
  return { hitAt1: round(hit1 / n), hitAt5: round(hit5 / n), mrr: round(mrr / n) };
}

/** Mean share of each question's expected pages among the first five ranked. */
export function recallAt5(rankings: Array<{ ranked: string[]; expected: string[] }>): number {
  const shares = rankings.map(({ ranked, expected }) => (expected.length === 0 ? 0 : expected.filter((id) => ranked.slice(0, 5).includes(id)).length / expected.length));
  return round(shares.reduce((sum, share) => sum + share, 0) / Math.max(1, shares.length));
}

/** The key-fact matching of git-docs-qa's score.py: NFKC, whitespace collapsed, straight quotes, one kind of dash, no Markdown escapes, backticks or asterisks. */
export function normalizedForFacts(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-')
    .replace(/-+/g, '-')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export async function askThroughChatApi(sets: ApiSet[], options: { chunkSize: number; overlap: number; log?: (line: string) => void }): Promise<Record<string, ApiSetResult>> {
  const log = options.log ?? console.log;
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  process.env.GROUNDWORK_DEMO_CONTENT = 'false';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  // A crawled set's site is on loopback, which only this override lets the crawler reach (§1.10).
  if (sets.some((set) => set.site)) process.env.GROUNDWORK_ALLOW_PRIVATE_URLS = 'true';
  const { startLocalPlatform } = await import('../local/platform/local-platform');
  const { rankPassages, retrievePassages } = await import('../functions/domain/retrieval/retrieve');
  const { OrganizationRepository } = await import('../functions/domain/organizations/organization-repository');
  const { createUserWithAccount } = await import('../functions/domain/users/user-lifecycle');
  const { subscriptionKey } = await import('../functions/contracts/keys/table-keys');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');

  const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-bench-answers-'));
  const platform = await startLocalPlatform({ port: 0, dataDir, schedules: false, frontendDir: join(dataDir, 'no-frontend') });
  try {
    const api = async (method: string, path: string, auth: Record<string, string>, body?: unknown): Promise<{ status: number; body: Json }> => {
      // On a loaded 2-core host a kept-alive connection is sometimes reset under us: try again, on a new one.
      for (let attempt = 1; ; attempt++) {
        try {
          const response = await fetch(`${platform.url}${path}`, { method, headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
          const text = await response.text();
          // Over a person's 600 calls a minute (§1.8): wait as Retry-After says, then send it again.
          if (response.status === 429 && attempt < 5) {
            await sleep(1000 * Number(response.headers.get('retry-after') ?? 5));
            continue;
          }
          return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
        } catch (error) {
          if (attempt >= 3) throw error;
          await sleep(500 * attempt);
        }
      }
    };
    const expect = (answer: { status: number; body: Json }, status: number, what: string) => {
      if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    const login = expect(await api('POST', '/api/auth/login', {}, platform.credentials.ADMIN), 200, 'Demo admin sign-in');
    const bearer = { authorization: `Bearer ${login.token as string}` };
    const organizationId = String(login.user?.organization_id ?? '');
    // Several knowledge bases and an API token need a paid plan; billing has not landed, so the plan
    // is written as billing will write it (organization-plan.ts), as bench:retrieval does.
    const planId: PlanId = 'enterprise';
    const now = new Date();
    const period = { current_period_start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(), current_period_end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString() };
    const item = { ...subscriptionKey(organizationId), entity: 'subscription', status: 'active', plan_id: planId, ...period };
    await platform.ports.database.client.send(new PutCommand({ TableName: platform.ports.database.tableName, Item: item }));
    // Bearer calls are limited to 600 a minute per user: colleagues share the uploads.
    const organization = await new OrganizationRepository(platform.ports.database).get(organizationId);
    if (!organization) throw new Error(`Organization ${organizationId} not found`);
    const uploaders: Array<Record<string, string>> = [];
    for (let person = 0; person < UPLOADERS; person++) {
      const email = `answers-uploader-${person}@bench.example.com`;
      await createUserWithAccount(platform.ports, { organization, email, fullName: `Uploader ${person}`, role: 'user', password: UPLOADER_PASSWORD });
      const signedIn = expect(await api('POST', '/api/auth/login', {}, { email, password: UPLOADER_PASSWORD }), 200, `Uploader ${person} sign-in`);
      uploaders.push({ authorization: `Bearer ${signedIn.token as string}` });
    }

    /** A set's files uploaded as the browser uploads them, in knowledge bases of at most 500 files, deployed. */
    async function uploaded(set: ApiSet): Promise<AskedSources> {
      const startedAt = Date.now();
      const folder = expect(await api('POST', '/api/folders', bearer, { name: set.name, parent_id: null }), 201, 'Folder');
      let turn = 0;
      // A server error (a handler's time ran out on a loaded host) uploads the file again, from a new ticket.
      const files = await inBatches(set.files, UPLOAD_CONCURRENCY, async (file) => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await upload(file);
          } catch (error) {
            if (attempt >= 3 || !/: 5\d\d /.test(String(error))) throw error;
            await sleep(2000 * attempt);
          }
        }
      });
      async function upload(file: ApiSetFile): Promise<{ fileId: string; pageId: string }> {
        const uploader = uploaders[turn++ % UPLOADERS]!;
        const ticket = expect(await api('POST', '/api/data-sources/upload-url', uploader, { filename: file.name, folderId: folder.id, size: file.bytes.length, mimeType: file.mimeType }), 201, `upload-url ${file.name}`);
        const put = await fetch(ticket.uploadUrl as string, { method: 'PUT', headers: ticket.headers as Record<string, string>, body: new Uint8Array(file.bytes) });
        if (put.status !== 200) throw new Error(`PUT ${file.name}: ${put.status}`);
        expect(await api('POST', '/api/data-sources/upload-complete', uploader, { dataSourceId: ticket.dataSourceId, objectName: ticket.objectName, size: file.bytes.length, mimeType: file.mimeType }), 200, `upload-complete ${file.name}`);
        return { fileId: ticket.dataSourceId as string, pageId: file.id };
      }
      const pageOf = new Map(files.map((file) => [file.fileId, file.pageId]));
      const statuses = new Map<string, string>();
      while (Date.now() - startedAt < SETTLE_TIMEOUT_MS) {
        const pending = [...pageOf.keys()].filter((id) => (statuses.get(id) ?? 'pending') === 'pending');
        if (pending.length === 0) break;
        const listed = expect(await api('GET', `/api/data-sources?ids=${pending.slice(0, 100).join(',')}`, bearer), 200, 'File list');
        for (const item of listed.dataSources as Json[]) statuses.set(item.id as string, item.status as string);
        if ((listed.dataSources as Json[]).every((item) => item.status !== 'pending')) continue;
        await sleep(500);
      }
      const active = [...pageOf.keys()].filter((id) => statuses.get(id) === 'active');
      if (active.length < pageOf.size) log(`   ${set.name}: ${pageOf.size - active.length} of ${pageOf.size} files did not become active (${[...new Set(statuses.values())].join(', ')}); asked without them.`);

      const knowledgeBases: Array<{ id: string; name: string }> = [];
      for (let start = 0; start < active.length; start += MAX_FILES_PER_KNOWLEDGE_BASE) {
        const name = `${set.name} ${knowledgeBases.length + 1}`.slice(0, 100);
        const created = expect(
          await api('POST', '/api/knowledge-bases', bearer, { name, source_type: 'files', embedding_model: 'bge-large-en', chunk_size: options.chunkSize, overlap: options.overlap, data_source_ids: active.slice(start, start + MAX_FILES_PER_KNOWLEDGE_BASE) }),
          201,
          name,
        );
        expect(await api('POST', `/api/knowledge-bases/${created.id}/deploy`, bearer, {}), 202, `Deploy ${name}`);
        knowledgeBases.push({ id: created.id as string, name });
      }
      return { knowledgeBases, documents: active.length, pageIdOf: (source) => pageOf.get(source.documentId) ?? source.name };
    }

    /** A site served on loopback, added as a website and crawled by the web.crawl worker, in one knowledge base, deployed. */
    async function crawled(set: ApiSet, site: NonNullable<ApiSet['site']>): Promise<AskedSources> {
      const startedAt = Date.now();
      const served = await serveSite(site.root);
      try {
        const created = expect(await api('POST', '/api/web-sources', bearer, { name: set.name, source_type: 'web_source', configuration: { url: `${served.url}/${site.start}`, crawl_depth: site.depth } }), 201, `Website ${set.name}`);
        const id = (created.webSource as Json).id as string;
        let source: Json = {};
        while (Date.now() - startedAt < SETTLE_TIMEOUT_MS) {
          source = expect(await api('GET', `/api/web-sources/${id}`, bearer), 200, 'Website').webSource as Json;
          if (source.status === 'failed') throw new Error(`Crawl of ${set.name} failed: ${String(source.last_error)}`);
          if (source.status === 'ready') break;
          await sleep(1000);
        }
        const kb = expect(
          await api('POST', '/api/knowledge-bases', bearer, { name: set.name.slice(0, 100), source_type: 'websites', embedding_model: 'bge-large-en', chunk_size: options.chunkSize, overlap: options.overlap, data_source_ids: [id] }),
          201,
          set.name,
        );
        expect(await api('POST', `/api/knowledge-bases/${kb.id}/deploy`, bearer, {}), 202, `Deploy ${set.name}`);
        const pathOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace(/^\//, '');
        return { knowledgeBases: [{ id: kb.id as string, name: set.name }], documents: Number(source.page_count ?? 0), pageIdOf: (cited) => (cited.url ? pathOf(cited.url) : cited.name) };
      } finally {
        await served.close();
      }
    }

    const results: Record<string, ApiSetResult> = {};
    for (const set of sets) {
      const startedAt = Date.now();
      // The site is served while it is crawled; indexing reads the pages the crawl stored.
      const { knowledgeBases, pageIdOf, documents } = set.site ? await crawled(set, set.site) : await uploaded(set);
      let records: Json[] = [];
      while (Date.now() - startedAt < SETTLE_TIMEOUT_MS) {
        records = expect(await api('GET', `/api/knowledge-bases?ids=${knowledgeBases.map((kb) => kb.id).join(',')}`, bearer), 200, 'Knowledge bases').knowledgeBases as Json[];
        if (records.some((record) => record.status === 'failed')) throw new Error(`Indexing failed: ${JSON.stringify(records)}`);
        if (records.length === knowledgeBases.length && records.every((record) => record.status === 'ready')) break;
        await sleep(500);
      }
      const chunks = records.reduce((sum, record) => sum + Number(record.chunk_count ?? 0), 0);
      const app = expect(
        await api('POST', '/api/rag', bearer, { name: `${set.name} assistant`.slice(0, 100), llmModel: 'claude-3-sonnet', indexIds: knowledgeBases.map((kb) => kb.id), integrations: [{ type: 'api', enabled: true, settings: { rateLimit: 1000 } }] }),
        201,
        'Application',
      );
      const apiToken = (app.integrations as Json[]).find((integration) => integration.type === 'api')?.settings?.token as string;
      log(`   ${set.name}: ${documents} ${set.site ? 'pages' : 'files'}, ${chunks} chunks, ready after ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`);
      // The first search of 1,000 documents or more starts training their latent space in the
      // background (local/vectors/lexical/latent-space.ts); the questions are asked once it is done,
      // as people asking later would be answered.
      const latentStartedAt = performance.now();
      await retrievePassages(platform.ports, { organizationId, knowledgeBases, query: 'latent space warm-up', topK: 5 });
      await platform.ports.vectors.settled?.();
      const latentSpaceSeconds = documents >= 1000 ? Number(((performance.now() - latentStartedAt) / 1000).toFixed(1)) : null;
      if (latentSpaceSeconds !== null) log(`   ${set.name}: latent space trained in ${latentSpaceSeconds} s.`);

      const bm25 = plainBm25(set.files.map((file) => ({ id: file.id, text: new TextDecoder().decode(file.bytes) })));
      const details: ApiAnswer[] = [];
      for (const question of set.questions) {
        const auth = { 'x-api-key': apiToken, 'x-user-id': `bench-${question.id}` };
        const session = expect(await api('POST', `/api/chat/sessions/${app.id}`, auth, {}), 201, 'Chat session').session as Json;
        const started = performance.now();
        const sent = expect(await api('POST', `/api/chat/messages/${app.id}/sessions/${session.id}`, auth, { message: { text: question.question, sender: 'user' } }), 200, `Send ${question.id}`);
        const roundTripMs = performance.now() - started;
        const reply = (sent.messages as Json[]).at(-1) as Json;
        const cited = distinct(((reply.sources ?? []) as Json[]).map((source) => pageIdOf({ documentId: String(source.documentId), name: String(source.name), url: source.url as string | undefined })));
        const passages = await retrievePassages(platform.ports, { organizationId, knowledgeBases, query: question.question, topK: 5 });
        const retrieved = distinct(passages.map(pageIdOf));
        const deep = await rankPassages(platform.ports, { organizationId, knowledgeBases, query: question.question }, EVALUATION_DEPTH);
        const ranked = distinct(deep.map(pageIdOf));
        const text = String(reply.text ?? '');
        const facts = question.keyFacts?.map((fact) => [fact, normalizedForFacts(text).includes(normalizedForFacts(fact))] as const);
        details.push({
          id: question.id,
          question: question.question,
          expected: question.expected,
          cited,
          retrieved,
          passages: passages.map((passage) => ({ page: pageIdOf(passage), score: passage.score })),
          bm25: bm25(question.question, 10),
          answer: text,
          ...(question.rationales?.length ? { rationaleQuoted: question.rationales.some((sentence) => quotes(text, sentence)) } : {}),
          ndcgAt10: ndcgAt(10, ranked, new Map(question.expected.map((id) => [id, 1]))),
          ...(facts ? { keyFactsFound: facts.filter(([, found]) => found).map(([fact]) => fact), keyFactsMissing: facts.filter(([, found]) => !found).map(([fact]) => fact) } : {}),
          roundTripMs: Number(roundTripMs.toFixed(1)),
        });
      }
      const withFacts = details.filter((detail) => detail.keyFactsFound !== undefined);
      const coverage = withFacts.map((detail) => detail.keyFactsFound!.length / Math.max(1, detail.keyFactsFound!.length + detail.keyFactsMissing!.length));
      const trips = details.map((detail) => detail.roundTripMs);
      const withRationales = details.filter((detail) => detail.rationaleQuoted !== undefined);
      results[set.name] = {
        documents,
        chunks,
        questions: details.length,
        cited: {
          ...rankFigures(details.map((detail) => ({ ranked: detail.cited, expected: detail.expected }))),
          recallAt5: recallAt5(details.map((detail) => ({ ranked: detail.cited, expected: detail.expected }))),
          nothingFound: details.filter((detail) => detail.cited.length === 0).length,
          ...(withFacts.length > 0
            ? { keyFactCoverage: round(coverage.reduce((sum, value) => sum + value, 0) / withFacts.length), allFacts: round(withFacts.filter((detail) => detail.keyFactsMissing!.length === 0).length / withFacts.length) }
            : {}),
          ...(withRationales.length > 0 ? { rationaleQuoted: round(withRationales.filter((detail) => detail.rationaleQuoted).length / withRationales.length), questionsWithRationales: withRationales.length } : {}),
        },
        retrieval: {
          ...rankFigures(details.map((detail) => ({ ranked: detail.retrieved, expected: detail.expected }))),
          recallAt5: recallAt5(details.map((detail) => ({ ranked: detail.retrieved, expected: detail.expected }))),
          ndcgAt10: round(details.reduce((sum, detail) => sum + detail.ndcgAt10, 0) / Math.max(1, details.length)),
        },
        plainBm25: rankFigures(details.map((detail) => ({ ranked: detail.bm25, expected: detail.expected }))),
        roundTripMs: { p50: Number(percentile(trips, 50).toFixed(1)), p95: Number(percentile(trips, 95).toFixed(1)) },
        latentSpaceSeconds,
        details,
      };
    }
    return results;
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What a set's questions are asked of: its knowledge bases, how many documents they hold, and the page id a source or passage is of. */
interface AskedSources {
  knowledgeBases: Array<{ id: string; name: string }>;
  documents: number;
  pageIdOf: (source: { documentId: string; name: string; url?: string | undefined }) => string;
}

const distinct = (ids: string[]) => [...new Set(ids)];
const round = (value: number) => Number(value.toFixed(4));
