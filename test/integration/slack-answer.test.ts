import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackAnswerKey } from '../../functions/domain/slack/slack-answer-ledger-store';
import { slackAnswerMessage } from '../../functions/domain/slack/slack-events';
import { SLACK_TEXTS } from '../../functions/domain/slack/slack-reply-text';
import { slackSignature } from '../../functions/domain/slack/slack-signature';
import { CHAT_SEND_LIMIT } from '../../functions/domain/chat/chat-rate-limit';
import { SessionRepository } from '../../functions/domain/chat/session-repository';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { fixedWindowAt } from '../../functions/domain/rate-limits/fixed-window';
import { settleDeadLetter } from '../../functions/workers/dead-letters/processors';
import { waitUntil } from '../support/knowledge-flows';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import { nextClientIp, unique } from '../support/unique-values';
import type { Json } from '../support/json';

/**
 * §18.1 end to end: a signed Slack event reaches the receiver, which queues `slack.answer`; the
 * chat-events worker answers it with the chat pipeline over a knowledge base built from an
 * uploaded file, and posts the answer with its sources in the thread, through a fake Slack Web API.
 * Each event is posted once, whether Slack repeats it or the queue delivers it again. A question
 * whose every attempt failed gets one apology in its thread (the chat-events dead-letter hook), and
 * an asker over the per-user chat limit gets a refusal there instead of an answer.
 */

type Body = Json;
const SIGNING_SECRET = 'slack-signing-secret-answer-0123';
const BOT_TOKEN = 'xoxb-3333-4444-answerworker';
const TEAM = 'T0ANSWER';
const CHANNEL = 'C0HANDBOOK';
const HANDBOOK = [
  'Travel and expenses handbook.',
  'Employees must submit expense reports within 30 days of the trip, with every receipt attached.',
  'Hotel stays are reimbursed up to 150 euros per night in capital cities and 110 euros elsewhere.',
  'Train travel is preferred over flights for any journey shorter than four hours.',
].join('\n\n');

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let demo: OrganizationRecord;
let admin: string;
let app: Body;
let slack: Server;
const posts: Array<{ path: string | undefined; authorization: string | undefined; body: Body; status: number }> = [];
/** Whether Slack answers a post with a 503 (an outage: a transient failure the worker retries). */
let slackDown: (body: Body) => boolean = () => false;

function call(method: string, path: string, token: string | undefined, body?: unknown): Promise<JsonAnswer<Body>> {
  return callApi<Body>(platform.url, method, path, { token, body, headers: { 'x-forwarded-for': nextClientIp() } });
}

function signed(payload: unknown): Promise<JsonAnswer<Body>> {
  const raw = JSON.stringify(payload);
  const at = String(Math.floor(Date.now() / 1000));
  return callApi<Body>(platform.url, 'POST', `/api/integrations/slack/events/${app.id}`, {
    rawBody: raw,
    headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': at, 'x-slack-signature': slackSignature(SIGNING_SECRET, at, raw) },
  });
}

const mention = (eventId: string, text: string, extra: Body = {}) => ({
  type: 'event_callback',
  team_id: TEAM,
  event_id: eventId,
  event: { type: 'app_mention', user: 'U0ASKER', text: `<@U0BOT> ${text}`, channel: CHANNEL, ts: '1700000100.000200', ...extra },
});

/** Lets the queue settle, then says how many answers Slack received. */
async function settledPostCount(): Promise<number> {
  await platform.queue.drain('chat-events', 30_000);
  return posts.length;
}

