import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { adminApplicationSchema } from '../../shared/api/schemas/applications';
import { loginResponseSchema } from '../../shared/api/schemas/auth';
import { createChatSessionResponseSchema, sendChatMessageResponseSchema } from '../../shared/api/schemas/chat';
import { dataSourceItemSchema, uploadTicketSchema } from '../../shared/api/schemas/files';
import { healthResponseSchema } from '../../shared/api/schemas/health';
import { deployKnowledgeBaseResponseSchema, knowledgeBaseSchema } from '../../shared/api/schemas/knowledge-bases';

/**
 * `npm run smoke -- --url <origin>`: one pass through what a deployed stack must do, over the HTTP
 * contract only, as an engineer would after `cdk deploy`: health (§3.1), password sign-in (§4.1),
 * an upload (§9.5, the signed PUT, §9.6) until ingest marks it active, a knowledge base over it
 * (§15.4) deployed until ready (§15.7), an application (§16.4), one question (§17.2, §17.4) whose
 * reply must cite the document. Whatever it created is deleted afterwards, also after a failure.
 */

export interface SmokeOptions {
  /** The deployed origin, e.g. https://d111111abcdef8.cloudfront.net; the API is under /api there. */
  readonly url: string;
  /** An admin (or system administrator) who may create knowledge bases and applications. */
  readonly email: string;
  readonly password: string;
  /** How long ingest and indexing may each take. @default 600 000 (cold functions, first Bedrock calls) */
  readonly waitMs?: number;
  /** Pause between status reads. @default 2 000 */
  readonly pollMs?: number;
  readonly log?: (line: string) => void;
}

export interface SmokeReport {
  readonly ok: boolean;
  /** The step that failed, as printed. */
  readonly failedStep?: string;
  readonly error?: string;
  /** What cleanup could not delete, as `kind id: reason`. */
  readonly leftovers: readonly string[];
}

export const SMOKE_STEPS = ['health', 'sign in', 'upload', 'processing', 'knowledge base', 'deploy', 'application', 'chat', 'citation'] as const;
type StepName = (typeof SMOKE_STEPS)[number];

class StepFailure extends Error {}

interface Answer {
  status: number;
  body: unknown;
}

/** The server's own words for a failure (contract §1.4: `message`), else the status. */
function problemOf(answer: Answer): string {
  const body = answer.body as { message?: unknown; error?: unknown } | undefined;
  const text = typeof body?.message === 'string' ? body.message : typeof body?.error === 'string' ? body.error : undefined;
  return `HTTP ${answer.status}${text ? `: ${text}` : ''}`;
}

