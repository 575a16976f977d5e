import { BedrockRuntimeClient, ConverseCommand, type Message, type SystemContentBlock } from '@aws-sdk/client-bedrock-runtime';
import { groundedAnswer, groundedPrompt, type GroundedPrompt } from '../../domain/answering/grounded-prompt';
import { ANSWER_TEMPERATURE, ChatModelError, MAX_OUTPUT_TOKENS, type ChatModelPort } from '../../contracts/ports/chat-model';
import { catalogEntry, invocationId, type BedrockRouting } from './bedrock-model-catalog';

/**
 * Which Bedrock model answers each product id (contract §16.4), and the name `generator.model`
 * reports for it. The product's ids name models Bedrock no longer offers new accounts (Claude 3,
 * Mistral 7B are Legacy or gone), so each gets the current model of its tier:
 *
 * | Product id | Bedrock model id | Reported as |
 * |---|---|---|
 * | claude-3-opus | anthropic.claude-opus-4-6-v1 | claude-opus-4.6 |
 * | claude-3-sonnet | anthropic.claude-sonnet-4-6 | claude-sonnet-4.6 |
 * | mistral-7b | mistral.ministral-3-8b-instruct | ministral-3-8b |
 * | gpt-3.5-turbo (no OPENAI_BASE_URL) | anthropic.claude-haiku-4-5-20251001-v1:0 | claude-haiku-4.5 |
 * | gpt-4 (no OPENAI_BASE_URL) | anthropic.claude-sonnet-4-6 | claude-sonnet-4.6 |
 *
 * Bedrock serves no GPT model, so without an OpenAI-compatible server the GPT ids get the nearest
 * Claude model, and the reply says so in `generator.model` rather than pretending to be GPT.
 * Every id is in bedrock-model-catalog.ts; a catalogued base id is invoked through the inference
 * profile of the Region's geography (invocationId), which the Claude 4 models require.
 * GROUNDWORK_CHAT_MODEL_MAP overrides any row; an id outside this table is reported as the id it names.
 */
export const BEDROCK_MODELS: Record<string, { modelId: string; reportedAs: string }> = {
  'claude-3-opus': { modelId: 'anthropic.claude-opus-4-6-v1', reportedAs: 'claude-opus-4.6' },
  'claude-3-sonnet': { modelId: 'anthropic.claude-sonnet-4-6', reportedAs: 'claude-sonnet-4.6' },
  'mistral-7b': { modelId: 'mistral.ministral-3-8b-instruct', reportedAs: 'ministral-3-8b' },
  'gpt-3.5-turbo': { modelId: 'anthropic.claude-haiku-4-5-20251001-v1:0', reportedAs: 'claude-haiku-4.5' },
  'gpt-4': { modelId: 'anthropic.claude-sonnet-4-6', reportedAs: 'claude-sonnet-4.6' },
};

export interface BedrockChatModelOptions {
  /** Product id → Bedrock model id or inference profile id, over BEDROCK_MODELS. */
  modelMap?: Record<string, string>;
  /** The Region the client calls; it also chooses the inference profile's geography. */
  region?: string;
  /** How a base model id is invoked (bedrock-model-catalog.ts); default `auto`. */
  routing?: BedrockRouting;
  client?: BedrockRuntimeClient;
}

/** A mapped id that is one of the defaults (the stack maps every product id) keeps its short name. */
function reportedNameOf(modelId: string): string {
  const base = catalogEntry(modelId)?.model.id;
  return Object.values(BEDROCK_MODELS).find((row) => row.modelId === base)?.reportedAs ?? modelId;
}

export function resolveBedrockModel(
  productId: string,
  modelMap: Record<string, string> = {},
  placement: { region?: string; routing?: BedrockRouting } = {},
): { modelId: string; reportedAs: string } {
  const override = modelMap[productId];
  const chosen = override ? { modelId: override, reportedAs: reportedNameOf(override) } : BEDROCK_MODELS[productId];
  if (!chosen) throw new ChatModelError(`No Bedrock model is configured for ${productId}`);
  return { ...chosen, modelId: invocationId(chosen.modelId, placement.region, placement.routing) };
}

/** Mistral 7B and Mixtral (Legacy; reachable only through the map) take no system prompt on Converse; it goes ahead of the first question instead. */
function acceptsSystemPrompt(modelId: string): boolean {
  return !/mistral\.mistral-7b|mistral\.mixtral/.test(modelId);
}

export function converseRequest(prompt: GroundedPrompt, modelId: string): { system?: SystemContentBlock[]; messages: Message[] } {
  const messages: Message[] = prompt.messages.map((message) => ({ role: message.role, content: [{ text: message.content }] }));
  if (acceptsSystemPrompt(modelId)) return { system: [{ text: prompt.system }], messages };
  const first = prompt.messages[0];
  if (!first) return { messages };
  return { messages: [{ role: first.role, content: [{ text: `${prompt.system}\n\n${first.content}` }] }, ...messages.slice(1)] };
}

/**
 * Amazon Bedrock through the Converse API, one request per reply. The SDK's default retries cover
 * throttling; the caller's signal bounds the whole of it (§17.4: 25 s).
 */
export function createBedrockChatModel(options: BedrockChatModelOptions = {}): ChatModelPort {
  const client = options.client ?? new BedrockRuntimeClient(options.region ? { region: options.region } : {});
  return {
    adapter: 'bedrock',
    async answer(input) {
      const { modelId, reportedAs } = resolveBedrockModel(input.model, options.modelMap, options);
      const prompt = groundedPrompt(input);
      let text: string;
      try {
        const response = await client.send(
          new ConverseCommand({ modelId, ...converseRequest(prompt, modelId), inferenceConfig: { maxTokens: MAX_OUTPUT_TOKENS, temperature: ANSWER_TEMPERATURE } }),
          { abortSignal: input.signal },
        );
        text = (response.output?.message?.content ?? []).map((block) => block.text ?? '').join('');
      } catch (error) {
        if (input.signal?.aborted) throw error;
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        throw new ChatModelError(`Bedrock ${modelId} failed: ${(error as Error).name}: ${(error as Error).message}`, status);
      }
      return { ...groundedAnswer(text, input.passages.length), generator: { kind: 'llm', model: reportedAs } };
    },
  };
}
