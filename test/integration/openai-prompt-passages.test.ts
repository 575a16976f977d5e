import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeFlows, type Body, type KnowledgeFlows } from '../support/knowledge-flows';
import { removeDataDir, startTestPlatform } from '../support/local-platform-fixture';

/**
 * Issue 17, a configured model: with an OpenAI-compatible server (here a local fake one), the chat's
 * prompt carries the same diversified, numbered passages the extractive answerer gets (at most two
 * of a document, so one long page cannot fill the five places), and the reply's sources are those
 * numbered passages in the same order, so each marker of the model's reply names the passage it cited.
 */

const LONG_PAGE = Array.from({ length: 8 }, (_, n) => `Backup schedule part ${n + 1}. Backups of the main cluster run every night, and backups are verified each morning by the backup job.`).join('\n\n');
const SHORT_PAGES = ['Backups of mail servers are kept for 35 days.', 'Laptop backups go to the cloud backup vault weekly.', 'Database backups are encrypted at rest.', 'Backup restores are tested every quarter.'];

let server: Server;
let prompts: Array<Array<{ role: string; content: string }>> = [];
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let api: KnowledgeFlows;
let token: string;
let app: Body;
const saved: Record<string, string | undefined> = {};

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const part of request) body += part;
  return body;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((text) => {
      prompts.push((JSON.parse(text) as { messages: Array<{ role: string; content: string }> }).messages);
      response.writeHead(200, { 'content-type': 'application/json' });
      // Cites the third passage first, then the first: the markers keep their numbers, which are the sources'.
      response.end(JSON.stringify({ model: 'fake-model', choices: [{ message: { role: 'assistant', content: 'Mail backups are kept for 35 days [3]. Backups run nightly [1].' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const environment = { GROUNDWORK_CHAT_ADAPTER: 'openai', OPENAI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, OPENAI_API_KEY: 'test-key', OPENAI_CHAT_MODEL: 'fake-model' };
  for (const [name, value] of Object.entries(environment)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  platform = await startTestPlatform();
  api = knowledgeFlows(platform);
  token = await api.login(platform.credentials.ADMIN.email, platform.credentials.ADMIN.password);
  const ids = [await api.uploadFile(token, 'backup-schedule.txt', LONG_PAGE)];
  for (const [n, text] of SHORT_PAGES.entries()) ids.push(await api.uploadFile(token, `backup-note-${n + 1}.txt`, text));
  const knowledgeBase = await api.readyKnowledgeBase(token, 'Backups', ids);
  app = await api.createApplication(token, { name: 'Backup helper', llmModel: 'gpt-4', indexIds: [knowledgeBase.id] });
}, 240_000);

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('an OpenAI-compatible model gets the diversified passages', () => {
  it('numbers at most two passages of a document, and lists those numbered passages as the sources, so the reply markers keep their numbers', async () => {
    prompts = [];
    const session = await api.newSession(app.id, token);
    const sent = await api.ask(app.id, session.id, token, 'What about backups?');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const question = prompts[0]?.at(-1)?.content ?? '';
    const numbered = [...question.matchAll(/^\[(\d+)\] (\S+)/gm)].map((match) => ({ number: Number(match[1]), name: match[2] as string }));
    expect(numbered.map((passage) => passage.number)).toEqual([1, 2, 3, 4, 5]);
    const perDocument = new Map<string, number>();
    for (const { name } of numbered) perDocument.set(name, (perDocument.get(name) ?? 0) + 1);
    expect(Math.max(...perDocument.values())).toBeLessThanOrEqual(2);
    expect(perDocument.size).toBeGreaterThanOrEqual(4);

    const reply = sent.body.messages[1];
    expect(reply.generator).toMatchObject({ kind: 'llm' });
    expect(reply.text).toBe('Mail backups are kept for 35 days [3]. Backups run nightly [1].');
    expect(reply.sources.map((source: Body) => source.name)).toEqual(numbered.map((passage) => passage.name));
  });
});
