import type { EmbeddingPurpose, EmbeddingsPort } from '../../contracts/ports/embeddings';

export interface OpenAiCompatibleEmbeddingsOptions {
  /** Up to and including the version path, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Sent as `dimensions` (models that can shorten their vectors, e.g. text-embedding-3-*) and checked. */
  dimensions?: number;
  /**
   * Texts per request. OpenAI takes 2048, but self-hosted servers take far fewer (Hugging Face
   * TEI's default client batch is 32), so the default is the small one.
   */
  batchSize?: number;
  /** Attempts per request, the first included, on 429, 5xx and network failures. */
  maxAttempts?: number;
  /** First backoff; doubles on each retry, with jitter, unless the server sends Retry-After. */
  initialBackoffMs?: number;
  timeoutMs?: number;
  /** Prepended to texts by purpose; by default what the model's authors prescribe (see instructionPrefixes). */
  prefixes?: Partial<Record<EmbeddingPurpose, string>>;
  fetch?: typeof fetch;
}

/** Vector sizes of well-known models, so an index can be created before the first request. */
const KNOWN_DIMENSIONS: Record<string, number> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

/**
 * Asymmetric open models are trained with a marker on each side; without it their retrieval
 * quality drops noticeably. e5: "query: " / "passage: ". BGE English v1.5: an instruction on the
 * query only.
 */
export function instructionPrefixes(model: string): Record<EmbeddingPurpose, string> {
  const name = model.toLowerCase();
  if (/(^|[/-])e5-/.test(name)) return { query: 'query: ', document: 'passage: ' };
  if (/bge-(small|base|large)-en/.test(name)) return { query: 'Represent this sentence for searching relevant passages: ', document: '' };
  return { query: '', document: '' };
}

export class EmbeddingsRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

interface EmbeddingsResponse {
  data?: Array<{ embedding?: number[]; index?: number }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Any server that speaks OpenAI's `POST /embeddings` ({ model, input } → { data[].embedding }),
 * over plain fetch. Retries what is worth retrying (429, 5xx, network errors, timeouts) with
 * exponential backoff; any other answer fails at once with the server's message. The key is
 * never part of an error message.
 */
export function createOpenAiCompatibleEmbeddings(options: OpenAiCompatibleEmbeddingsOptions): EmbeddingsPort {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/embeddings`;
  const batchSize = options.batchSize ?? 32;
  const maxAttempts = options.maxAttempts ?? 5;
  const initialBackoffMs = options.initialBackoffMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const doFetch = options.fetch ?? fetch;
  const prefixes = { ...instructionPrefixes(options.model), ...options.prefixes };
  let dimensions: number | null = options.dimensions ?? KNOWN_DIMENSIONS[options.model] ?? null;

  const request = async (input: string[]): Promise<number[][]> => {
    const body = JSON.stringify({ model: options.model, input, ...(options.dimensions ? { dimensions: options.dimensions } : {}) });
    for (let attempt = 1; ; attempt++) {
      let retryable: { reason: string; waitMs?: number };
      try {
        const response = await doFetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.ok) return vectorsOf((await response.json()) as EmbeddingsResponse, input.length);
        const detail = (await response.text().catch(() => '')).slice(0, 500);
        if (response.status !== 429 && response.status < 500) {
          throw new EmbeddingsRequestError(`Embeddings request to ${endpoint} failed with ${response.status}: ${detail}`, response.status);
        }
        retryable = { reason: `${response.status}: ${detail}`, waitMs: retryAfterMs(response.headers.get('retry-after')) };
      } catch (error) {
        if (error instanceof EmbeddingsRequestError) throw error;
        retryable = { reason: error instanceof Error ? error.message : String(error) };
      }
      if (attempt >= maxAttempts) {
        throw new EmbeddingsRequestError(`Embeddings request to ${endpoint} failed after ${attempt} attempts: ${retryable.reason}`);
      }
      const backoff = initialBackoffMs * 2 ** (attempt - 1);
      await sleep(retryable.waitMs ?? backoff / 2 + Math.random() * (backoff / 2));
    }
  };

  const vectorsOf = (answer: EmbeddingsResponse, expected: number): number[][] => {
    const data = [...(answer.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    const vectors = data.map((item) => item.embedding);
    if (vectors.length !== expected || vectors.some((vector) => !Array.isArray(vector) || vector.length === 0)) {
      throw new EmbeddingsRequestError(`Embeddings server at ${endpoint} answered ${vectors.length} vectors for ${expected} texts`);
    }
    const size = dimensions ?? vectors[0]!.length;
    if (vectors.some((vector) => vector!.length !== size)) {
      throw new EmbeddingsRequestError(`Embeddings server at ${endpoint} answered vectors of ${vectors[0]!.length} dimensions; expected ${size}`);
    }
    dimensions = size;
    return vectors as number[][];
  };

  return {
    adapter: 'openai-compatible',
    model: options.model,
    get dimensions() {
      return dimensions;
    },
    async embed(texts, purpose) {
      const prefix = prefixes[purpose] ?? '';
      const vectors: number[][] = [];
      // Sequential on purpose: self-hosted servers are usually one GPU, and OpenAI rate-limits per key.
      for (let start = 0; start < texts.length; start += batchSize) {
        vectors.push(...(await request(texts.slice(start, start + batchSize).map((text) => prefix + text))));
      }
      return vectors;
    },
  };
}
