import { createBedrockEmbeddings } from '../../adapters/aws/bedrock-embeddings';
import { createOpenAiCompatibleEmbeddings } from '../../adapters/openai/openai-compatible-embeddings';

/**
 * The embeddings port: turns chunk and query texts into vectors for the vector index. Amazon
 * Bedrock in the cloud; any OpenAI-compatible `/embeddings` server (OpenAI, vLLM, Ollama, TEI,
 * LM Studio) when one is configured; `none` offline, where retrieval is lexical: callers check
 * `adapter !== 'none'` before calling `embed`.
 */
export type EmbeddingPurpose = 'document' | 'query';

export interface EmbeddingsPort {
  readonly adapter: 'bedrock' | 'openai-compatible' | 'none';
  /** The provider's model id; null for `none`. */
  readonly model: string | null;
  /**
   * Length of every vector `embed` returns; null for `none`, and for an OpenAI-compatible model of
   * unknown size until its first answer.
   */
  readonly dimensions: number | null;
  /**
   * One vector per text, in order. `purpose` matters to asymmetric models (Cohere's input_type,
   * e5's "query:"/"passage:"): index chunks as `document`, search with `query`.
   */
  embed(texts: string[], purpose: EmbeddingPurpose): Promise<number[][]>;
}

/** The environment variables that choose and configure the embeddings adapter. */
export const EMBEDDINGS_ENV = {
  /** `none`, `bedrock` or `openai`; unset follows GROUNDWORK_MODELS (bedrock → bedrock, offline → none). */
  adapter: 'GROUNDWORK_EMBEDDINGS',
  /** Provider model id; defaults: `amazon.titan-embed-text-v2:0` (bedrock), `text-embedding-3-small` (openai). */
  model: 'GROUNDWORK_EMBEDDINGS_MODEL',
  /** Vector length, where the model lets you choose (Titan v2: 1024, 512, 256; OpenAI text-embedding-3-*). */
  dimensions: 'GROUNDWORK_EMBEDDINGS_DIMENSIONS',
  /** OpenAI-compatible server, up to and including the version path; default https://api.openai.com/v1. */
  openAiBaseUrl: 'OPENAI_BASE_URL',
  /** Bearer key for that server; local servers usually need none. */
  openAiApiKey: 'OPENAI_API_KEY',
} as const;

/** Names read only to pick the default adapter; they belong to functions/platform/environment.ts. */
const RUNTIME_ENV = { runtime: 'GROUNDWORK_RUNTIME', modelsMode: 'GROUNDWORK_MODELS' } as const;

export const EMBEDDINGS_DEFAULT_MODELS = {
  bedrock: 'amazon.titan-embed-text-v2:0',
  openai: 'text-embedding-3-small',
} as const;

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

export class EmbeddingsUnavailableError extends Error {
  constructor() {
    super(`No embeddings model is configured (${EMBEDDINGS_ENV.adapter}=none): retrieval is lexical`);
  }
}

/** The offline adapter: it has no model, so asking it for vectors is a programming error. */
export function createNoEmbeddings(): EmbeddingsPort {
  return {
    adapter: 'none',
    model: null,
    dimensions: null,
    embed: async () => {
      throw new EmbeddingsUnavailableError();
    },
  };
}

type Environment = Record<string, string | undefined>;

function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function defaultAdapter(env: Environment): 'bedrock' | 'none' {
  const models = read(env, RUNTIME_ENV.modelsMode);
  if (models === 'bedrock') return 'bedrock';
  if (models === 'offline') return 'none';
  return read(env, RUNTIME_ENV.runtime) === 'local' ? 'none' : 'bedrock';
}

function readDimensions(env: Environment): number | undefined {
  const raw = read(env, EMBEDDINGS_ENV.dimensions);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 4096) {
    throw new Error(`${EMBEDDINGS_ENV.dimensions} must be a whole number from 1 to 4096, not "${raw}"`);
  }
  return value;
}

/** Builds the adapter the environment asks for; throws on a value it does not know. */
export function createEmbeddingsFromEnvironment(env: Environment = process.env): EmbeddingsPort {
  const choice = read(env, EMBEDDINGS_ENV.adapter) ?? defaultAdapter(env);
  const dimensions = readDimensions(env);
  switch (choice) {
    case 'none':
      return createNoEmbeddings();
    case 'bedrock':
      return createBedrockEmbeddings({ model: read(env, EMBEDDINGS_ENV.model) ?? EMBEDDINGS_DEFAULT_MODELS.bedrock, dimensions });
    case 'openai':
      return createOpenAiCompatibleEmbeddings({
        baseUrl: read(env, EMBEDDINGS_ENV.openAiBaseUrl) ?? DEFAULT_OPENAI_BASE_URL,
        apiKey: read(env, EMBEDDINGS_ENV.openAiApiKey),
        model: read(env, EMBEDDINGS_ENV.model) ?? EMBEDDINGS_DEFAULT_MODELS.openai,
        dimensions,
      });
    default:
      throw new Error(`${EMBEDDINGS_ENV.adapter} must be one of none, bedrock, openai, not "${choice}"`);
  }
}
