import { createHash } from 'node:crypto';
import { createServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { readJson, replyJson } from './json-exchange';

export interface FakeBedrockCall {
  operation: 'converse' | 'invoke';
  modelId: string;
  body: Record<string, unknown>;
}

export interface FakeBedrock {
  /** For AWS_ENDPOINT_URL_BEDROCK_RUNTIME. */
  endpoint: string;
  calls: FakeBedrockCall[];
  stop(): Promise<void>;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];

/**
 * A bag-of-words vector: each word adds to the dimension its hash picks, then the vector is made unit
 * length as Titan's `normalize: true` does. Texts sharing words point the same way, so vector search
 * finds the passage a question is about without a model.
 */
export function wordVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of words(text)) vector[createHash('sha256').update(word).digest().readUInt32BE(0) % dimensions]! += 1;
  const length = Math.hypot(...vector) || 1;
  return vector.map((value) => value / length);
}

/** `[n] name\ntext` blocks of the grounded prompt (functions/domain/answering/grounded-prompt.ts). */
function passagesOf(prompt: string): Array<{ number: number; text: string }> {
  return [...prompt.matchAll(/^\[(\d+)\] [^\n]*\n([\s\S]*?)(?=\n\n\[\d+\] |\n\nQuestion: |(?![\s\S]))/gm)].map((match) => ({ number: Number(match[1]), text: match[2] ?? '' }));
}

/**
 * A grounded reply: the sentence of the passages sharing most words with the question, cited by its
 * passage's number as the system prompt asks ("[1]"). With no passage it says nothing was found.
 */
function groundedReply(prompt: string): string {
  const question = new Set(words(prompt.slice(prompt.lastIndexOf('Question: '))));
  const ranked = passagesOf(prompt)
    .flatMap((passage) => (passage.text.match(/[^.!?]+[.!?]?/g) ?? []).map((sentence) => ({ number: passage.number, sentence: sentence.trim() })))
    .map((candidate) => ({ ...candidate, shared: words(candidate.sentence).filter((word) => question.has(word)).length }))
    .sort((a, b) => b.shared - a.shared || a.number - b.number);
  const best = ranked[0];
  if (!best) return "I couldn't find relevant information in the knowledge base.";
  return `${best.sentence} [${best.number}]`;
}

/**
 * Bedrock Runtime in its REST shape for the two operations the adapters call: Converse
 * (`POST /model/<id>/converse`, bedrock-chat-model.ts) and InvokeModel with Titan Text Embeddings v2
 * bodies (`POST /model/<id>/invoke`, bedrock-embeddings.ts). HTTP/2 without TLS: the Bedrock Runtime
 * client speaks only HTTP/2 (its default handler, for the streaming operations), and with an http
 * endpoint it opens h2c with prior knowledge.
 */
export async function startFakeBedrock(): Promise<FakeBedrock> {
  const calls: FakeBedrockCall[] = [];
  const handle = async (request: Http2ServerRequest, response: Http2ServerResponse) => {
    const match = /^\/model\/([^/]+)\/(converse|invoke)$/.exec(new URL(request.url ?? '/', 'http://fake').pathname);
    const body = await readJson(request);
    if (!match) return replyJson(response, 404, { __type: 'ResourceNotFoundException', message: `No route ${request.url}` });
    const modelId = decodeURIComponent(match[1] ?? '');
    const operation = match[2] as 'converse' | 'invoke';
    calls.push({ operation, modelId, body });
    if (operation === 'invoke') {
      if (!modelId.includes('amazon.titan-embed-text-v2')) return replyJson(response, 400, { __type: 'ValidationException', message: `The fake serves Titan v2 embeddings, not ${modelId}` });
      const text = String(body.inputText ?? '');
      return replyJson(response, 200, { embedding: wordVector(text, Number(body.dimensions ?? 1024)), inputTextTokenCount: words(text).length });
    }
    const messages = (body.messages ?? []) as Array<{ role: string; content: Array<{ text?: string }> }>;
    const lastUser = [...messages].reverse().find((message) => message.role === 'user');
    const text = groundedReply((lastUser?.content ?? []).map((block) => block.text ?? '').join(''));
    return replyJson(response, 200, {
      output: { message: { role: 'assistant', content: [{ text }] } },
      stopReason: 'end_turn',
      usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120 },
      metrics: { latencyMs: 5 },
    });
  };
  const server = createServer((request, response) => void handle(request, response));
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The SDK keeps its HTTP/2 session open, and close() waits for every session to end.
        for (const session of sessions) session.destroy();
      }),
  };
}