beforeAll(async () => {
  slack = createServer((request: IncomingMessage, response) => {
    let raw = '';
    request.on('data', (part) => (raw += part));
    request.on('end', () => {
      const body = JSON.parse(raw) as Body;
      if (slackDown(body)) {
        posts.push({ path: request.url, authorization: request.headers.authorization, body, status: 503 });
        response.writeHead(503, { 'content-type': 'text/plain' });
        response.end('upstream unavailable');
        return;
      }
      posts.push({ path: request.url, authorization: request.headers.authorization, body, status: 200 });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: true, ts: '1700000101.000300' }));
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
  process.env.SLACK_API_BASE_URL = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/api`;

  platform = await startTestPlatform({ trustProxy: true });
  demo = (await new OrganizationRepository(platform.ports.database).findByDomain('demo.example.com')) as OrganizationRecord;
  const login = await call('POST', '/api/auth/login', undefined, { email: platform.credentials.ADMIN.email, password: platform.credentials.ADMIN.password });
  admin = login.body.token;

  const content = HANDBOOK;
  const ticket = await call('POST', '/api/data-sources/upload-url', admin, { filename: 'travel-handbook.txt', size: Buffer.byteLength(content) });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  expect((await fetch(ticket.body.uploadUrl, { method: 'PUT', headers: ticket.body.headers, body: content })).status).toBe(200);
  const completed = await call('POST', '/api/data-sources/upload-complete', admin, { dataSourceId: ticket.body.dataSourceId, objectName: ticket.body.objectName, size: Buffer.byteLength(content) });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  await waitUntil(async () => (await call('GET', `/api/data-sources/${ticket.body.dataSourceId}`, admin)).body.status, 'active');

  const kb = await call('POST', '/api/knowledge-bases', admin, { name: unique('Travel '), source_type: 'files', embedding_model: 'text-embedding-ada-002', chunk_size: 200, overlap: 20, data_source_ids: [ticket.body.dataSourceId] });
  expect(kb.status, JSON.stringify(kb.body)).toBe(201);
  expect((await call('POST', `/api/knowledge-bases/${kb.body.id}/deploy`, admin, {})).status).toBe(202);
  await waitUntil(async () => (await call('GET', `/api/knowledge-bases/${kb.body.id}`, admin)).body.status, 'ready');

  const created = await call('POST', '/api/rag', admin, {
    name: unique('Slack travel '),
    llmModel: 'claude-3-sonnet',
    indexIds: [kb.body.id],
    integrations: [{ type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: BOT_TOKEN, signingSecret: SIGNING_SECRET, channels: '#travel' } }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  app = created.body;
}, 240_000);

afterAll(async () => {
  delete process.env.SLACK_API_BASE_URL;
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
  await new Promise<void>((resolve) => (slack ? slack.close(() => resolve()) : resolve()));
});

describe('the Slack answer worker (§18.1, §23.1 chat-events)', () => {
  it('answers a mention in its thread with the bot token, citing the indexed document', async () => {
    expect((await signed(mention('EvAnswer1', 'What is the hotel limit in capital cities?'))).body).toEqual({ ok: true });
    await expect.poll(() => posts.length, { timeout: 30_000 }).toBe(1);
    const [post] = posts;
    expect(post?.path).toBe('/api/chat.postMessage');
    expect(post?.authorization).toBe(`Bearer ${BOT_TOKEN}`);
    expect(post?.body).toMatchObject({ channel: CHANNEL, thread_ts: '1700000100.000200' });
    expect(post?.body.text).toContain('150 euros');
    expect(post?.body.text).toMatch(/\*Sources\*\n\[1\] travel-handbook\.txt/);
    // The offline answerer wrote it, and Slack says so (§2: never presented as an LLM answer).
    expect(post?.body.text).toMatch(/^_Extracted answer — no language model_/);
  });

  it('posts nothing more when Slack repeats the event or the queue delivers the message again', async () => {
    expect((await signed(mention('EvAnswer1', 'What is the hotel limit in capital cities?'))).body).toEqual({ ok: true });
    const payload = { applicationId: app.id, teamId: TEAM, channel: CHANNEL, threadTs: '1700000100.000200', slackUserId: 'U0ASKER', text: 'What is the hotel limit in capital cities?', eventId: 'EvAnswer1' };
    await platform.queue.send('chat-events', slackAnswerMessage(demo.id, payload));
    await platform.queue.send('chat-events', slackAnswerMessage(demo.id, payload));
    expect(await settledPostCount()).toBe(1);
    expect(platform.queue.deadLetters('chat-events')).toEqual([]);
    const record = await platform.ports.database.client.send(
      new GetCommand({ TableName: platform.ports.database.tableName, Key: slackAnswerKey({ organizationId: demo.id, applicationId: app.id, eventId: 'EvAnswer1' }), ConsistentRead: true }),
    );
    expect(record.Item?.state).toBe('done');
  });

  it('keeps one session per thread: a follow-up in the thread continues it on the slack channel', async () => {
    expect((await signed(mention('EvAnswer2', 'Is train travel preferred over flights?', { thread_ts: '1700000100.000200', ts: '1700000200.000400' }))).body).toEqual({ ok: true });
    await expect.poll(() => posts.length, { timeout: 30_000 }).toBe(2);
    expect(posts[1]?.body).toMatchObject({ channel: CHANNEL, thread_ts: '1700000100.000200' });
    expect(posts[1]?.body.text).toContain('four hours');
    const { items } = await new SessionRepository(platform.ports.database).listOwned({ organizationId: demo.id, applicationId: app.id, channel: 'slack', userId: `slack:${TEAM}:U0ASKER` });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ channel: 'slack', message_count: 4, name: 'What is the hotel limit in capital cities?' });
  });

  it('drops, without retries, a queued question once the Slack integration is disabled', async () => {
    const disabled = await call('PUT', `/api/rag/${app.id}`, admin, {
      integrations: [{ type: 'messaging', platform: 'slack', enabled: false, settings: { botToken: '********', signingSecret: '********', channels: '#travel' } }],
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    const payload = { applicationId: app.id, teamId: TEAM, channel: CHANNEL, threadTs: '1700000300.000100', slackUserId: 'U0ASKER', text: 'Expense report deadline?', eventId: 'EvAnswer3' };
    await platform.queue.send('chat-events', slackAnswerMessage(demo.id, payload));
    expect(await settledPostCount()).toBe(2);
    expect(platform.queue.deadLetters('chat-events')).toEqual([]);
  });
});

describe('after the final failure, and per asker (§23.1, §1.8)', () => {
  beforeAll(async () => {
    const enabled = await call('PUT', `/api/rag/${app.id}`, admin, {
      integrations: [{ type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: '********', signingSecret: '********', channels: '#travel' } }],
    });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  });

  const inThread = (threadTs: string) => posts.filter((post) => post.body.thread_ts === threadTs);

  it('apologizes once in the thread when every attempt to post the answer failed, and never again', async () => {
    const thread = '1700000400.000100';
    const eventId = 'EvOutage';
    const letterOf = () => platform.queue.deadLetters('chat-events').find((letter) => letter.body.includes(eventId));
    // Slack is down for this thread (503, which the worker retries) until the queue gives up on the
    // message: every attempt fails, however many the queue allows, and the apology finds Slack back.
    slackDown = (body) => body.thread_ts === thread && letterOf() === undefined;
    try {
      expect((await signed(mention(eventId, 'When must expense reports be submitted?', { ts: thread }))).body).toEqual({ ok: true });
      await platform.queue.drain('chat-events', 30_000);
    } finally {
      slackDown = () => false;
    }
    const letter = letterOf();
    expect(letter).toBeDefined();
    const attempts = inThread(thread).filter((post) => post.status === 503);
    // One refused post of the same stored answer per receive: the model was asked once.
    expect(attempts).toHaveLength(letter!.receiveCount);
    expect(new Set(attempts.map((post) => post.body.text)).size).toBe(1);
    expect(attempts[0]?.body.text).not.toBe(SLACK_TEXTS.apology);
    expect(inThread(thread).filter((post) => post.status === 200)).toEqual([
      { path: '/api/chat.postMessage', authorization: `Bearer ${BOT_TOKEN}`, body: { channel: CHANNEL, thread_ts: thread, text: SLACK_TEXTS.apology }, status: 200 },
    ]);

    // The letter settled again (the cloud's dead-letter queue delivers at least once), and the
    // message itself redriven: nothing more is posted.
    await settleDeadLetter(platform.ports, 'chat-events', letter!.body);
    expect(await platform.queue.redriveDeadLetters('chat-events')).toBe(1);
    await platform.queue.drain('chat-events', 30_000);
    expect(inThread(thread)).toHaveLength(letter!.receiveCount + 1);
    expect(platform.queue.deadLetters('chat-events')).toEqual([]);
  });

  it(`refuses, in the thread, the question after ${CHAT_SEND_LIMIT.limit} in a minute from one Slack user, and leaves other users alone`, async () => {
    const ask = async (user: string, eventId: string, threadTs: string, text: string) => {
      const before = posts.length;
      expect((await signed(mention(eventId, text, { user, ts: threadTs }))).body).toEqual({ ok: true });
      await expect.poll(() => posts.length, { timeout: 30_000 }).toBe(before + 1);
      return posts[before]!;
    };
    // The limit counts in fixed windows: start the burst where it fits in one (it takes seconds).
    const burstStart = Date.now();
    const window = fixedWindowAt(burstStart, CHAT_SEND_LIMIT.windowSeconds);
    if (window.endsAt * 1000 - burstStart < 40_000) await new Promise((resolve) => setTimeout(resolve, window.endsAt * 1000 - burstStart + 100));
    const windowIndex = fixedWindowAt(Date.now(), CHAT_SEND_LIMIT.windowSeconds).index;

    // One thread, one question after the other: each is answered before the next is asked.
    const thread = '1700000500.000100';
    for (let index = 0; index < CHAT_SEND_LIMIT.limit; index += 1) {
      const answer = await ask('U0CHATTY', `EvBusy${index}`, thread, index % 2 === 0 ? 'Is train travel preferred over flights?' : 'What is the hotel limit?');
      expect(answer.body.text, `question ${index + 1}`).not.toBe(SLACK_TEXTS.rateLimited);
    }
    const refused = await ask('U0CHATTY', 'EvBusyOver', thread, 'And for capital cities?');
    const other = await ask('U0QUIET', 'EvQuiet', '1700000600.000100', 'Is train travel preferred over flights?');
    expect(fixedWindowAt(Date.now(), CHAT_SEND_LIMIT.windowSeconds).index, 'the burst overran its rate window').toBe(windowIndex);

    expect(refused).toMatchObject({ status: 200, body: { channel: CHANNEL, thread_ts: thread, text: SLACK_TEXTS.rateLimited } });
    expect(other.body).toMatchObject({ thread_ts: '1700000600.000100' });
    expect(other.body.text).toContain('four hours');
    // The refused question was neither stored nor retried.
    await platform.queue.drain('chat-events', 30_000);
    expect(inThread(thread).filter((post) => post.body.text === SLACK_TEXTS.rateLimited)).toHaveLength(1);
    expect(platform.queue.deadLetters('chat-events')).toEqual([]);
    const { items } = await new SessionRepository(platform.ports.database).listOwned({ organizationId: demo.id, applicationId: app.id, channel: 'slack', userId: `slack:${TEAM}:U0CHATTY` });
    expect(items.map((session) => session.message_count)).toEqual([2 * CHAT_SEND_LIMIT.limit]);
  }, 120_000);
});
