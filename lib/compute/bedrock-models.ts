import { Stack, Token } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { BEDROCK_MODELS } from '../../functions/adapters/aws/bedrock-chat-model';
import {
  BEDROCK_CATALOG,
  BEDROCK_CATALOG_READ_ON,
  BEDROCK_ROUTINGS,
  catalogEntry,
  invocationId,
  isBedrockRouting,
  type BedrockRouting,
  type CatalogModel,
} from '../../functions/adapters/aws/bedrock-model-catalog';
import { CHAT_MODEL_ENV, EMBEDDINGS_DEFAULT_MODELS, EMBEDDINGS_ENV } from '../../functions/platform/model-adapters';
import { LLM_MODELS } from '../../shared/rules/chat';
import { CONTEXT, contextString } from '../context';

const CATALOG_FILE = `functions/adapters/aws/bedrock-model-catalog.ts (read ${BEDROCK_CATALOG_READ_ON})`;

function catalogued(id: string, kind: CatalogModel['kind'], parameter: string): void {
  if (catalogEntry(id)?.model.kind === kind) return;
  const known = BEDROCK_CATALOG.filter((model) => model.kind === kind).map((model) => model.id);
  throw new Error(`${parameter}: "${id}" is not a current Bedrock ${kind} model listed in ${CATALOG_FILE}. Use one of ${known.join(', ')} (or a <geography>.<id> inference profile id it lists).`);
}

/** `groundwork:chatModels` arrives as an object from cdk.json and as a JSON string from `-c`. */
function configuredChatModels(scope: IConstruct): Record<string, string> {
  const raw: unknown = scope.node.tryGetContext(CONTEXT.chatModels);
  if (raw === undefined || raw === null || raw === '') return {};
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new Error(`${CONTEXT.chatModels} must be a JSON object of product model id to Bedrock model id, e.g. {"gpt-4":"anthropic.claude-opus-4-6-v1"}`, { cause: error });
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || Object.values(value).some((id) => typeof id !== 'string')) {
    throw new Error(`${CONTEXT.chatModels} must be a JSON object of product model id to Bedrock model id, e.g. {"gpt-4":"anthropic.claude-opus-4-6-v1"}`);
  }
  const map = value as Record<string, string>;
  for (const [product, id] of Object.entries(map)) {
    if (!(LLM_MODELS as readonly string[]).includes(product)) throw new Error(`${CONTEXT.chatModels}: "${product}" is not a product model id; they are ${LLM_MODELS.join(', ')}`);
    catalogued(id, 'chat', `${CONTEXT.chatModels} maps ${product}`);
  }
  return map;
}

function routingOf(scope: IConstruct): BedrockRouting {
  const value = contextString(scope, CONTEXT.bedrockRouting) ?? 'auto';
  if (!isBedrockRouting(value)) throw new Error(`${CONTEXT.bedrockRouting} must be one of ${BEDROCK_ROUTINGS.join(', ')}, not "${value}"`);
  return value;
}

/**
 * The model settings of every function: the Bedrock id of each product model (defaults of
 * bedrock-chat-model.ts under `groundwork:chatModels`), the embeddings model and the routing.
 * Every id must be in the checked-in catalogue, so a deploy never names a model new accounts
 * cannot use. With a concrete Region the template shows the inference profile ids invoked; an
 * environment-agnostic stack leaves base ids, which the function resolves from its AWS_REGION.
 */
export function bedrockModelEnvironment(scope: IConstruct): Record<string, string> {
  const stack = Stack.of(scope);
  const region = Token.isUnresolved(stack.region) ? undefined : stack.region;
  const routing = routingOf(scope);
  const configured = configuredChatModels(scope);
  const place = (id: string): string => {
    if (region === undefined && (routing === 'auto' || routing === 'in-region')) return id;
    try {
      return invocationId(id, region, routing);
    } catch (error) {
      throw new Error(`${CONTEXT.bedrockRouting} is ${routing}, but ${(error as Error).message}: choose another routing or map the model elsewhere with ${CONTEXT.chatModels}`, { cause: error });
    }
  };
  const chatModels = Object.fromEntries(LLM_MODELS.map((product) => [product, place(configured[product] ?? BEDROCK_MODELS[product]!.modelId)]));
  const embeddingsModel = contextString(scope, CONTEXT.embeddingsModel) ?? EMBEDDINGS_DEFAULT_MODELS.bedrock;
  catalogued(embeddingsModel, 'embeddings', CONTEXT.embeddingsModel);
  return {
    [CHAT_MODEL_ENV.modelMap]: JSON.stringify(chatModels),
    [CHAT_MODEL_ENV.bedrockRouting]: routing,
    [EMBEDDINGS_ENV.model]: embeddingsModel,
  };
}
