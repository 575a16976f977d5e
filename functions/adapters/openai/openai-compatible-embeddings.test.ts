import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, type LoopbackServer } from '../../../test/support/loopback-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleEmbeddings, EmbeddingsRequestError, instructionPrefixes } from './openai-compatible-embeddings';

interface Seen {
  authorization: string | undefined;
  body: { model: string; input: string[]; dimensions?: number };
}

/** A fake embeddings server: each vector is [length of the text, position in the batch, 1]. */
let server: LoopbackServer;
let baseUrl: string;
let seen: Seen[] = [];
let failures: Array<{ status: number; headers?: Record<string, string> }> = [];

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const part of request) body += part;
  return body;
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  const body = JSON.parse(await readBody(request)) as Seen['body'];
  seen.push({ authorization: request.headers.authorization, body });
  const failure = failures.shift();
  if (failure) {
    response.writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers });
    response.end(JSON.stringify({ error: { message: `failure ${failure.status}` } }));
    return;
  }
  if (request.url !== '/v1/embeddings' && request.url !== '/v1/short/embeddings') {
    response.writeHead(404).end();
    return;
  }
  // Answered out of order on purpose: clients must sort by `index`. `/short` loses the last vector.
  const data = body.input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length, index, 1] })).reverse();
  if (request.url === '/v1/short/embeddings') data.shift();
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ object: 'list', model: body.model, data, usage: { prompt_tokens: 1, total_tokens: 1 } }));
}

beforeAll(async () => {
  server = await listenOnLoopback(handle);
  baseUrl = `${server.origin}/v1`;
});
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  failures = [];
});

describe('createOpenAiCompatibleEmbeddings', () => {
  it('posts { model, input } in batches with the bearer key and returns vectors in input order', async () => {
    const embeddings = createOpenAiCompatibleEmbeddings({ baseUrl: `${baseUrl}/`, apiKey: 'sk-test', model: 'nomic-embed-text', batchSize: 2 });
    expect(embeddings.dimensions).toBeNull();

    const vectors = await embeddings.embed(['a', 'bb', 'ccc', 'dddd', 'eeeee'], 'document');
    expect(vectors).toEqual([
      [1, 0, 1],
      [2, 1, 1],
      [3, 0, 1],
      [4, 1, 1],
      [5, 0, 1],
    ]);
    expect(seen.map((request) => request.body.input)).toEqual([['a', 'bb'], ['ccc', 'dddd'], ['eeeee']]);
    expect(seen[0]).toEqual({ authorization: 'Bearer sk-test', body: { model: 'nomic-embed-text', input: ['a', 'bb'] } });
    expect(embeddings.dimensions).toBe(3);
  });

  it('sends the configured dimensions and knows the sizes of OpenAI models before any request', async () => {
    const embeddings = createOpenAiCompatibleEmbeddings({ baseUrl, model: 'text-embedding-3-small', dimensions: 3 });
    await embeddings.embed(['x'], 'query');
    expect(seen[0]).toEqual({ authorization: undefined, body: { model: 'text-embedding-3-small', input: ['x'], dimensions: 3 } });
    expect(createOpenAiCompatibleEmbeddings({ baseUrl, model: 'text-embedding-3-large' }).dimensions).toBe(3072);
  });

  it('retries 429 and 5xx with backoff, honouring Retry-After', async () => {
    failures = [{ status: 429, headers: { 'retry-after': '0' } }, { status: 503 }, { status: 500 }];
    const embeddings = createOpenAiCompatibleEmbeddings({ baseUrl, model: 'm', initialBackoffMs: 5 });
    await expect(embeddings.embed(['abc'], 'document')).resolves.toEqual([[3, 0, 1]]);
    expect(seen).toHaveLength(4);
  });

  it('gives up after the last attempt, and at once on other client errors, without leaking the key', async () => {
    failures = [{ status: 502 }, { status: 502 }, { status: 502 }];
    const retrying = createOpenAiCompatibleEmbeddings({ baseUrl, apiKey: 'sk-secret', model: 'm', maxAttempts: 3, initialBackoffMs: 1 });
    await expect(retrying.embed(['a'], 'document')).rejects.toThrow(/failed after 3 attempts: 502/);

    seen = [];
    failures = [{ status: 401 }];
    const error = await retrying.embed(['a'], 'document').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmbeddingsRequestError);
    expect((error as EmbeddingsRequestError).status).toBe(401);
    expect((error as Error).message).not.toContain('sk-secret');
    expect(seen).toHaveLength(1);
  });

  it('retries a server that cannot be reached, then fails', async () => {
    const embeddings = createOpenAiCompatibleEmbeddings({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm', maxAttempts: 2, initialBackoffMs: 1 });
    await expect(embeddings.embed(['a'], 'document')).rejects.toThrow(/failed after 2 attempts/);
  });

  it('prefixes texts the way asymmetric models were trained', async () => {
    const embeddings = createOpenAiCompatibleEmbeddings({ baseUrl, model: 'intfloat/e5-large-v2' });
    await embeddings.embed(['claim'], 'query');
    await embeddings.embed(['abstract'], 'document');
    expect(seen.map((request) => request.body.input[0])).toEqual(['query: claim', 'passage: abstract']);
    expect(instructionPrefixes('BAAI/bge-large-en-v1.5').query).toMatch(/^Represent this sentence/);
    expect(instructionPrefixes('text-embedding-3-small')).toEqual({ query: '', document: '' });
  });

  it('rejects an answer with the wrong number of vectors, and a wrong path at once', async () => {
    const short = createOpenAiCompatibleEmbeddings({ baseUrl: `${baseUrl}/short`, model: 'm' });
    await expect(short.embed(['a', 'b'], 'document')).rejects.toThrow(/answered 1 vectors for 2 texts/);
    const wrong = createOpenAiCompatibleEmbeddings({ baseUrl: `${baseUrl}/nowhere`, model: 'm' });
    await expect(wrong.embed(['a'], 'document')).rejects.toThrow(/failed with 404/);
    expect(seen).toHaveLength(2);
  });
});