function parsed<T>(schema: z.ZodType<T>, answer: Answer, what: string): T {
  const result = schema.safeParse(answer.body);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  throw new StepFailure(`${what} does not match the contract: ${issues.join('; ')}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runSmoke(options: SmokeOptions): Promise<SmokeReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const origin = options.url.replace(/\/+$/, '');
  const waitMs = options.waitMs ?? 600_000;
  const pollMs = options.pollMs ?? 2_000;
  const stamp = `${new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '')}-${randomBytes(3).toString('hex')}`;
  // A word no model knows, so a reply can only have it from the uploaded document.
  const codeWord = `kestrel-${randomBytes(4).toString('hex')}`;
  let token: string | undefined;
  const created: { kind: 'application' | 'knowledge base' | 'file'; id: string; path: string }[] = [];
  let lastReply: z.infer<typeof sendChatMessageResponseSchema>['messages'][number] | undefined;

  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      throw new StepFailure(`${method} ${origin}${path} could not be reached: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`);
    }
    const text = await response.text();
    let parsedBody: unknown = text;
    try {
      parsedBody = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a CloudFront or gateway error page): kept as text for the message.
    }
    return { status: response.status, body: parsedBody };
  };

  const expectStatus = (answer: Answer, status: number, what: string): void => {
    if (answer.status !== status) throw new StepFailure(`${what} answered ${problemOf(answer)} (expected ${status})`);
  };

  /** Reads until `done` says so; `failed` names a final state that will not change. */
  const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, failed: (value: T) => string | undefined, describe: (value: T) => string): Promise<T> => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      const failure = failed(value);
      if (failure) throw new StepFailure(failure);
      if (Date.now() >= deadline) throw new StepFailure(`still ${describe(value)} after ${Math.round(waitMs / 1000)} s`);
      await sleep(pollMs);
    }
  };

  const steps: Record<StepName, () => Promise<string>> = {
    health: async () => {
      const answer = await call('GET', '/api/health');
      expectStatus(answer, 200, 'GET /api/health');
      const health = parsed(healthResponseSchema, answer, 'The health answer');
      return `version ${health.version}, ${health.environment}, models ${health.modes.models}, payments ${health.modes.payments}`;
    },
    'sign in': async () => {
      const answer = await call('POST', '/api/auth/login', { email: options.email, password: options.password });
      expectStatus(answer, 200, `Signing in as ${options.email}`);
      const login = parsed(loginResponseSchema, answer, 'The sign-in answer');
      token = login.token;
      return `${login.user.email} (${login.user.role})`;
    },
    upload: async () => {
      const content = [
        '# Groundwork smoke check',
        '',
        `The code word of this smoke check is ${codeWord}.`,
        'It was written by npm run smoke to test upload, indexing and chat, and is deleted when the check ends.',
      ].join('\n');
      const size = Buffer.byteLength(content);
      const ticketAnswer = await call('POST', '/api/data-sources/upload-url', { filename: `groundwork-smoke-${stamp}.md`, size, mimeType: 'text/markdown' });
      expectStatus(ticketAnswer, 201, 'POST /api/data-sources/upload-url');
      const ticket = parsed(uploadTicketSchema, ticketAnswer, 'The upload ticket');
      created.push({ kind: 'file', id: ticket.dataSourceId, path: `/api/data-sources/${ticket.dataSourceId}` });
      let put: Response;
      try {
        put = await fetch(ticket.uploadUrl, { method: ticket.method ?? 'PUT', headers: ticket.headers ?? { 'Content-Type': 'text/markdown' }, body: content });
      } catch (error) {
        throw new StepFailure(`The signed PUT to ${new URL(ticket.uploadUrl).host} could not be sent: ${(error as Error).message}`);
      }
      if (!put.ok) throw new StepFailure(`The signed PUT answered HTTP ${put.status}: ${(await put.text()).slice(0, 200)}`);
      const complete = await call('POST', '/api/data-sources/upload-complete', {
        dataSourceId: ticket.dataSourceId,
        objectName: ticket.objectName,
        size,
        mimeType: ticket.headers?.['Content-Type'] ?? 'text/markdown',
      });
      expectStatus(complete, 200, 'POST /api/data-sources/upload-complete');
      return `${ticket.dataSourceId}, ${size} bytes`;
    },
    processing: async () => {
      const file = created.find((item) => item.kind === 'file')!;
      const item = await waitFor(
        async () => {
          const answer = await call('GET', file.path);
          expectStatus(answer, 200, `GET ${file.path}`);
          return parsed(dataSourceItemSchema, answer, 'The file');
        },
        (value) => value.status === 'active',
        (value) => (value.status === 'failed' ? `ingest failed: ${value.metadata?.error ?? 'no reason given'}` : undefined),
        (value) => value.status,
      );
      return `${item.name} is ${item.status}`;
    },
    'knowledge base': async () => {
      const file = created.find((item) => item.kind === 'file')!;
      const answer = await call('POST', '/api/knowledge-bases', {
        name: `Smoke check ${stamp}`,
        description: 'Created and deleted by npm run smoke',
        source_type: 'files',
        embedding_model: 'text-embedding-ada-002',
        data_source_ids: [file.id],
      });
      expectStatus(answer, 201, 'POST /api/knowledge-bases');
      const knowledgeBase = parsed(knowledgeBaseSchema, answer, 'The knowledge base');
      created.push({ kind: 'knowledge base', id: knowledgeBase.id, path: `/api/knowledge-bases/${knowledgeBase.id}` });
      return `${knowledgeBase.id} (${knowledgeBase.status})`;
    },
    deploy: async () => {
      const knowledgeBase = created.find((item) => item.kind === 'knowledge base')!;
      const answer = await call('POST', `${knowledgeBase.path}/deploy`, {});
      expectStatus(answer, 202, `POST ${knowledgeBase.path}/deploy`);
      parsed(deployKnowledgeBaseResponseSchema, answer, 'The deploy answer');
      const ready = await waitFor(
        async () => {
          const read = await call('GET', knowledgeBase.path);
          expectStatus(read, 200, `GET ${knowledgeBase.path}`);
          return parsed(knowledgeBaseSchema, read, 'The knowledge base');
        },
        (value) => value.status === 'ready',
        (value) => (value.status === 'failed' ? `indexing failed: ${value.error ?? 'no reason given'}` : undefined),
        (value) => value.status,
      );
      return `ready, ${ready.document_count} document(s), ${ready.chunk_count} chunk(s)`;
    },
    application: async () => {
      const knowledgeBase = created.find((item) => item.kind === 'knowledge base')!;
      const answer = await call('POST', '/api/rag', {
        name: `Smoke check ${stamp}`,
        description: 'Created and deleted by npm run smoke',
        llmModel: 'gpt-3.5-turbo',
        indexIds: [knowledgeBase.id],
      });
      expectStatus(answer, 201, 'POST /api/rag');
      const application = parsed(adminApplicationSchema, answer, 'The application');
      created.push({ kind: 'application', id: application.id, path: `/api/rag/${application.id}` });
      return `${application.id} (${application.llm_model})`;
    },
    chat: async () => {
      const application = created.find((item) => item.kind === 'application')!;
      const sessionAnswer = await call('POST', `/api/chat/sessions/${application.id}`, { name: `Smoke check ${stamp}` });
      expectStatus(sessionAnswer, 201, `POST /api/chat/sessions/${application.id}`);
      const { session } = parsed(createChatSessionResponseSchema, sessionAnswer, 'The chat session');
      const sent = await call('POST', `/api/chat/messages/${application.id}/sessions/${session.id}`, {
        message: { text: 'What is the code word of the Groundwork smoke check?', sender: 'user' },
      });
      if (sent.status === 502) {
        // The model failed, not the platform: on AWS that is nearly always Bedrock model access.
        throw new StepFailure(`Sending the question answered ${problemOf(sent)}: the chat model failed; on AWS check Bedrock model access (docs/deployment.md, "Models on AWS: Amazon Bedrock") and the chat function's log`);
      }
      expectStatus(sent, 200, 'Sending the question');
      const reply = parsed(sendChatMessageResponseSchema, sent, 'The chat answer').messages.at(-1);
      if (reply?.sender !== 'assistant') throw new StepFailure('The chat answer ends with no assistant message');
      lastReply = reply;
      return `${reply.generator?.kind} ${reply.generator?.model}: "${reply.text.replace(/\s+/g, ' ').slice(0, 100)}${reply.text.length > 100 ? '…' : ''}"`;
    },
    citation: async () => {
      const file = created.find((item) => item.kind === 'file')!;
      const cited = lastReply?.sources ?? [];
      if (!cited.some((source) => source.documentId === file.id)) {
        throw new StepFailure(`The reply cites ${cited.length === 0 ? 'nothing' : cited.map((source) => source.name).join(', ')}, not the uploaded document ${file.id}`);
      }
      const quoted = lastReply?.text.includes(codeWord) ? 'and quotes its code word' : 'but does not quote its code word';
      return `cites the uploaded document ${quoted}`;
    },
  };

  log(`Groundwork smoke check against ${origin}`);
  let failedStep: string | undefined;
  let error: string | undefined;
  for (const [index, name] of SMOKE_STEPS.entries()) {
    const started = Date.now();
    const label = `[${index + 1}/${SMOKE_STEPS.length}] ${name}`;
    try {
      const detail = await steps[name]();
      log(`${label.padEnd(22)} ok    ${detail} (${Date.now() - started} ms)`);
    } catch (failure) {
      failedStep = name;
      error = failure instanceof StepFailure ? failure.message : `${(failure as Error).name}: ${(failure as Error).message}`;
      log(`${label.padEnd(22)} FAIL  ${error}`);
      break;
    }
  }

  const leftovers = await cleanUp(created, call, waitMs, pollMs, log);
  if (failedStep) log(`Smoke check FAILED at step "${failedStep}": ${error}`);
  else if (leftovers.length > 0) log('Smoke check passed, but cleanup left resources behind (above).');
  else log('Smoke check passed.');
  return { ok: !failedStep && leftovers.length === 0, failedStep, error, leftovers };
}

