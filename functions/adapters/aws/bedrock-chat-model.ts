import { BedrockRuntimeClient, ConverseCommand, type Message, type SystemContentBlock } from '@aws-sdk/client-bedrock-runtime';
import { groundedAnswer, groundedPrompt, type GroundedPrompt } from '../../domain/answering/grounded-prompt';
import { ANSWER_TEMPERATURE, ChatModelError, MAX_OUTPUT_TOKENS, type ChatModelPort } from '../../contracts/ports/chat-model';

/**
 * Which Bedrock model answers each product id, and the name `generator.model` reports for it.
 *
 * | Product id | Bedrock model id | Reported as |
 * |---|---|---|
 * | claude-3-opus | anthropic.claude-3-opus-20240229-v1:0 | claude-3-opus |
 * | claude-3-sonnet | anthropic.claude-3-sonnet-20240229-v1:0 | claude-3-sonnet |
 * | mistral-7b | mistral.mistral-7b-instruct-v0:2 | mistral-7b |
 * | gpt-3.5-turbo (no OPENAI_BASE_URL) | anthropic.claude-3-haiku-20240307-v1:0 | claude-3-haiku |
 * | gpt-4 (no OPENAI_BASE_URL) | anthropic.claude-3-5-sonnet-20240620-v1:0 | claude-3.5-sonnet |
 *
 * Bedrock serves no GPT model, so without an OpenAI-compatible server the GPT ids get the nearest
 * Claude model, and the reply says so in `generator.model` rather than pretending to be GPT.
 * GROUNDWORK_CHAT_MODEL_MAP overrides any row (e.g. an inference profile such as
 * `us.anthropic.claude-3-opus-20240229-v1:0` in a region that serves Opus only through one);
 * an overridden id is reported as the Bedrock model id it names.
 */
export const BEDROCK_MODELS: Record<string, { modelId: string; reportedAs: string }> = {
  'claude-3-opus': { modelId: 'anthropic.claude-3-opus-20240229-v1:0', reportedAs: 'claude-3-opus' },
  'claude-3-sonnet': { modelId: 'anthropic.claude-3-sonnet-20240229-v1:0', reportedAs: 'claude-3-sonnet' },
  'mistral-7b': { modelId: 'mistral.mistral-7b-instruct-v0:2', reportedAs: 'mistral-7b' },
  'gpt-3.5-turbo': { modelId: 'anthropic.claude-3-haiku-20240307-v1:0', reportedAs: 'claude-3-haiku' },
  'gpt-4': { modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0', reportedAs: 'claude-3.5-sonnet' },
};

export interface BedrockChatModelOptions {
  /** Product id → Bedrock model id, over BEDROCK_MODELS. */
  modelMap?: Record<string, string>;
  region?: string;
  client?: BedrockRuntimeClient;
}

export function resolveBedrockModel(productId: string, modelMap: Record<string, string> = {}): { modelId: string; reportedAs: string } {
  const override = modelMap[productId];
  if (override) return { modelId: override, reportedAs: override };
  const known = BEDROCK_MODELS[productId];
  if (!known) throw new ChatModelError(`No Bedrock model is configured for ${productId}`);
  return known;
}

/** Mistral's instruct models take no system prompt on Converse; it goes ahead of the first question instead. */
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
      const { modelId, reportedAs } = resolveBedrockModel(input.model, options.modelMap);
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
