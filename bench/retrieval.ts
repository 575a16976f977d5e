/**
 * Retrieval benchmark: BEIR SciFact (../shared/eval/scifact) through the product, on a fresh
 * embedded platform. Every SciFact document becomes one Markdown file (`# title`, then the
 * abstract) uploaded as the browser does; the files become knowledge bases (at most 500 files
 * each, contract §15.4), deployed; one application searches them all. Quality: every query of the
 * split through the chat's own retrieval (rankPassages, what retrievePassages runs), a document
 * ranking as its best passage. Speed: chat round trips over HTTP with the application's API token,
 * at 1 and at 20 concurrent users, minus the time the answerer took. Writes
 * bench/results/retrieval.json. See bench/README.md.
 *
 *   npm run bench:retrieval -- [--split test|train] [--chunk-size 500] [--overlap 50]
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../functions/contracts/ports/database';
import { leaseSize } from '../functions/domain/rate-limits/rate-leases';
import type { ChatModelInput, ChatModelPort } from '../functions/contracts/ports/chat-model';
import { INTEGRATION_LIMITS } from '../shared/rules/application-form';
import { CHUNK_SIZE_RANGE, OVERLAP_RANGE } from '../shared/rules/chunking';
import { MAX_DATA_SOURCE_IDS } from '../shared/rules/knowledge-base-form';
import type { PlanId } from '../shared/rules/plans';
import { readJsonLines, readQrels } from './beir-files';
import { SCIFACT, SCIFACT_FILE_FORMAT, sciFactFile, type SciFactDocument } from './scifact-files';
import type { ChatLoadPlan, ChatLoadResult, RateLimitWindow } from './chat-load';
import { inBatches } from './in-batches';
import { percentile } from './percentile';
import { watchGarbageCollection } from './garbage-collection';
import { findProcess, processCpuMs } from './process-cpu';
import { ndcgAt, recallAt } from './ranking-metrics';
import type { Json } from '../test/support/json';


const HERE = dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, 'results', 'retrieval.json');
const PROFILE = join(HERE, 'results', 'chat-load.cpuprofile');
const UPLOAD_CONCURRENCY = 8;
const UPLOADERS = 8;
const UPLOADER_PASSWORD = 'Bench-upl0ader-passw0rd';
const SETTLE_TIMEOUT_MS = 30 * 60_000;
/** Deep enough for recall@100 over documents: each index is asked for this many passages. */
const EVALUATION_DEPTH = { topK: 1000, perIndexDepth: 1000 };
/** The API token's calls a minute: the contract's most (§1.8), which every API-key call counts against. */
const API_RATE_LIMIT = INTEGRATION_LIMITS.rateLimitMax;
/**
 * Chat sends per load level, and sends per session before a virtual user starts a new one (a real
 * chat is short). The levels are measured once the server is warm, after a warm-up at the highest
 * level, reported apart round by round: a server that has answered nothing but uploads has not
 * compiled its chat paths yet, and neither has DynamoDB Local's JVM, whose CPU per transaction
 * went on falling for thousands of sends (from 7 to 3.5 ms over 8,000 in one run; under the chat
 * load it levelled off after four to five thousand sends). So the warm-up is 8 rounds of 1,000.
 */
const LOAD = { requests: 1000, messagesPerSession: 5, levels: [1, 20], warmUp: { users: 20, rounds: 8, requestsPerRound: 1000 } };
const TARGETS = { ndcgAt10: 0.7, recallAt100: 0.93, p95MsAt20: 150 };

const { values: args } = parseArgs({
  options: {
    split: { type: 'string', default: 'test' },
    /** Writes a CPU profile of this process during the 20-user load to bench/results/chat-load.cpuprofile. */
    profile: { type: 'boolean', default: false },
    'chunk-size': { type: 'string', default: String(CHUNK_SIZE_RANGE.default) },
    overlap: { type: 'string', default: String(OVERLAP_RANGE.default) },
  },
});