/** Newest first: the application holds the knowledge base, which holds the file. */
async function cleanUp(
  created: { kind: string; id: string; path: string }[],
  call: (method: string, path: string) => Promise<Answer>,
  waitMs: number,
  pollMs: number,
  log: (line: string) => void,
): Promise<string[]> {
  if (created.length === 0) return [];
  const leftovers: string[] = [];
  for (const item of [...created].reverse()) {
    const deadline = Date.now() + waitMs;
    let answer: Answer | undefined;
    try {
      for (;;) {
        answer = await call('DELETE', item.path);
        // A knowledge base cannot be deleted while it is processing (§15.6): wait it out.
        if (answer.status !== 409 || item.kind !== 'knowledge base' || Date.now() >= deadline) break;
        await sleep(pollMs);
      }
    } catch (failure) {
      answer = { status: 0, body: { message: (failure as Error).message } };
    }
    if (answer.status === 204 || answer.status === 404) {
      log(`cleanup                deleted ${item.kind} ${item.id}`);
    } else {
      const reason = problemOf(answer);
      leftovers.push(`${item.kind} ${item.id}: ${reason}`);
      log(`cleanup                FAIL  could not delete ${item.kind} ${item.id}: ${reason}; delete it in the web client`);
    }
  }
  return leftovers;
}
