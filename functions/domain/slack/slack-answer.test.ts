import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DatabasePort } from '../../contracts/ports/database';
import type { QueueMessage } from '../../contracts/ports/queue';
import type { ChatSessionRecord } from '../chat/chat-records';
import { ConversationLimitError } from '../chat/conversation-quota';
import { GenerationFailedError } from '../chat/chat-errors';
import { applicationKeys, type ApplicationRecord } from '../applications/application-record';
import { answerSlackEvent, type SlackAnswerDependencies } from './slack-answer';
import { apologizeForSlackAnswer, SlackAnswerInProgressError, type SlackApologyDependencies } from './slack-apology';
import { SLACK_ANSWER_MEMORY_S } from './slack-answer-ledger-store';
import type { SlackAnswerClaim, SlackAnswerKey, SlackAnswerLedger } from './slack-answer-ledger-store';
import type { SlackPost, SlackPostResult } from './slack-client';
import { SLACK_TEXTS } from './slack-reply-text';
import type { RateDecision } from '../rate-limits/rate-limit-store';

const ORG = 'org_1';
const KB = { id: 'kb_1', name: 'Handbook', active_index_version: 1, organization_id: ORG };

function application(overrides: Partial<ApplicationRecord> = {}, slackEnabled = true): ApplicationRecord {
  return {
    id: 'app_1',
    organization_id: ORG,
    name: 'Helper',
    description: '',
    enabled: true,
    llm_model: 'claude-3-sonnet',
    index_ids: [KB.id],
    integrations: [{ type: 'messaging', platform: 'slack', enabled: slackEnabled, channels: '', bot_token_cipher: 'cipher', signing_secret_cipher: 'cipher' }],
    created_by: 'usr_1',
    created_by_name: 'Avery',
    created_at: '2025-03-01T09:00:00.000Z',
    updated_at: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** Reads of the application, the organization and the knowledge bases; nothing else reaches the table here. */
function fakeDatabase(app: ApplicationRecord | undefined): DatabasePort {
  const client = {
    send: async (command: unknown) => {
      if (command instanceof GetCommand) {
        const key = command.input.Key as { PK: string; SK: string };
        if (app && key.SK === applicationKeys.application(ORG, app.id).SK) return { Item: { ...key, ...app } };
        if (key.SK === 'ORG') return { Item: { ...key, id: ORG, is_system_org: false } };
        return {};
      }
      if (command instanceof BatchGetCommand) return { Responses: { t: [KB] } };
      throw new Error(`Unexpected command ${(command as object).constructor.name}`);
    },
  };
  return { adapter: 'dynamodb-local', client, tableName: 't', ping: async () => undefined } as unknown as DatabasePort;
}

/** The ledger's rules in memory: one lease holder, and a finished event stays finished. */
function memoryLedger() {
  const records = new Map<string, { state: 'answering' | 'answered' | 'done'; reply?: string; leased: boolean }>();
  const id = (key: SlackAnswerKey) => `${key.applicationId}#${key.eventId}`;
  const ledger: SlackAnswerLedger = {
    async claim(key): Promise<SlackAnswerClaim> {
      const record = records.get(id(key));
      if (record?.state === 'done') return { kind: 'done' };
      if (record?.leased) return { kind: 'busy' };
      if (!record) records.set(id(key), { state: 'answering', leased: true });
      else record.leased = true;
      const current = records.get(id(key))!;
      return current.reply === undefined ? { kind: 'claimed' } : { kind: 'claimed', reply: current.reply };
    },
    async recordReply(key, reply) {
      Object.assign(records.get(id(key))!, { state: 'answered', reply });
    },
    async markDone(key) {
      Object.assign(records.get(id(key))!, { state: 'done', leased: false });
    },
    async release(key) {
      const record = records.get(id(key));
      if (record) record.leased = false;
    },
  };
  return { ledger, records };
}

const message = (payload: Record<string, unknown> = {}): QueueMessage => ({
  type: 'slack.answer',
  version: 1,
  messageId: 'm-1',
  organizationId: ORG,
  requestedBy: 'system',
  createdAt: '2025-03-01T09:30:00.000Z',
  payload: { applicationId: 'app_1', teamId: 'T1', channel: 'C1', threadTs: '1700000000.000100', slackUserId: 'U1', text: 'What is the hotel limit?', eventId: 'Ev1', ...payload },
});

let posts: SlackPost[];
let answered: Array<Parameters<SlackAnswerDependencies['answer']>[0]>;
let threads: Array<{ thread: unknown; askerId: string }>;
let postResult: SlackPostResult;
let answerImpl: SlackAnswerDependencies['answer'];
let memory: ReturnType<typeof memoryLedger>;
let admitted: string[];
let admission: RateDecision;

function deps(app: ApplicationRecord | null = application(), token: string | null = 'xoxb-token'): SlackAnswerDependencies {
  return {
    ports: { database: fakeDatabase(app ?? undefined), vectors: {} as never, embeddings: {} as never, chatModel: {} as never },
    ledger: memory.ledger,
    answer: async (input) => {
      answered.push(input);
      return answerImpl(input);
    },
    threadSession: async (thread, askerId) => {
      threads.push({ thread, askerId });
      return { id: 'ses_1' } as ChatSessionRecord;
    },
    admit: async (asker) => {
      admitted.push(asker);
      return admission;
    },
    botToken: async () => token ?? undefined,
    post: async (post) => {
      posts.push(post);
      return postResult;
    },
  };
}

beforeEach(() => {
  posts = [];
  answered = [];
  threads = [];
  postResult = { ok: true };
  memory = memoryLedger();
  admitted = [];
  admission = { allowed: true, used: 1 };
  answerImpl = async () => ({
    text: 'Hotels are reimbursed up to 150 euros per night [1].',
    sources: [{ documentId: 'ds_1', name: 'handbook.txt', knowledgeBaseId: KB.id, snippet: '…', score: 0.9, sourceType: 'file', url: null }],
    generator: { kind: 'extractive', model: 'groundwork-extractive-v1' },
  });
});

describe('answerSlackEvent (§18.1 slack.answer)', () => {
  it("answers in the thread with the application's knowledge bases, the thread's session and the decrypted bot token, sources listed under the answer", async () => {
    await answerSlackEvent(message(), deps());
    expect(threads).toEqual([{ thread: { organizationId: ORG, applicationId: 'app_1', teamId: 'T1', channel: 'C1', threadTs: '1700000000.000100' }, askerId: 'U1' }]);
    expect(answered).toHaveLength(1);
    expect(answered[0]!.knowledgeBases.map((knowledgeBase) => knowledgeBase.id)).toEqual([KB.id]);
    expect(answered[0]!.text).toBe('What is the hotel limit?');
    expect(posts).toEqual([
      {
        botToken: 'xoxb-token',
        channel: 'C1',
        threadTs: '1700000000.000100',
        text: '_Extracted answer — no language model_\n\nHotels are reimbursed up to 150 euros per night [1].\n\n*Sources*\n[1] handbook.txt',
      },
    ]);
  });

  it('posts once however often the message is delivered', async () => {
    await answerSlackEvent(message(), deps());
    await answerSlackEvent(message(), deps());
    expect(posts).toHaveLength(1);
    expect(answered).toHaveLength(1);
  });

  it('leaves a question being answered by another delivery to it', async () => {
    await memory.ledger.claim({ organizationId: ORG, applicationId: 'app_1', eventId: 'Ev1' });
    await answerSlackEvent(message(), deps());
    expect(posts).toEqual([]);
  });

  it('drops, without answering or posting, a question to a disabled application or integration, a deleted application, or one without a bot token', async () => {
    await answerSlackEvent(message(), deps(application({ enabled: false })));
    await answerSlackEvent(message(), deps(application({}, false)));
    await answerSlackEvent(message(), deps(null));
    await answerSlackEvent(message(), deps(application(), null));
    await answerSlackEvent(message({ eventId: '' }), deps());
    expect(answered).toEqual([]);
    expect(posts).toEqual([]);
  });

  it('retries a failed generation, and posts the answer of the attempt that succeeds', async () => {
    answerImpl = async () => {
      throw new GenerationFailedError(new Error('model down'));
    };
    await expect(answerSlackEvent(message(), deps())).rejects.toBeInstanceOf(GenerationFailedError);
    expect(posts).toEqual([]);
    answerImpl = async () => ({ text: 'Now it works.', sources: [], generator: { kind: 'llm', model: 'claude-3-sonnet' } });
    await answerSlackEvent(message(), deps());
    expect(posts.map((post) => post.text)).toEqual(['Now it works.']);
  });

  it('retries a transient Slack failure with the stored reply, without answering again', async () => {
    postResult = { ok: false, error: 'http_503' };
    await expect(answerSlackEvent(message(), deps())).rejects.toThrow(/http_503/);
    postResult = { ok: true };
    await answerSlackEvent(message(), deps());
    expect(answered).toHaveLength(1);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.text).toBe(posts[0]!.text);
  });

  it("gives up, without a retry, on Slack's final refusals", async () => {
    postResult = { ok: false, error: 'channel_not_found' };
    await answerSlackEvent(message(), deps());
    await answerSlackEvent(message(), deps());
    expect(posts).toHaveLength(1);
  });

  it("posts the plan's conversation limit in the thread instead of an answer", async () => {
    answerImpl = async () => {
      throw new ConversationLimitError(100, 100);
    };
    await answerSlackEvent(message(), deps());
    expect(posts.map((post) => post.text)).toEqual(['Monthly conversation limit reached for your plan']);
  });

  it('counts each question against its asker (team and user) once, not again when only the post is retried', async () => {
    postResult = { ok: false, error: 'http_503' };
    await expect(answerSlackEvent(message(), deps())).rejects.toThrow(/http_503/);
    postResult = { ok: true };
    await answerSlackEvent(message(), deps());
    expect(admitted).toEqual(['slack:T1:U1']);
  });

  it('posts the refusal, without answering, storing or retrying, when the asker is over the chat limit', async () => {
    admission = { allowed: false, retryAfterSeconds: 12 };
    await answerSlackEvent(message(), deps());
    expect(answered).toEqual([]);
    expect(threads).toEqual([]);
    expect(posts.map((post) => post.text)).toEqual([SLACK_TEXTS.rateLimited]);
    // A repeat of the event posts nothing more, and a transient failure of the refusal's post retries the post only.
    await answerSlackEvent(message(), deps());
    expect(posts).toHaveLength(1);
    postResult = { ok: false, error: 'ratelimited' };
    await expect(answerSlackEvent(message({ eventId: 'Ev2' }), deps())).rejects.toThrow(/ratelimited/);
    admission = { allowed: true, used: 1 };
    postResult = { ok: true };
    await answerSlackEvent(message({ eventId: 'Ev2' }), deps());
    expect(posts.map((post) => post.text)).toEqual([SLACK_TEXTS.rateLimited, SLACK_TEXTS.rateLimited, SLACK_TEXTS.rateLimited]);
    expect(answered).toEqual([]);
    expect(admitted).toEqual(['slack:T1:U1', 'slack:T1:U1']);
  });
});

describe('apologizeForSlackAnswer (the dead letter of a slack.answer)', () => {
  const sent = Date.parse('2025-03-01T09:30:00.000Z');
  const apologyDeps = (app: ApplicationRecord | null = application(), token: string | null = 'xoxb-token', now = sent + 60_000): SlackApologyDependencies => {
    const { ports, ledger, botToken, post } = deps(app, token);
    return { ports, ledger, botToken, post, now: () => now };
  };

  it('posts one apology in the asker\'s thread however often the dead letter is delivered', async () => {
    await apologizeForSlackAnswer(message(), apologyDeps());
    await apologizeForSlackAnswer(message(), apologyDeps());
    expect(posts).toEqual([{ botToken: 'xoxb-token', channel: 'C1', threadTs: '1700000000.000100', text: SLACK_TEXTS.apology }]);
    // …and the message itself, redelivered, posts nothing either.
    await answerSlackEvent(message(), deps());
    expect(posts).toHaveLength(1);
    expect(answered).toEqual([]);
  });

  it('apologizes instead of the stored reply that Slack refused on every attempt', async () => {
    postResult = { ok: false, error: 'http_503' };
    await expect(answerSlackEvent(message(), deps())).rejects.toThrow(/http_503/);
    postResult = { ok: true };
    await apologizeForSlackAnswer(message(), apologyDeps());
    expect(posts.map((post) => post.text)).toEqual([expect.stringContaining('150 euros'), SLACK_TEXTS.apology]);
  });

  it('posts nothing when the answer was posted, or the event given up on, before', async () => {
    await answerSlackEvent(message(), deps());
    await apologizeForSlackAnswer(message(), apologyDeps());
    postResult = { ok: false, error: 'channel_not_found' };
    await answerSlackEvent(message({ eventId: 'Ev2' }), deps());
    await apologizeForSlackAnswer(message({ eventId: 'Ev2' }), apologyDeps());
    expect(posts.map((post) => post.text)).toEqual([expect.stringContaining('150 euros'), expect.stringContaining('150 euros')]);
  });

  it('posts nothing for a disabled application or integration, a deleted application, no bot token, or a question older than the ledger remembers', async () => {
    await apologizeForSlackAnswer(message(), apologyDeps(application({ enabled: false })));
    await apologizeForSlackAnswer(message(), apologyDeps(application({}, false)));
    await apologizeForSlackAnswer(message(), apologyDeps(null));
    await apologizeForSlackAnswer(message(), apologyDeps(application(), null));
    await apologizeForSlackAnswer(message(), apologyDeps(application(), 'xoxb-token', sent + SLACK_ANSWER_MEMORY_S * 1000 + 1));
    expect(posts).toEqual([]);
    expect(memory.records.size).toBe(0);
  });

  it('fails, for another delivery of the letter, while a delivery holds the event or Slack is down, and apologizes once after', async () => {
    await memory.ledger.claim({ organizationId: ORG, applicationId: 'app_1', eventId: 'Ev1' });
    await expect(apologizeForSlackAnswer(message(), apologyDeps())).rejects.toBeInstanceOf(SlackAnswerInProgressError);
    await memory.ledger.release({ organizationId: ORG, applicationId: 'app_1', eventId: 'Ev1' });
    postResult = { ok: false, error: 'service_unavailable' };
    await expect(apologizeForSlackAnswer(message(), apologyDeps())).rejects.toThrow(/service_unavailable/);
    postResult = { ok: true };
    await apologizeForSlackAnswer(message(), apologyDeps());
    await apologizeForSlackAnswer(message(), apologyDeps());
    expect(posts.map((post) => post.text)).toEqual([SLACK_TEXTS.apology, SLACK_TEXTS.apology]);
    expect(memory.records.get('app_1#Ev1')?.state).toBe('done');
  });
});