async function main(): Promise<void> {
  if (!existsSync(join(SCIFACT, 'corpus.jsonl'))) {
    console.log(`bench:retrieval: ${SCIFACT} is not there (the shared evaluation data is not checked out next to this project); nothing to measure.`);
    return;
  }
  // Before the product's modules load (all imported below, none above): their logger reads the level once.
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const { startLocalPlatform } = await import('../local/platform/local-platform');
  const { rankPassages, retrievalMode } = await import('../functions/domain/retrieval/retrieve');
  const { OrganizationRepository } = await import('../functions/domain/organizations/organization-repository');
  const { createUserWithAccount } = await import('../functions/domain/users/user-lifecycle');

  const split = args.split;
  const chunkSize = Number(args['chunk-size']);
  const overlap = Number(args.overlap);
  const corpus = readJsonLines<SciFactDocument>(join(SCIFACT, 'corpus.jsonl'));
  const queries = new Map(readJsonLines<{ _id: string; text: string }>(join(SCIFACT, 'queries.jsonl')).map((query) => [query._id, query.text]));
  const qrels = readQrels(join(SCIFACT, 'qrels', `${split}.tsv`));

  const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-bench-retrieval-'));
  const platform = await startLocalPlatform({ port: 0, dataDir, schedules: false, frontendDir: join(dataDir, 'no-frontend') });
  try {
    const api = async (method: string, path: string, auth: Record<string, string>, body?: unknown): Promise<{ status: number; body: Json }> => {
      const response = await fetch(`${platform.url}${path}`, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
    };
    const expect = (answer: { status: number; body: Json }, status: number, what: string) => {
      if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    const login = expect(await api('POST', '/api/auth/login', {}, platform.credentials.ADMIN), 200, 'Demo admin sign-in');
    const bearer = { authorization: `Bearer ${login.token as string}` };
    const organizationId = String(login.user?.organization_id ?? '');
    if (!organizationId) throw new Error(`No organization id in the sign-in answer: ${JSON.stringify(login)}`);
    // A dozen knowledge bases and an API token need a paid plan (§1.9); billing has not landed, so the
    // demo organization is subscribed the way it will write it (organization-plan.ts).
    await subscribe(platform.ports.database, organizationId, 'enterprise');

    // 1. Upload, as the browser does (upload-url, PUT, upload-complete). Bearer calls are limited
    // to 600 a minute per user (§1.8), so a few colleagues share the work: one person alone would
    // take 17 minutes for the 10k calls. They are made the way the integration tests make people.
    const organization = await new OrganizationRepository(platform.ports.database).get(organizationId);
    if (!organization) throw new Error(`Organization ${organizationId} not found`);
    const uploaders: Array<Record<string, string>> = [];
    for (let person = 0; person < UPLOADERS; person++) {
      const email = `scifact-uploader-${person}@bench.example.com`;
      await createUserWithAccount(platform.ports, { organization, email, fullName: `Uploader ${person}`, role: 'user', password: UPLOADER_PASSWORD });
      const signedIn = expect(await api('POST', '/api/auth/login', {}, { email, password: UPLOADER_PASSWORD }), 200, `Uploader ${person} sign-in`);
      uploaders.push({ authorization: `Bearer ${signedIn.token as string}` });
    }
    const folder = expect(await api('POST', '/api/folders', bearer, { name: 'SciFact', parent_id: null }), 201, 'Folder');
    const startedAt = Date.now();
    const uploaded = await inBatches(corpus, UPLOAD_CONCURRENCY, async (document) => {
      const uploader = uploaders[Number(document._id) % UPLOADERS] ?? bearer;
      const { name, bytes, mimeType } = sciFactFile(document);
      const ticket = expect(
        await api('POST', '/api/data-sources/upload-url', uploader, { filename: name, folderId: folder.id, size: bytes.length, mimeType }),
        201,
        `upload-url ${document._id}`,
      );
      const put = await fetch(ticket.uploadUrl as string, { method: 'PUT', headers: ticket.headers as Record<string, string>, body: bytes });
      if (put.status !== 200) throw new Error(`PUT ${document._id}: ${put.status}`);
      expect(
        await api('POST', '/api/data-sources/upload-complete', uploader, { dataSourceId: ticket.dataSourceId, objectName: ticket.objectName, size: bytes.length, mimeType }),
        200,
        `upload-complete ${document._id}`,
      );
      return { fileId: ticket.dataSourceId as string, docId: document._id };
    });
    const uploadedAt = Date.now();
    const docIdOf = new Map(uploaded.map((file) => [file.fileId, file.docId]));

    // The oldest 100 files still pending are asked about (100 ids a request, §1.5), until none is.
    const statuses = new Map<string, string>();
    while (Date.now() - startedAt < SETTLE_TIMEOUT_MS) {
      const pending = [...docIdOf.keys()].filter((id) => (statuses.get(id) ?? 'pending') === 'pending');
      if (pending.length === 0) break;
      const listed = expect(await api('GET', `/api/data-sources?ids=${pending.slice(0, 100).join(',')}`, bearer), 200, 'File list');
      for (const item of listed.dataSources as Json[]) statuses.set(item.id as string, item.status as string);
      if ((listed.dataSources as Json[]).every((item) => item.status !== 'pending')) continue;
      await sleep(1000);
    }
    const ingestedAt = Date.now();
    const active = [...docIdOf.keys()].filter((id) => statuses.get(id) === 'active');
    if (active.length !== docIdOf.size) throw new Error(`${docIdOf.size - active.length} of ${docIdOf.size} files did not become active (${[...new Set(statuses.values())].join(', ')})`);
    console.log(`Uploaded ${active.length} files in ${((uploadedAt - startedAt) / 1000).toFixed(0)} s; all active after ${((ingestedAt - startedAt) / 1000).toFixed(0)} s.`);

    // 2. Knowledge bases of at most 500 files each (§15.4), deployed; then one application over them all.
    const knowledgeBases: Array<{ id: string; name: string }> = [];
    for (let start = 0; start < active.length; start += MAX_DATA_SOURCE_IDS) {
      const name = `SciFact ${knowledgeBases.length + 1}`;
      const created = expect(
        await api('POST', '/api/knowledge-bases', bearer, {
          name,
          source_type: 'files',
          embedding_model: 'bge-large-en',
          chunk_size: chunkSize,
          overlap,
          data_source_ids: active.slice(start, start + MAX_DATA_SOURCE_IDS),
        }),
        201,
        name,
      );
      expect(await api('POST', `/api/knowledge-bases/${created.id}/deploy`, bearer, {}), 202, `Deploy ${name}`);
      knowledgeBases.push({ id: created.id as string, name });
    }
    const records: Json[] = [];
    while (Date.now() - ingestedAt < SETTLE_TIMEOUT_MS) {
      const listed = expect(await api('GET', `/api/knowledge-bases?ids=${knowledgeBases.map((kb) => kb.id).join(',')}`, bearer), 200, 'Knowledge bases');
      records.splice(0, records.length, ...(listed.knowledgeBases as Json[]));
      if (records.some((record) => record.status === 'failed')) throw new Error(`Indexing failed: ${JSON.stringify(records.filter((record) => record.status === 'failed'))}`);
      if (records.length === knowledgeBases.length && records.every((record) => record.status === 'ready')) break;
      await sleep(1000);
    }
    const indexedAt = Date.now();
    if (!records.every((record) => record.status === 'ready')) throw new Error('The knowledge bases were not ready in time');
    const chunks = records.reduce((sum, record) => sum + Number(record.chunk_count ?? 0), 0);
    console.log(`${knowledgeBases.length} knowledge bases, ${chunks} chunks, ready after ${((indexedAt - ingestedAt) / 1000).toFixed(0)} s.`);

    const app = expect(
      await api('POST', '/api/rag', bearer, {
        name: 'SciFact assistant',
        llmModel: 'claude-3-sonnet',
        indexIds: knowledgeBases.map((kb) => kb.id),
        integrations: [{ type: 'api', enabled: true, settings: { rateLimit: API_RATE_LIMIT } }],
      }),
      201,
      'Application',
    );
    const apiToken = (app.integrations as Json[]).find((integration) => integration.type === 'api')?.settings?.token as string;

    // 3. Quality: the chat's retrieval, deeper than a prompt, a document ranking as its best passage.
    // The first search of the application's knowledge bases starts training their latent space in
    // the background (local/vectors/lexical/latent-space.ts); the ranking is measured once it is done.
    const latentStartedAt = performance.now();
    await rankPassages(platform.ports, { organizationId, knowledgeBases, query: 'latent space warm-up' }, EVALUATION_DEPTH);
    await platform.ports.vectors.settled?.();
    const latentSeconds = (performance.now() - latentStartedAt) / 1000;
    console.log(`Latent space trained in ${latentSeconds.toFixed(1)} s.`);
    let ndcg10 = 0;
    let recall10 = 0;
    let recall100 = 0;
    const qualityStartedAt = performance.now();
    for (const [queryId, relevant] of qrels) {
      const passages = await rankPassages(platform.ports, { organizationId, knowledgeBases, query: queries.get(queryId) ?? '' }, EVALUATION_DEPTH);
      const ranked = [...new Set(passages.map((passage) => docIdOf.get(passage.documentId) ?? passage.documentId))];
      ndcg10 += ndcgAt(10, ranked, relevant);
      recall10 += recallAt(10, ranked, relevant);
      recall100 += recallAt(100, ranked, relevant);
    }
    const qualityMsPerQuery = (performance.now() - qualityStartedAt) / qrels.size;
    const quality = {
      ndcgAt10: round(ndcg10 / qrels.size),
      recallAt10: round(recall10 / qrels.size),
      recallAt100: round(recall100 / qrels.size),
      queries: qrels.size,
      msPerQueryAtDepth1000: Number(qualityMsPerQuery.toFixed(1)),
    };
    console.log(`SciFact ${split}: nDCG@10 ${quality.ndcgAt10}, recall@10 ${quality.recallAt10}, recall@100 ${quality.recallAt100} (${qrels.size} queries).`);

    // 4. Speed: the chat round trip, minus the answerer's own time for that very request. A send's
    // question is unique among those in flight, so the answerer's time is found by its question.
    const answerer = platform.ports.chatModel;
    /** The answerer's times by question, oldest first: a question comes back every `questions.length` sends, never while it is still in flight. */
    const modelMs = new Map<string, number[]>();
    const timed: ChatModelPort = {
      adapter: answerer.adapter,
      async answer(input: ChatModelInput) {
        const started = performance.now();
        try {
          return await answerer.answer(input);
        } finally {
          const times = modelMs.get(input.question) ?? [];
          times.push(performance.now() - started);
          modelMs.set(input.question, times);
        }
      },
    };
    platform.ports.chatModel = timed;
    const dynamoDbLocal = findProcess(join(dataDir, 'dynamodb'));
    const questions = [...qrels.keys()].map((queryId) => queries.get(queryId) ?? '').filter(Boolean);
    /** The token's rate-limit window after the last level: every API-key call counts (§1.8). */
    let window: RateLimitWindow | undefined;
    const measureLevel = async (users: number, requests: number, profile: boolean): Promise<Json> => {
      // The token allows 10,000 calls a minute, the contract's most, and the load makes a round's
      // 1,000 sends and their sessions in seconds: a level that would not fit in what is left of
      // the window waits for the next one, before anything is timed. Near a window's end each of
      // the users' calls in flight may reserve a block of its own (rate-leases.ts), hence the slack.
      const calls = requests + Math.ceil(requests / LOAD.messagesPerSession) + users + users * leaseSize(API_RATE_LIMIT);
      if (window && window.remaining < calls && window.resetAt * 1000 > Date.now()) await sleep(window.resetAt * 1000 - Date.now() + 1000);
      const roundTrips: number[] = [];
      const withoutModel: number[] = [];
      const answererMs: number[] = [];
      const failures: Record<string, number> = {};
      const profiling = profile ? await startProfiling() : undefined;
      const nodeCpuBefore = process.cpuUsage();
      const collections = watchGarbageCollection();
      const dynamoCpuBefore = dynamoDbLocal === undefined ? null : processCpuMs(dynamoDbLocal);
      const levelStartedAt = performance.now();
      const { sends, rateLimit } = await runChatLoad({ baseUrl: platform.url, applicationId: app.id as string, apiToken, users, requests, messagesPerSession: LOAD.messagesPerSession, questions });
      window = rateLimit;
      for (const send of sends) {
        const model = send.status === 200 ? modelMs.get(send.question)?.shift() : undefined;
        if (send.status !== 200 || model === undefined) {
          failures[String(send.status)] = (failures[String(send.status)] ?? 0) + 1;
          continue;
        }
        roundTrips.push(send.roundTripMs);
        answererMs.push(model);
        withoutModel.push(send.roundTripMs - model);
      }
      const seconds = (performance.now() - levelStartedAt) / 1000;
      const nodeCpu = process.cpuUsage(nodeCpuBefore);
      const collected = collections.stop();
      const dynamoCpuAfter = dynamoDbLocal === undefined ? null : processCpuMs(dynamoDbLocal);
      if (profiling) writeFileSync(PROFILE, JSON.stringify(await profiling.stop()));
      const level = {
        concurrentUsers: users,
        requests: roundTrips.length,
        failures,
        requestsPerSecond: Number((roundTrips.length / seconds).toFixed(1)),
        excludingModelMs: { p50: ms(percentile(withoutModel, 50)), p95: ms(percentile(withoutModel, 95)), max: ms(Math.max(...withoutModel)) },
        roundTripMs: { p50: ms(percentile(roundTrips, 50)), p95: ms(percentile(roundTrips, 95)) },
        answererMs: { p50: ms(percentile(answererMs, 50)), p95: ms(percentile(answererMs, 95)) },
        // What one send (and its share of session creation) costs the machine: this process (API, retrieval, answerer, and the load generator's thread) and DynamoDB Local's JVM.
        cpuMsPerSend: {
          node: ms((nodeCpu.user + nodeCpu.system) / 1000 / sends.length),
          dynamoDbLocal: dynamoCpuBefore === null || dynamoCpuAfter === null ? null : ms((dynamoCpuAfter - dynamoCpuBefore) / sends.length),
        },
        // Of Node's, the main thread's garbage collection (the young generation's scavenges apart).
        garbageCollectionMsPerSend: { young: ms(collected.youngMs / sends.length), other: ms(collected.otherMs / sends.length), collections: collected.collections },
      };
      console.log(`${users} user(s): p50 ${level.excludingModelMs.p50} ms, p95 ${level.excludingModelMs.p95} ms excluding the answerer (${roundTrips.length} sends, ${Object.keys(failures).length ? `failures ${JSON.stringify(failures)}` : 'no failures'}).`);
      return level;
    };
    const load: Json = {};
    console.log('Warm-up:');
    const warmUpRounds: Json[] = [];
    while (warmUpRounds.length < LOAD.warmUp.rounds) warmUpRounds.push(await measureLevel(LOAD.warmUp.users, LOAD.warmUp.requestsPerRound, false));
    load.warmUp = { rounds: warmUpRounds };
    for (const users of LOAD.levels) load[`users${users}`] = await measureLevel(users, LOAD.requests, args.profile && users === Math.max(...LOAD.levels));
    platform.ports.chatModel = answerer;

    const p95At20 = load.users20?.excludingModelMs.p95 as number | undefined;
    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: availableParallelism(), node: process.version },
      dataset: { name: 'BEIR SciFact', path: relative(resolve(HERE, '..'), SCIFACT), split, documents: corpus.length, queries: qrels.size },
      configuration: {
        retrievalMode: retrievalMode(platform.ports.vectors, platform.ports.embeddings),
        vectorIndex: platform.ports.vectors.adapter,
        chatModel: answerer.adapter,
        files: SCIFACT_FILE_FORMAT,
        chunkSize,
        overlap,
        knowledgeBases: knowledgeBases.length,
        filesPerKnowledgeBase: MAX_DATA_SOURCE_IDS,
        documentScore: 'its best passage in the chat retrieval (rankPassages) at depth 1000 per knowledge base',
        load: { ...LOAD, auth: 'the application API token (§17.5), one X-User-ID per virtual user', excludingModel: 'round trip minus the answerer time of the same send, timed around ports.chatModel.answer' },
      },
      ingest: {
        uploadSeconds: (uploadedAt - startedAt) / 1000,
        secondsUntilActive: (ingestedAt - startedAt) / 1000,
        indexSeconds: (indexedAt - ingestedAt) / 1000,
        latentSpaceSeconds: Number(latentSeconds.toFixed(1)),
        chunks,
      },
      quality,
      load,
      targets: TARGETS,
      met: {
        ndcgAt10: quality.ndcgAt10 >= TARGETS.ndcgAt10,
        recallAt100: quality.recallAt100 >= TARGETS.recallAt100,
        p95MsAt20: p95At20 !== undefined && p95At20 <= TARGETS.p95MsAt20,
      },
    };
    mkdirSync(dirname(RESULTS), { recursive: true });
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`Written to ${relative(process.cwd(), RESULTS)}. Targets met: ${JSON.stringify(results.met)}.`);
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function subscribe(database: DatabasePort, organizationId: string, planId: PlanId): Promise<void> {
  const { subscriptionKey } = await import('../functions/contracts/keys/table-keys');
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const item = { ...subscriptionKey(organizationId), entity: 'subscription', status: 'active', plan_id: planId, current_period_start: start.toISOString(), current_period_end: end.toISOString() };
  await database.client.send(new PutCommand({ TableName: database.tableName, Item: item }));
}

/** The load of one level, from a worker thread (chat-load.ts). */
function runChatLoad(plan: ChatLoadPlan): Promise<ChatLoadResult> {
  return new Promise((resolvePromise, reject) => {
    // A worker starts without tsx's loader: it registers it, then loads the TypeScript module.
    const module = JSON.stringify(new URL('./chat-load.ts', import.meta.url).href);
    const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${module}); })`, { eval: true, workerData: plan });
    worker.once('message', (message: Partial<ChatLoadResult> & { error?: string }) => {
      void worker.terminate();
      if (message.sends) resolvePromise({ sends: message.sends, rateLimit: message.rateLimit });
      else reject(new Error(`Chat load: ${message.error ?? 'no result'}`));
    });
    worker.once('error', reject);
  });
}

/** A CPU profile of this process through the inspector, for --profile. */
async function startProfiling(): Promise<{ stop(): Promise<object> }> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return profile;
    },
  };
}

const round = (value: number) => Number(value.toFixed(4));
const ms = (value: number) => Number(value.toFixed(1));

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
