import { createBedrockChatModel } from '../adapters/aws/bedrock-chat-model';
import { createBedrockEmbeddings } from '../adapters/aws/bedrock-embeddings';
import { BEDROCK_ROUTINGS, isBedrockRouting, type BedrockRouting } from '../adapters/aws/bedrock-model-catalog';
import { createExtractiveAnswerer } from '../adapters/offline/extractive-answerer';
import { createNoEmbeddings } from '../adapters/offline/no-embeddings';
import { createOpenAiCompatibleChatModel } from '../adapters/openai/openai-compatible-chat-model';
import { createOpenAiCompatibleEmbeddings } from '../adapters/openai/openai-compatible-embeddings';
import type { ChatModelPort } from '../contracts/ports/chat-model';
import type { EmbeddingsPort } from '../contracts/ports/embeddings';

/**
 * The model adapters both composition roots choose from the environment: the chat model (§17.4
 * step 4) and the embeddings of the vector index. Bedrock in the cloud, any OpenAI-compatible
 * server by configuration, and offline the extractive answerer with lexical retrieval.
 */

/** Names read only to pick the default adapters; they belong to functions/platform/environment.ts. */
const RUNTIME_ENV = { runtime: 'GROUNDWORK_RUNTIME', modelsMode: 'GROUNDWORK_MODELS' } as const;

type Environment = Record<string, string | undefined>;

function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
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

export const EMBEDDINGS_DEFAULT_MODELS = {
  bedrock: 'amazon.titan-embed-text-v2:0',
  openai: 'text-embedding-3-small',
} as const;

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** The environment variables that choose and configure the chat model. */
export const CHAT_MODEL_ENV = {
  /**
   * `auto` (default: follow GROUNDWORK_MODELS), `extractive`, `bedrock`, or `openai` to send every
   * model id to the OpenAI-compatible server (a self-hosted vLLM, Ollama or LM Studio).
   */
  adapter: 'GROUNDWORK_CHAT_ADAPTER',
  /** JSON object from product id to provider model id, overriding the defaults of the adapter that serves it. */
  modelMap: 'GROUNDWORK_CHAT_MODEL_MAP',
  /** With GROUNDWORK_CHAT_ADAPTER=openai: the server's model for the ids that are not GPT ones. */
  openAiChatModel: 'OPENAI_CHAT_MODEL',
  openAiBaseUrl: 'OPENAI_BASE_URL',
  openAiApiKey: 'OPENAI_API_KEY',
  bedrockRegion: 'BEDROCK_REGION',
  /**
   * How a Bedrock base model id is invoked: `auto` (default: the inference profile of the Region's
   * geography, else global), `in-region`, or one geography (`global`, `us`, `eu`, `jp`, `apac`).
   * The stack sets it from `groundwork:bedrockRouting`; see functions/adapters/aws/bedrock-model-catalog.ts.
   */
  bedrockRouting: 'GROUNDWORK_BEDROCK_ROUTING',
} as const;

/** The Region Lambda runs in; Bedrock's default when BEDROCK_REGION is unset. */
const AWS_REGION = 'AWS_REGION';

function bedrockRoutingOf(env: Environment): BedrockRouting {
  const value = read(env, CHAT_MODEL_ENV.bedrockRouting) ?? 'auto';
  if (!isBedrockRouting(value)) throw new Error(`${CHAT_MODEL_ENV.bedrockRouting} must be one of ${BEDROCK_ROUTINGS.join(', ')}, not "${value}"`);
  return value;
}

function modelMapOf(env: Environment): Record<string, string> {
  const raw = read(env, CHAT_MODEL_ENV.modelMap);
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${CHAT_MODEL_ENV.modelMap} must be a JSON object of product model id to provider model id`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((value) => typeof value !== 'string' || value.trim() === '')) {
    throw new Error(`${CHAT_MODEL_ENV.modelMap} must be a JSON object of product model id to provider model id`);
  }
  return parsed as Record<string, string>;
}

function defaultChatAdapter(env: Environment): 'extractive' | 'bedrock' {
  const models = read(env, RUNTIME_ENV.modelsMode);
  if (models === 'bedrock') return 'bedrock';
  if (models === 'offline') return 'extractive';
  return read(env, RUNTIME_ENV.runtime) === 'local' ? 'extractive' : 'bedrock';
}

/**
 * Builds the adapter the environment asks for; throws on a value it does not know.
 * - offline (GROUNDWORK_MODELS=offline, the local default): the extractive answerer;
 * - bedrock: Bedrock Converse, except the GPT ids, which go to the OpenAI-compatible server when
 *   OPENAI_BASE_URL is set (and to Bedrock substitutes otherwise, see bedrock-chat-model);
 * - GROUNDWORK_CHAT_ADAPTER=openai: every id to the OpenAI-compatible server.
 */
export function createChatModelFromEnvironment(env: Environment = process.env): ChatModelPort {
  const requested = read(env, CHAT_MODEL_ENV.adapter) ?? 'auto';
  const choice = requested === 'auto' ? defaultChatAdapter(env) : requested;
  const modelMap = modelMapOf(env);
  const openAiBaseUrl = read(env, CHAT_MODEL_ENV.openAiBaseUrl);
  const openAi = (routeEveryModel: boolean) =>
    createOpenAiCompatibleChatModel({
      baseUrl: openAiBaseUrl ?? DEFAULT_OPENAI_BASE_URL,
      apiKey: read(env, CHAT_MODEL_ENV.openAiApiKey),
      modelMap,
      fallbackModel: routeEveryModel ? read(env, CHAT_MODEL_ENV.openAiChatModel) : undefined,
    });
  switch (choice) {
    case 'extractive':
      return createExtractiveAnswerer();
    case 'openai':
      return openAi(true);
    case 'bedrock': {
      const bedrock = createBedrockChatModel({
        modelMap,
        region: read(env, CHAT_MODEL_ENV.bedrockRegion) ?? read(env, AWS_REGION),
        routing: bedrockRoutingOf(env),
      });
      return openAiBaseUrl ? routeGptModels(bedrock, openAi(false)) : bedrock;
    }
    default:
      throw new Error(`${CHAT_MODEL_ENV.adapter} must be one of auto, extractive, bedrock, openai, not "${choice}"`);
  }
}

const GPT_MODEL = /^gpt-/;

/** Bedrock for every id but the GPT ones, which the OpenAI-compatible server answers. */
function routeGptModels(bedrock: ChatModelPort, openAi: ChatModelPort): ChatModelPort {
  return {
    adapter: 'bedrock',
    answer: (input) => (GPT_MODEL.test(input.model) ? openAi : bedrock).answer(input),
  };
}

function defaultEmbeddingsAdapter(env: Environment): 'bedrock' | 'none' {
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
  const choice = read(env, EMBEDDINGS_ENV.adapter) ?? defaultEmbeddingsAdapter(env);
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
