import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, type LoopbackServer } from '../../../test/support/loopback-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Passage } from '../../contracts/ports/passage';
import { ChatModelError, MAX_OUTPUT_TOKENS } from '../../contracts/ports/chat-model';
import { createOpenAiCompatibleChatModel, resolveOpenAiModel } from './openai-compatible-chat-model';

interface Seen {
  authorization: string | undefined;
  body: { model: string; messages: Array<{ role: string; content: string }>; max_tokens: number; temperature: number };
}

/** A fake chat completions server: it answers with the reply queued for it, or a failure. */
let server: LoopbackServer;
let baseUrl: string;
let seen: Seen[] = [];
let replies: Array<{ status: number; body: unknown; delayMs?: number }> = [];

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const part of request) body += part;
  return body;
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  if (request.url !== '/v1/chat/completions') return void response.writeHead(404).end();
  seen.push({ authorization: request.headers.authorization, body: JSON.parse(await readBody(request)) as Seen['body'] });
  const reply = replies.shift() ?? { status: 200, body: { choices: [{ message: { role: 'assistant', content: 'Refunds take 30 days [1].' } }] } };
  if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
  response.writeHead(reply.status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(reply.body));
}

beforeAll(async () => {
  server = await listenOnLoopback(handle);
  baseUrl = `${server.origin}/v1`;
});
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  replies = [];
});

const passages: Passage[] = [{ documentId: 'fil_1', name: 'refunds.md', knowledgeBaseId: 'kb_1', snippet: 'Refunds…', text: 'Refunds take 30 days.', score: 0.9, sourceType: 'file' }];

describe('createOpenAiCompatibleChatModel', () => {
  it('posts the grounded prompt with the key and answers text, citations and the model that ran', async () => {
    const model = createOpenAiCompatibleChatModel({ baseUrl: `${baseUrl}/`, apiKey: 'sk-test' });
    const answer = await model.answer({ question: 'How long do refunds take?', history: [{ sender: 'user', text: 'Hi' }, { sender: 'assistant', text: 'Hello' }], passages, model: 'gpt-4' });
    expect(answer).toEqual({ text: 'Refunds take 30 days [1].', citedPassageIndexes: [0], generator: { kind: 'llm', model: 'gpt-4' } });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.authorization).toBe('Bearer sk-test');
    expect(seen[0]?.body.model).toBe('gpt-4');
    expect(seen[0]?.body.max_tokens).toBe(MAX_OUTPUT_TOKENS);
    expect(seen[0]?.body.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(seen[0]?.body.messages[3]?.content).toContain('[1] refunds.md\nRefunds take 30 days.');
  });

  it('maps product ids through the map, then GPT ids as themselves, then the fallback model', async () => {
    expect(resolveOpenAiModel('gpt-3.5-turbo', {})).toBe('gpt-3.5-turbo');
    expect(resolveOpenAiModel('gpt-4', { modelMap: { 'gpt-4': 'gpt-4o' } })).toBe('gpt-4o');
    expect(resolveOpenAiModel('mistral-7b', { fallbackModel: 'llama3.1:8b' })).toBe('llama3.1:8b');
    expect(() => resolveOpenAiModel('claude-3-opus', {})).toThrow(ChatModelError);
    const model = createOpenAiCompatibleChatModel({ baseUrl, fallbackModel: 'llama3.1:8b' });
    const answer = await model.answer({ question: 'q', history: [], passages, model: 'claude-3-opus' });
    expect(answer.generator).toEqual({ kind: 'llm', model: 'llama3.1:8b' });
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('retries 429 and 5xx, and fails at once on other errors', async () => {
    replies = [{ status: 503, body: {} }, { status: 429, body: {} }];
    const model = createOpenAiCompatibleChatModel({ baseUrl, initialBackoffMs: 1, maxAttempts: 3 });
    expect((await model.answer({ question: 'q', history: [], passages, model: 'gpt-4' })).text).toBe('Refunds take 30 days [1].');
    expect(seen).toHaveLength(3);

    seen = [];
    replies = [{ status: 400, body: { error: { message: 'bad model' } } }];
    await expect(model.answer({ question: 'q', history: [], passages, model: 'gpt-4' })).rejects.toMatchObject({ name: 'Error', status: 400 });
    expect(seen).toHaveLength(1);

    replies = [{ status: 500, body: {} }, { status: 500, body: {} }, { status: 500, body: {} }];
    await expect(model.answer({ question: 'q', history: [], passages, model: 'gpt-4' })).rejects.toThrow(/after 3 attempts/);
  });

  it('stops when the caller aborts', async () => {
    replies = [{ status: 200, body: { choices: [{ message: { content: 'late' } }] }, delayMs: 500 }];
    const model = createOpenAiCompatibleChatModel({ baseUrl });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(model.answer({ question: 'q', history: [], passages, model: 'gpt-4', signal: controller.signal })).rejects.toThrow();
  });

  it('cites nothing when the server says nothing relevant was found', async () => {
    replies = [{ status: 200, body: { choices: [{ message: { content: "I couldn't find anything relevant to your question in this application's knowledge bases." } }] } }];
    const answer = await createOpenAiCompatibleChatModel({ baseUrl }).answer({ question: 'q', history: [], passages, model: 'gpt-4' });
    expect(answer.citedPassageIndexes).toEqual([]);
  });
});
