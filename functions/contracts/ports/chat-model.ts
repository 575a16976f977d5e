import { createExtractiveAnswerer } from '../../adapters/offline/extractive-answerer';
import type { Passage } from '../../domain/retrieval/retrieve';
import type { Ports } from '../../platform/ports';
import { createBedrockChatModel } from '../../adapters/aws/bedrock-chat-model';
import { DEFAULT_OPENAI_BASE_URL } from './embeddings';
import { createOpenAiCompatibleChatModel } from '../../adapters/openai/openai-compatible-chat-model';

/**
 * The chat model port (contract §17.4 step 4): turns a question, the last stored messages and the
 * retrieved passages into a reply that cites the passages it used. Amazon Bedrock (Converse) in the
 * cloud; any OpenAI-compatible chat completions server for the GPT ids, or for every id by
 * configuration; offline, the extractive answerer, which quotes the passages instead of writing.
 */
export interface ChatTurn {
  sender: 'user' | 'assistant';
  text: string;
}

export interface ChatModelInput {
  question: string;
  /** Oldest first, without the question itself. */
  history: ChatTurn[];
  /** Best first; `[n]` in a reply refers to `passages[n - 1]`. */
  passages: Passage[];
  /** The application's `llm_model`, a product id (§2 Application). */
  model: string;
  /** Aborted when the caller stops waiting (§17.4: 25 s). */
  signal?: AbortSignal;
}

export interface ChatModelAnswer {
  text: string;
  /** Indexes into `passages` of those the reply cites, in order of first citation; [] when none is relevant. */
  citedPassageIndexes: number[];
  /** What really answered: `model` is what the provider ran, named as §2 ChatMessage reports it. */
  generator: { kind: 'llm' | 'extractive'; model: string };
}

export interface ChatModelPort {
  readonly adapter: 'bedrock' | 'openai-compatible' | 'extractive';
  answer(input: ChatModelInput): Promise<ChatModelAnswer>;
}

/** The provider refused or failed; the reply is "Failed to generate a response" (502). */
export class ChatModelError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** §17.4: at most 1024 output tokens per reply. */
export const MAX_OUTPUT_TOKENS = 1024;

/** Low, so a reply stays close to the passages; not zero, so it still reads naturally. */
export const ANSWER_TEMPERATURE = 0.2;

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
} as const;

/** Names read only to pick the default; they belong to functions/platform/environment.ts. */
const RUNTIME_ENV = { runtime: 'GROUNDWORK_RUNTIME', modelsMode: 'GROUNDWORK_MODELS' } as const;

type Environment = Record<string, string | undefined>;

function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
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

function defaultAdapter(env: Environment): 'extractive' | 'bedrock' {
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
  const choice = requested === 'auto' ? defaultAdapter(env) : requested;
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
      const bedrock = createBedrockChatModel({ modelMap, region: read(env, CHAT_MODEL_ENV.bedrockRegion) });
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
